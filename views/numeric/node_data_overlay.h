#pragma once
// The node data overlay (issue 36 item 4, docs/node-data.md): other tools' per-node numbers —
// Model Explorer's node data, Polygraphy's saved outputs, ONNX Runtime's tensor dumps — read by
// engine/numeric/node_data.h and turned into each node's colour, a legend and a line of text for
// the properties panel. One set is coloured by its own thresholds or gradient; two by their
// difference, with the numeric overlay's colours and the one comparison rule. Used by the window
// (View ▸ Node Data) and by `passscope-cli render --node-data`.
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "graph/overlay.h"
#include "ir/graph_path.h"
#include "numeric/node_data.h"

namespace passscope::views {

// What the overlay shows of one graph (the main graph at the step shown, or a body).
struct NodeDataShown {
    std::shared_ptr<const NodeColors> colors;
    std::vector<LegendEntry> legend;
    QString note;                               // after the legend's title: the files, how many nodes
    std::unordered_map<NodeId, QString> texts;  // each coloured node's number, for the properties panel
};

class NodeDataOverlay {
    Q_DECLARE_TR_FUNCTIONS(NodeDataOverlay)

  public:
    // Reads `sources` (files or folders; numeric/node_data.h), replacing what was loaded. A
    // selection of more than two tensor files is one set, as their folder would be. Throws
    // ModelError with what is wrong; what was loaded before stays then.
    void load(const QStringList& sources);
    void clear();
    bool isEmpty() const { return sets_.empty(); }
    const QStringList& sources() const { return sources_; }
    // Notes of the files (left-out entries, merged graphs) and of the last graph shown
    // (keys naming no node).
    QStringList notes() const;

    // The colours of `root` (or of its body at `body`) for the data loaded.
    NodeDataShown shownFor(const Graph& root, const GraphPath& body = {}) const;

  private:
    std::vector<numeric::NodeDataSet> sets_;
    QStringList sources_;
    mutable QStringList lastNotes_;
};

}  // namespace passscope::views

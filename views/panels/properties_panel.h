#pragma once
// The properties of the selected node: identity, attributes, and the description of every input
// and output tensor (dtype, origin format + shape, storage format + shape, value range when known).
// Read-only rich text.
#include <optional>

#include <QWidget>

#include "document/node_notes.h"
#include "ir/graph.h"

class QTextBrowser;

namespace passscope::views {

class PropertiesPanel : public QWidget {
    Q_OBJECT
  public:
    explicit PropertiesPanel(QWidget* parent = nullptr);

    void showNode(const Graph& graph, const Node& node, const NodeNotes& notes = {});
    void clear();
    // The values an edge carries: each output of `producer` read by `consumer` (name, dtype,
    // origin and storage format and shape, all its consumers).
    void showEdge(const Graph& graph, const Node& producer, const Node& consumer);
    // What the panel shows, as plain text.
    QString text() const;

  private:
    // Rows for one tensor: a title row, then `linkKey: linkValue` (producer or consumers), dtype,
    // origin and storage, and the value range when known. linkValue is HTML.
    QString tensorRows(const QString& title, const QString& name, const TensorDesc& desc,
                       const QString& linkKey, const QString& linkValue) const;
    QString sectionHeader(const QString& title) const;
    QString pipelineSection(const Node& node, const NodeNotes& notes) const;
    QString valueSection(const Node& node) const;
    // Each output's min / max / mean in the original and at this step, and how far apart.
    QString numericSection(const NumericNote& note) const;
    // Var key, kind, memory type, logic address, reuse, trans road and fusion decision.
    QString variableSection(const VariableNote& note) const;
    // A TransData: the formats it converts between and the tensor on both sides (origin and storage).
    QString transDataSection(const Graph& graph, const Node& node) const;

    QTextBrowser* browser_;
};

}  // namespace passscope::views

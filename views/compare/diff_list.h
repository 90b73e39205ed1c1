#pragma once
// The differences between two graphs as a list: sections Removed, Added and Changed, one entry per
// node ("name  (op)"), the changed fields under each changed node ("attr:alpha: 0.1 → 0.2"); a
// changed constant also lists its readers and the largest difference of its values. Then, folded,
// what does not compute differently (docs/graph-diff.md §8): constants held differently and nodes
// whose descriptions were only refined.
// Weights (constants the graph view draws inside the boxes that read them) come last in each
// section, in a folded "Constants" group: a model and its folded form differ in hundreds of them,
// and they would bury the nodes that have boxes. Unnamed nodes are listed by their first output.
// Choosing an entry (or one of its fields) asks for the node on both sides: entrySelected().
#include <unordered_map>

#include <QTreeWidget>

#include "comparison.h"

namespace passscope::views {

class DiffList : public QTreeWidget {
    Q_OBJECT
  public:
    // Per entry: the node's id in a (kNoNode for added) and in b (kNoNode for removed).
    static constexpr int kIdInARole = Qt::UserRole;
    static constexpr int kIdInBRole = Qt::UserRole + 1;

    explicit DiffList(QWidget* parent = nullptr);

    // The diff of `comparison`; its models name unnamed nodes and tell weights apart.
    void setComparison(const Comparison& comparison);
    void clearDiff();
    // The entry of a node (by its id on the side given); null when it is not in the diff.
    QTreeWidgetItem* entryOfA(NodeId a) const;
    QTreeWidgetItem* entryOfB(NodeId b) const;
    // Makes the entry of this node current without emitting entrySelected() (the graphs already
    // show it); clears the current entry when the node is not in the diff.
    void showEntryOf(NodeId a, NodeId b);
    static NodeId idInA(const QTreeWidgetItem* item);
    static NodeId idInB(const QTreeWidgetItem* item);

  signals:
    void entrySelected(passscope::NodeId a, passscope::NodeId b);

  private:
    void onCurrentItemChanged(QTreeWidgetItem* current);
    void addFields(QTreeWidgetItem* item, const diff::ChangedNode& c);

    std::unordered_map<NodeId, QTreeWidgetItem*> byA_, byB_;
    bool quiet_ = false;
};

}  // namespace passscope::views

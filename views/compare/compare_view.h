#pragma once
// Two graphs side by side with their differences marked (docs/graph-diff.md): model a on the
// left, removed nodes red and changed ones amber; model b on the right, added nodes green and
// changed ones amber; the list of differences beside them. Choosing an entry of the list selects
// and centres its node on both sides; selecting a node that has a counterpart on one side selects
// the counterpart on the other. Each side is a GraphPanel of its own (own layout, own scopes):
// node ids of two models have nothing in common, so one union diagram as in the step view would
// not do. The view is given the Comparison (diff and matching computed elsewhere).
#include <memory>

#include <QWidget>

#include "comparison.h"

class QLabel;
class QSplitter;

namespace passscope::views {

class DiffList;
class GraphPanel;

class CompareView : public QWidget {
    Q_OBJECT
  public:
    explicit CompareView(QWidget* parent = nullptr);
    ~CompareView() override;

    // Shows a comparison; viewReady() follows once both sides are laid out.
    void setComparison(std::shared_ptr<const Comparison> comparison);
    void clear();
    const Comparison* comparison() const { return comparison_.get(); }
    // The line above the list: counts as `passscope-cli diff` prints them.
    static QString summaryText(const diff::GraphDiff& diff);

    // Selects and centres a node on its side and its counterpart (if any) on the other.
    void showNodeA(NodeId a);
    void showNodeB(NodeId b);
    // showNodeA/B for the node named `name` in a (else in b); false when neither has one.
    bool showNodeNamed(const QString& name);

    GraphPanel* leftPanel() const { return left_; }
    GraphPanel* rightPanel() const { return right_; }
    DiffList* diffList() const { return list_; }
    // The node selected on a side (kNoNode when none, or a group is selected).
    NodeId selectedNode(CompareSide side) const;
    bool isLayingOut() const;

  signals:
    void viewReady();  // both sides of the comparison set last are laid out and shown

  private:
    void onEntrySelected(NodeId a, NodeId b);
    void onNodeSelected(CompareSide side, NodeId id);
    void onLayoutFinished(CompareSide side);
    void applyLegend(CompareSide side);
    // Selects and centres `id` on a side: its own box, else (a weight, drawn inside its readers)
    // the first node that reads it. Nothing when the side does not have it.
    void reveal(CompareSide side, NodeId id);
    // A node only one side has: the other side is centred, without a selection, on where it would
    // be: the counterpart of its nearest matched neighbour.
    void showWhereItWouldBe(CompareSide side, NodeId id);
    GraphPanel* panel(CompareSide side) const { return side == CompareSide::Left ? left_ : right_; }

    std::shared_ptr<const Comparison> comparison_;
    Counterparts counterparts_;
    bool syncing_ = false;
    bool awaitingReady_ = false;  // viewReady() not yet emitted for the comparison shown

    GraphPanel* left_;
    GraphPanel* right_;
    QLabel* leftTitle_;
    QLabel* rightTitle_;
    QLabel* summary_;
    DiffList* list_;
    QSplitter* splitter_;
};

}  // namespace passscope::views

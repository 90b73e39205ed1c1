#pragma once
// The scene of the graph view: one item per visible box (node or collapsed scope group), one per
// expanded group's frame and one per edge, placed where the layout put them. Showing a step only
// changes the items' looks (shown, ghosted, marked, coloured), never their positions: positions
// come from the layout of the union of all steps (DiagramModel), so nodes stay put while stepping.
#include <memory>
#include <unordered_set>
#include <vector>

#include <QGraphicsScene>

#include "diagram/diagram_model.h"
#include "diagram/visible_plan.h"
#include "layout/layout_types.h"
#include "node_item.h"
#include "overlay.h"
#include "step_marks.h"

namespace passscope::views {

class EdgeItem;
class GroupItem;

class GraphScene : public QGraphicsScene {
    Q_OBJECT
  public:
    explicit GraphScene(QObject* parent = nullptr);
    ~GraphScene() override;

    // Replaces all items. `plan` and `layout` must belong together (same request).
    void setDiagram(std::shared_ptr<const DiagramModel> diagram, VisiblePlan plan,
                    std::shared_ptr<const LayoutResult> layout);
    const DiagramModel* diagram() const { return diagram_.get(); }
    const VisiblePlan& plan() const { return plan_; }
    // The layout the items were placed by (null before the first one).
    const LayoutResult* layout() const { return layout_.get(); }
    // The box standing for plan item `index` (a node or a collapsed group), null when out of range.
    QGraphicsItem* planItem(size_t index) const {
        return index < itemByPlanIndex_.size() ? itemByPlanIndex_[index] : nullptr;
    }

    // Shows `graph` (the graph at some position) with `marks` of the step to show, as `side`.
    void showGraph(const Graph& graph, const StepMarks& marks, DisplaySide side);
    void setOverlay(OverlayMode mode);
    OverlayMode overlay() const { return overlay_; }
    void setSearchHits(std::unordered_set<NodeId> hits);
    // What the numeric overlay colours (null: nothing known for the graph shown).
    void setNumericLevels(std::shared_ptr<const NumericLevels> levels);
    // What the node data overlay fills each node with (null: nothing loaded for the graph shown).
    void setNodeColors(std::shared_ptr<const NodeColors> colors);
    // Formats of the nodes shown (for the legend of the format overlays).
    const std::vector<Format>& formatsShown() const { return formatsShown_; }

    // The box drawing a node itself (null when it is a weight or inside a collapsed group).
    NodeItem* nodeItem(NodeId id) const;
    // The box that stands for a node: its own, or its collapsed group's.
    QGraphicsItem* itemStandingFor(NodeId id) const;
    GroupItem* groupItem(int group) const;
    const std::vector<NodeItem*>& nodeItems() const { return nodeItemByIndex_; }
    const std::vector<EdgeItem*>& edgeItems() const { return edges_; }
    // Selects (and returns) the box standing for a node; null when it has none.
    QGraphicsItem* selectNode(NodeId id);
    // Where a first view starts: the boxes of the graph inputs (Data nodes) shown at this step,
    // or the topmost box when there are none; null for an empty scene.
    QRectF startAnchor() const;
    // Where a first view of a step's changes starts: of the boxes shown with a mark of the step
    // (a node marked added, removed or changed, or a collapsed group holding such nodes), the one
    // that, at the top of a view of `window` (scene units; GraphView::showAnchor's placement),
    // brings the most marked boxes into it; the topmost on a tie. Null when nothing is marked.
    QRectF changesAnchor(const QSizeF& window) const;
    // The frame of an expanded group or the box of a collapsed one; null when it is not drawn.
    QRectF groupRect(int group) const;

    // A node the shown step marks (added, removed or edited) and the box standing for it: its
    // own, or its collapsed group's. `drawn`: this scene shows the mark (a node removed by the
    // step is hidden on the "after" side of a comparison, an added one on the "before" side).
    struct MarkedBox {
        NodeId id = kNoNode;
        NodeLook::Mark mark = NodeLook::Mark::None;
        QGraphicsItem* item = nullptr;
        bool drawn = false;
    };
    // The marked nodes that have a box (weights have none), in topological order of the diagram
    // (the union of all steps, so a removed node keeps its place among the others).
    std::vector<MarkedBox> markedBoxes() const;

  signals:
    void nodeSelected(passscope::NodeId id);
    void groupSelected(int group);
    // An edge between two node boxes; (kNoNode, kNoNode) ends when either end is a group box.
    void edgeSelected(passscope::NodeId producer, passscope::NodeId consumer);
    void selectionCleared();
    // A shared value's stub was clicked (layout/shared_values.h): its producer, the node or (when
    // it lies in a collapsed group) the group.
    void sharedValueFollowed(passscope::NodeId producer, int group);
    void groupToggleRequested(int group);  // double-click on a group box or an expanded group's frame
    void nodeContextMenuRequested(passscope::NodeId id, const QPoint& screenPos);

  protected:
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent* event) override;

  private:
    void onSelectionChanged();
    void refresh();
    void applyNodeLooks();
    void applyGroupLooks();
    void applyEdges();
    void applyClusters();
    NumericLevel numericLevelOf(NodeId id) const;  // Same when unknown
    QString stubText(int fromItem) const;

    std::shared_ptr<const DiagramModel> diagram_;
    VisiblePlan plan_;
    std::shared_ptr<const LayoutResult> layout_;
    std::vector<QGraphicsItem*> itemByPlanIndex_;
    std::vector<NodeItem*> nodeItemByIndex_;  // per diagram node
    std::vector<GroupItem*> groupItemByGroup_;
    std::vector<EdgeItem*> edges_;          // per plan edge
    std::vector<QGraphicsItem*> clusters_;  // per plan cluster
    std::vector<int> topoRank_;             // per diagram node: place in a topological order

    const Graph* graph_ = nullptr;
    StepMarks marks_;
    DisplaySide side_ = DisplaySide::Overlay;
    OverlayMode overlay_ = OverlayMode::Changes;
    std::unordered_set<NodeId> searchHits_;
    std::shared_ptr<const NumericLevels> numeric_;
    std::shared_ptr<const NodeColors> nodeColors_;
    std::vector<Format> formatsShown_;
};

}  // namespace passscope::views

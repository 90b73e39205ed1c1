#pragma once
// The centre of the main window: the graph view (or two synchronized views side by side, before
// and after the selected step), its scope-group expansion, the background layout, the overlay
// and its legend, and navigation into If/Loop/Scan bodies with a breadcrumb back.
//
// Who owns what: the main window owns the graphs shown (journal cursors) and tells the panel
// which to show; the panel owns scenes, views and the layout worker. The panel knows nothing
// about passes, only diagrams and step marks (docs/architecture.md §6.1).
#include <memory>
#include <optional>
#include <unordered_set>
#include <vector>

#include <QPointF>
#include <QStringList>
#include <QWidget>

#include "diagram/diagram_model.h"
#include "diagram/visible_plan.h"
#include "overlay.h"
#include "step_marks.h"
#include "view_census.h"

class QLabel;
class QSplitter;
class QToolButton;

namespace passscope::views {

class GraphScene;
class GraphView;
class LayoutCache;
class LayoutWorker;
struct LayoutResult;

class GraphPanel : public QWidget {
    Q_OBJECT
  public:
    // Boxes shown at most when a diagram opens (larger scopes start collapsed). A scopeless graph
    // has nothing to collapse and is drawn whole up to ScopeTree::kMaxLevelItems boxes.
    static constexpr int kDefaultBoxBudget = 400;

    explicit GraphPanel(QWidget* parent = nullptr);
    ~GraphPanel() override;

    // A new diagram; `expanded`: the scopes to open (an empty list opens none), or none given =
    // defaultExpansion() within kDefaultBoxBudget boxes. Lays out in the background;
    // layoutFinished() follows. Leaves any subgraph body being shown.
    // `keepView`: keep zoom and centre (a new run of the same model) instead of showing the start.
    // `addDefault`: open what a fresh diagram would open as well as `expanded` (the scopes open in
    // the preview of a model stay open when its pipeline's diagram, with more scopes, replaces it).
    void setDiagram(std::shared_ptr<const DiagramModel> diagram,
                    const std::optional<QStringList>& expanded = std::nullopt, bool keepView = false,
                    bool addDefault = false);
    void clear();
    const DiagramModel* diagram() const { return diagram_.get(); }

    // The graphs to show: `after` at the selected position, `before` at the previous one (for
    // the side-by-side view; may be null), and the marks of the step between them.
    void showStep(const Graph* before, const Graph* after, StepMarks marks);

    void setOverlay(OverlayMode mode);
    OverlayMode overlay() const { return overlay_; }
    // What the numeric overlay shows (null: nothing known yet) and a note after the legend's title
    // ("computing…", how many values differ, why none can be compared). `graph`: the graph the
    // levels are of (their ids are its own); null = the main graph. Levels are drawn only while
    // that graph is shown.
    void setNumericLevels(std::shared_ptr<const NumericLevels> levels, const QString& note,
                          const Graph* graph = nullptr);
    // What the node data overlay shows (other tools' numbers): each node's fill, the legend's
    // entries and a note after its title; `graph` as for setNumericLevels.
    void setNodeData(std::shared_ptr<const NodeColors> colors, std::vector<LegendEntry> legend,
                     const QString& note, const Graph* graph = nullptr);
    void setSideBySide(bool on);
    bool sideBySide() const { return sideBySide_; }

    void toggleGroup(int group);
    void setExpandedPaths(const QStringList& paths);
    QStringList expandedPaths() const;
    // Opens the groups around a node so that it gets its own box, then centres on it when laid out.
    void revealNode(NodeId id);
    // Brings the nodes the shown step marks into view (GraphView::bringIntoView, first in
    // topological order), now or, while a layout is under way, once it is shown. Nothing moves
    // when the step marks nothing.
    void followChanges();
    // Where the (after) view is: its zoom and centre, and the box nearest the centre with the
    // centre's offset from it (a new layout may move the point, the view follows the box).
    struct ViewPlace {
        double zoom = 1;
        QPointF center;
        NodeId anchor = kNoNode;
        QPointF offset;
    };
    ViewPlace viewPlace() const;
    // After the layout under way, shows the scene at `place` instead of its start (a body opened
    // again at another step: the user stays where they were, around the same box).
    void restoreViewAfterLayout(const ViewPlace& place);
    // The nodes the shown step marks that have a box, in topological order (what the "next
    // change" keys walk).
    std::vector<NodeId> changedNodes() const;
    void setSearchHits(const std::unordered_set<NodeId>& hits);
    // Goes to where a shared value is made (a stub's tag was clicked): the producer node,
    // opening the groups around it, or its collapsed group's box.
    void followSharedValue(NodeId producer, int group);

    // Shows an If/Loop/Scan body until leaveSubgraph(), with `marks`: what the selected step
    // changed inside that body (its nested pass runs). `before`: the same body in the graph before
    // the step (null = it did not change, or the body has no history): the before side shows it,
    // and the nodes the step removed from it are drawn as ghosts, as on the main graph. A body
    // too big to read whole first shows where the step marked most boxes (else its inputs).
    void enterSubgraph(const Graph& body, const QString& title, const StepMarks& marks = {},
                       const Graph* before = nullptr);
    void leaveSubgraph();
    bool inSubgraph() const { return !bodyTitles_.isEmpty(); }
    // The graph drawn on the "after" side: the main graph at the selected step, or the body.
    const Graph* shownGraph() const { return after_; }
    // The graph drawn on the "before" side (null: the same as shownGraph()).
    const Graph* shownGraphBefore() const { return before_; }
    // The marks shown: the selected step's, on the main graph or inside the body shown.
    const StepMarks& shownMarks() const { return marks_; }

    bool isLayingOut() const { return layingOut_; }
    // Graphviz seconds of the layout shown (0 before the first one).
    double lastLayoutSeconds() const { return lastLayoutSeconds_; }
    // What the (after) view shows now: boxes, boxes in view, legible ones, zoom.
    ViewCensus census() const;
    GraphScene* scene() const { return afterScene_; }
    GraphScene* beforeScene() const { return beforeScene_; }
    GraphView* view() const { return afterView_; }
    GraphView* beforeView() const { return beforeView_; }

    // The view as a picture: .svg or .png by extension (the "after" scene when side by side).
    bool exportImage(const QString& path, QString* error) const;

  signals:
    void layoutStarted(int boxes);
    void layoutFinished(double seconds);
    void layoutFailed(const QString& message);
    void nodeSelected(passscope::NodeId id);
    void groupSelected(int group);
    void edgeSelected(passscope::NodeId producer, passscope::NodeId consumer);
    void nodeContextMenuRequested(passscope::NodeId id, const QPoint& screenPos);
    void subgraphChanged(const QStringList& breadcrumb);

  private:
    void startLayout();
    void onLayoutFinished(int ticket, std::shared_ptr<const LayoutResult> result);
    void applyStep();
    void updateLegend();
    std::shared_ptr<const NumericLevels> numericShown() const;  // numeric_ when its graph is shown
    std::shared_ptr<const NodeColors> nodeColorsShown() const;  // nodeColors_ when their graph is shown
    void syncViews(GraphView* from, GraphView* to);
    void updateBreadcrumb();
    void updateViewMarks();  // the minimap's and scroll bar's marks of the step shown
    void showChanges();

    std::shared_ptr<const DiagramModel> diagram_;
    std::shared_ptr<const DiagramModel> mainDiagram_;  // kept while a body is shown
    std::vector<bool> expanded_;
    std::vector<bool> mainExpanded_;
    VisiblePlan pendingPlan_;
    int pendingTicket_ = -1;
    bool layingOut_ = false;
    double lastLayoutSeconds_ = 0;
    bool fitAfterLayout_ = true;
    bool followAfterLayout_ = false;  // followChanges() waits for the layout under way
    bool restoreAfterLayout_ = false;
    ViewPlace restorePlace_;
    NodeId centerAfterLayout_ = kNoNode;
    int centerGroupAfterLayout_ = -1;  // a group just opened or closed: shown after the layout

    const Graph* before_ = nullptr;
    const Graph* after_ = nullptr;
    StepMarks marks_;
    const Graph* mainBefore_ = nullptr;
    const Graph* mainAfter_ = nullptr;
    StepMarks mainMarks_;
    OverlayMode overlay_ = OverlayMode::Changes;
    std::shared_ptr<const NumericLevels> numeric_;
    const Graph* numericGraph_ = nullptr;  // what numeric_ is of (null: the main graph)
    QString numericNote_;
    std::shared_ptr<const NodeColors> nodeColors_;
    const Graph* nodeDataGraph_ = nullptr;  // what nodeColors_ are of (null: the main graph)
    std::vector<LegendEntry> nodeDataLegend_;
    QString nodeDataNote_;
    bool sideBySide_ = false;
    bool syncing_ = false;
    std::unordered_set<NodeId> searchHits_;
    QStringList bodyTitles_;

    LayoutWorker* worker_;
    std::unique_ptr<LayoutCache> cache_;
    GraphScene* beforeScene_;
    GraphScene* afterScene_;
    GraphView* beforeView_;
    GraphView* afterView_;
    QSplitter* splitter_;
    QWidget* breadcrumbBar_;
    QLabel* breadcrumb_;
    QToolButton* backButton_;
    QLabel* beforeTitle_;
    QLabel* afterTitle_;
};

}  // namespace passscope::views

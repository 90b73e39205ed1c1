#include "graph_panel.h"

#include <limits>

#include <QHBoxLayout>
#include <QLabel>
#include <QLineF>
#include <QScrollBar>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include "diagram_render.h"
#include "graph_scene.h"
#include "graph_view.h"
#include "group_item.h"
#include "item_style.h"
#include "layout/layout_cache.h"
#include "layout/layout_worker.h"
#include "legend_widget.h"
#include "minimap.h"
#include "node_item.h"

namespace passscope::views {

namespace {
// Layout cache keys must not collide between diagrams, even when one is freed and another takes
// its address: every diagram shown gets a serial number.
quint64 nextDiagramSerial() {
    static quint64 serial = 0;
    return ++serial;
}

QColor markColor(NodeLook::Mark mark) {
    switch (mark) {
        case NodeLook::Mark::Added:
            return style::addedColor();
        case NodeLook::Mark::Removed:
            return style::removedColor();
        default:
            return style::editedColor();
    }
}

// What the overviews of `scene`'s view mark: the boxes whose mark the scene draws.
std::vector<ViewMark> viewMarks(const GraphScene& scene) {
    std::vector<ViewMark> marks;
    for (const GraphScene::MarkedBox& box : scene.markedBoxes())
        if (box.drawn) marks.push_back({box.item->sceneBoundingRect(), markColor(box.mark)});
    return marks;
}
}  // namespace

GraphPanel::GraphPanel(QWidget* parent) : QWidget(parent), cache_(std::make_unique<LayoutCache>()) {
    worker_ = new LayoutWorker(cache_.get(), this);
    beforeScene_ = new GraphScene(this);
    afterScene_ = new GraphScene(this);
    beforeView_ = new GraphView;
    afterView_ = new GraphView;
    beforeView_->setScene(beforeScene_);
    afterView_->setScene(afterScene_);
    beforeView_->setObjectName(QStringLiteral("beforeView"));
    afterView_->setObjectName(QStringLiteral("graphView"));

    auto titled = [](GraphView* view, QLabel*& title, const QString& text) {
        auto* box = new QWidget;
        auto* layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(0);
        title = new QLabel(text);
        title->setContentsMargins(6, 2, 6, 2);
        title->setStyleSheet(QStringLiteral("font-weight: bold; background: #eef1f4;"));
        layout->addWidget(title);
        layout->addWidget(view, 1);
        return box;
    };
    splitter_ = new QSplitter(Qt::Horizontal);
    splitter_->addWidget(titled(beforeView_, beforeTitle_, tr("Before the step")));
    splitter_->addWidget(titled(afterView_, afterTitle_, tr("After the step")));
    splitter_->widget(0)->hide();
    afterTitle_->hide();

    breadcrumbBar_ = new QWidget;
    auto* crumbs = new QHBoxLayout(breadcrumbBar_);
    crumbs->setContentsMargins(6, 2, 6, 2);
    backButton_ = new QToolButton;
    backButton_->setText(tr("Back to the main graph"));
    backButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    breadcrumb_ = new QLabel;
    crumbs->addWidget(backButton_);
    crumbs->addWidget(breadcrumb_, 1);
    breadcrumbBar_->hide();
    connect(backButton_, &QToolButton::clicked, this, &GraphPanel::leaveSubgraph);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(breadcrumbBar_);
    layout->addWidget(splitter_, 1);

    connect(worker_, &LayoutWorker::finished, this, &GraphPanel::onLayoutFinished);
    for (GraphScene* scene : {beforeScene_, afterScene_}) {
        connect(scene, &GraphScene::nodeSelected, this, &GraphPanel::nodeSelected);
        connect(scene, &GraphScene::groupSelected, this, &GraphPanel::groupSelected);
        connect(scene, &GraphScene::edgeSelected, this, &GraphPanel::edgeSelected);
        connect(scene, &GraphScene::groupToggleRequested, this, &GraphPanel::toggleGroup);
        connect(scene, &GraphScene::nodeContextMenuRequested, this, &GraphPanel::nodeContextMenuRequested);
        connect(scene, &GraphScene::sharedValueFollowed, this, &GraphPanel::followSharedValue);
    }
    connect(afterView_, &GraphView::viewChanged, this, [this] { syncViews(afterView_, beforeView_); });
    connect(beforeView_, &GraphView::viewChanged, this, [this] { syncViews(beforeView_, afterView_); });
}

GraphPanel::~GraphPanel() {
    // The views, scenes and worker are children: Qt destroys them after this body, and a view
    // still signals (scrolling) while it goes. Nothing may reach this half-destroyed panel.
    for (QObject* child :
         std::initializer_list<QObject*>{afterView_, beforeView_, afterScene_, beforeScene_, worker_})
        child->disconnect(this);
}

void GraphPanel::clear() {
    worker_->cancel();
    pendingTicket_ = -1;
    layingOut_ = false;
    diagram_.reset();
    mainDiagram_.reset();
    before_ = after_ = mainBefore_ = mainAfter_ = nullptr;
    followAfterLayout_ = restoreAfterLayout_ = false;
    bodyTitles_.clear();
    beforeScene_->clear();
    afterScene_->clear();
    beforeScene_->setDiagram(nullptr, {}, nullptr);
    afterScene_->setDiagram(nullptr, {}, nullptr);
    updateBreadcrumb();
    updateLegend();
    updateViewMarks();
}

void GraphPanel::setDiagram(std::shared_ptr<const DiagramModel> diagram,
                            const std::optional<QStringList>& expanded, bool keepView, bool addDefault) {
    bodyTitles_.clear();
    mainDiagram_.reset();
    updateBreadcrumb();
    diagram_ = std::move(diagram);
    setProperty("diagramSerial", nextDiagramSerial());
    expanded_ =
        expanded ? expansionFromPaths(*diagram_, *expanded) : defaultExpansion(*diagram_, kDefaultBoxBudget);
    if (addDefault && expanded) {
        const std::vector<bool> fresh = defaultExpansion(*diagram_, kDefaultBoxBudget);
        for (size_t g = 0; g < expanded_.size(); ++g) expanded_[g] = expanded_[g] || fresh[g];
    }
    fitAfterLayout_ = !keepView;
    followAfterLayout_ = restoreAfterLayout_ = false;
    startLayout();
}

void GraphPanel::startLayout() {
    if (!diagram_) return;
    pendingPlan_ = planVisible(*diagram_, expanded_, style::itemSize);
    LayoutRequest& request = pendingPlan_.request;
    request.cacheKey = QStringLiteral("%1|%2")
                           .arg(property("diagramSerial").toULongLong())
                           .arg(views::expandedPaths(*diagram_, expanded_).join(QLatin1Char('\n')));
    layingOut_ = true;
    emit layoutStarted(static_cast<int>(request.nodes.size()));
    pendingTicket_ = worker_->request(request);
}

void GraphPanel::onLayoutFinished(int ticket, std::shared_ptr<const LayoutResult> result) {
    if (ticket != pendingTicket_) return;
    layingOut_ = false;
    if (!result || !result->ok) {
        emit layoutFailed(result ? result->error : tr("the layout failed"));
        return;
    }
    NodeId selected = kNoNode;
    for (QGraphicsItem* item : afterScene_->selectedItems())
        if (auto* node = qgraphicsitem_cast<NodeItem*>(item)) selected = node->nodeId();
    afterScene_->setDiagram(diagram_, pendingPlan_, result);
    beforeScene_->setDiagram(diagram_, pendingPlan_, result);
    applyStep();
    for (GraphView* view : {afterView_, beforeView_}) view->minimap()->fitScene();
    // The selection survives the new scene. The view shows, the first that applies: where the user
    // was in a body opened again at another step (restoreViewAfterLayout), the changes of a step
    // selected while this layout was under way (followChanges, enterSubgraph), the start of a new
    // graph, a node being revealed, the group just toggled, the selected node, the inputs.
    // Never the old scene position otherwise: after a re-layout the same point holds something else.
    QGraphicsItem* revealed =
        centerAfterLayout_ != kNoNode ? afterScene_->selectNode(centerAfterLayout_) : nullptr;
    QGraphicsItem* kept = !revealed && selected != kNoNode ? afterScene_->selectNode(selected) : nullptr;
    const QRectF toggled =
        centerGroupAfterLayout_ >= 0 ? afterScene_->groupRect(centerGroupAfterLayout_) : QRectF();
    if (restoreAfterLayout_) {
        afterView_->setZoom(restorePlace_.zoom);
        const NodeItem* anchor =
            restorePlace_.anchor != kNoNode ? afterScene_->nodeItem(restorePlace_.anchor) : nullptr;
        afterView_->centerOn(anchor ? anchor->pos() + restorePlace_.offset : restorePlace_.center);
    } else if (followAfterLayout_ && !marks_.empty()) {
        showChanges();
    } else if (fitAfterLayout_) {
        // A body opened at a step that changed it starts on the changes: its inputs may be far
        // from them (silero_vad v5's If_0/else_branch at CondRemovePass: the inlined nodes are
        // screens below the STFT the inputs feed, so the body looked unmarked).
        const QSizeF readable = QSizeF(afterView_->viewport()->size()) / GraphView::kReadableZoom;
        const QRectF changes = inSubgraph() ? afterScene_->changesAnchor(readable) : QRectF();
        afterView_->showStart(changes.isNull() ? afterScene_->startAnchor() : changes);
    } else if (revealed) {
        afterView_->centerOnItem(revealed);
    } else if (!toggled.isNull()) {
        afterView_->showAnchor(toggled);
    } else if (kept) {
        afterView_->centerOnItem(kept);
    } else {
        afterView_->showAnchor(afterScene_->startAnchor());
    }
    followAfterLayout_ = restoreAfterLayout_ = false;
    fitAfterLayout_ = false;
    centerAfterLayout_ = kNoNode;
    centerGroupAfterLayout_ = -1;
    lastLayoutSeconds_ = result->seconds;
    emit layoutFinished(result->seconds);
}

void GraphPanel::showStep(const Graph* before, const Graph* after, StepMarks marks) {
    if (inSubgraph()) {  // the body belongs to the graph being replaced: go back first
        mainBefore_ = before;
        mainAfter_ = after;
        mainMarks_ = std::move(marks);
        leaveSubgraph();
        return;
    }
    before_ = before;
    after_ = after;
    marks_ = std::move(marks);
    applyStep();
}

void GraphPanel::applyStep() {
    if (afterScene_->diagram() && after_)
        afterScene_->showGraph(*after_, marks_, sideBySide_ ? DisplaySide::After : DisplaySide::Overlay);
    // After the graph: the scene redraws with them, and its old graph may be gone. The numbers
    // are of one graph's node ids (a body's ids are its own).
    afterScene_->setNumericLevels(numericShown());
    afterScene_->setNodeColors(nodeColorsShown());
    if (beforeScene_->diagram() && sideBySide_)
        beforeScene_->showGraph(before_ ? *before_ : *after_, marks_, DisplaySide::Before);
    updateLegend();
    updateViewMarks();
}

void GraphPanel::updateViewMarks() {
    afterView_->setMarks(afterScene_->diagram() ? viewMarks(*afterScene_) : std::vector<ViewMark>{});
    beforeView_->setMarks(beforeScene_->diagram() && sideBySide_ ? viewMarks(*beforeScene_)
                                                                 : std::vector<ViewMark>{});
}

void GraphPanel::followChanges() {
    if (marks_.empty()) return;
    if (layingOut_) {
        followAfterLayout_ = true;
        return;
    }
    showChanges();
}

GraphPanel::ViewPlace GraphPanel::viewPlace() const {
    ViewPlace place;
    place.zoom = afterView_->zoom();
    place.center = afterView_->visibleSceneRect().center();
    double nearest = std::numeric_limits<double>::infinity();
    for (NodeItem* item : afterScene_->nodeItems()) {
        if (!item || !item->isVisible()) continue;
        const double d = QLineF(item->pos(), place.center).length();
        if (d < nearest) {
            nearest = d;
            place.anchor = item->nodeId();
            place.offset = place.center - item->pos();
        }
    }
    return place;
}

void GraphPanel::restoreViewAfterLayout(const ViewPlace& place) {
    restoreAfterLayout_ = true;
    restorePlace_ = place;
}

void GraphPanel::showChanges() {
    std::vector<QRectF> boxes;
    const QGraphicsItem* last = nullptr;
    for (const GraphScene::MarkedBox& box : afterScene_->markedBoxes())
        if (box.item != last) {  // the nodes of a collapsed group share its box
            boxes.push_back(box.item->sceneBoundingRect());
            last = box.item;
        }
    afterView_->bringIntoView(boxes);
}

std::vector<NodeId> GraphPanel::changedNodes() const {
    std::vector<NodeId> ids;
    for (const GraphScene::MarkedBox& box : afterScene_->markedBoxes()) ids.push_back(box.id);
    return ids;
}

void GraphPanel::setOverlay(OverlayMode mode) {
    overlay_ = mode;
    afterScene_->setOverlay(mode);
    beforeScene_->setOverlay(mode);
    updateLegend();
}

void GraphPanel::setNumericLevels(std::shared_ptr<const NumericLevels> levels, const QString& note,
                                  const Graph* graph) {
    numeric_ = std::move(levels);
    numericGraph_ = graph;
    numericNote_ = note;
    afterScene_->setNumericLevels(numericShown());
    updateLegend();
}

std::shared_ptr<const NumericLevels> GraphPanel::numericShown() const {
    const bool shown = numericGraph_ ? numericGraph_ == after_ : !inSubgraph();
    return shown ? numeric_ : nullptr;
}

void GraphPanel::setNodeData(std::shared_ptr<const NodeColors> colors, std::vector<LegendEntry> legend,
                             const QString& note, const Graph* graph) {
    nodeColors_ = std::move(colors);
    nodeDataGraph_ = graph;
    nodeDataLegend_ = std::move(legend);
    nodeDataNote_ = note;
    afterScene_->setNodeColors(nodeColorsShown());  // redraws only under the node data overlay
    updateLegend();
}

std::shared_ptr<const NodeColors> GraphPanel::nodeColorsShown() const {
    const bool shown = nodeDataGraph_ ? nodeDataGraph_ == after_ : !inSubgraph();
    return shown ? nodeColors_ : nullptr;
}

void GraphPanel::updateLegend() {
    const QString note = overlay_ == OverlayMode::Numeric    ? numericNote_
                         : overlay_ == OverlayMode::NodeData ? nodeDataNote_
                                                             : QString();
    const QString title =
        note.isEmpty() ? overlayTitle(overlay_) : tr("%1: %2").arg(overlayTitle(overlay_), note);
    afterView_->legend()->setEntries(title, overlay_ == OverlayMode::NodeData
                                                ? nodeDataLegend_
                                                : legendFor(overlay_, afterScene_->formatsShown()));
    beforeView_->legend()->setEntries(overlayTitle(overlay_),
                                      legendFor(overlay_, beforeScene_->formatsShown()));
}

void GraphPanel::setSideBySide(bool on) {
    // The views follow each other only once both are there: the before view, shown, must not
    // hand its own zoom and scroll to the after view (the user's place would be lost).
    sideBySide_ = false;
    splitter_->widget(0)->setVisible(on);
    afterTitle_->setVisible(on);
    sideBySide_ = on;
    applyStep();
    if (on) syncViews(afterView_, beforeView_);
}

void GraphPanel::syncViews(GraphView* from, GraphView* to) {
    if (syncing_ || !sideBySide_) return;
    syncing_ = true;
    to->setTransform(from->transform());
    to->horizontalScrollBar()->setValue(from->horizontalScrollBar()->value());
    to->verticalScrollBar()->setValue(from->verticalScrollBar()->value());
    syncing_ = false;
}

void GraphPanel::toggleGroup(int group) {
    if (!diagram_ || group <= ScopeTree::root() || group >= static_cast<int>(expanded_.size())) return;
    expanded_[group] = !expanded_[group];
    centerGroupAfterLayout_ = group;
    followAfterLayout_ = restoreAfterLayout_ = false;  // the user's move is the newer one
    if (!expanded_[group])                             // closing a scope closes everything inside it
        for (size_t g = 0; g < expanded_.size(); ++g)
            if (diagram_->scopes().isWithin(static_cast<int>(g), group)) expanded_[g] = false;
    startLayout();
}

void GraphPanel::setExpandedPaths(const QStringList& paths) {
    if (!diagram_) return;
    expanded_ = expansionFromPaths(*diagram_, paths);
    startLayout();
}

QStringList GraphPanel::expandedPaths() const {
    return diagram_ ? views::expandedPaths(*diagram_, expanded_) : QStringList();
}

void GraphPanel::revealNode(NodeId id) {
    if (!diagram_) return;
    const int index = diagram_->indexOf(id);
    if (index < 0) return;
    int group = diagram_->groupOfNode(index);
    if (group < 0) return;  // a weight has no box of its own
    bool opened = false;
    for (int g = group; g > ScopeTree::root(); g = diagram_->scopes().group(g).parent)
        if (!expanded_[g]) expanded_[g] = opened = true;
    if (opened) {
        centerAfterLayout_ = id;
        followAfterLayout_ = restoreAfterLayout_ = false;  // the user's move is the newer one
        startLayout();
    } else if (QGraphicsItem* item = afterScene_->selectNode(id)) {
        afterView_->centerOnItem(item);
    }
}

void GraphPanel::followSharedValue(NodeId producer, int group) {
    if (producer != kNoNode) {
        revealNode(producer);
        emit nodeSelected(producer);
    } else if (GroupItem* box = afterScene_->groupItem(group)) {
        afterScene_->clearSelection();
        box->setSelected(true);
        afterView_->centerOnItem(box);
    }
}

void GraphPanel::setSearchHits(const std::unordered_set<NodeId>& hits) {
    searchHits_ = hits;
    afterScene_->setSearchHits(hits);
    beforeScene_->setSearchHits(hits);
}

void GraphPanel::enterSubgraph(const Graph& body, const QString& title, const StepMarks& marks,
                               const Graph* before) {
    if (!inSubgraph()) {
        mainDiagram_ = diagram_;
        mainExpanded_ = expanded_;
        mainBefore_ = before_;
        mainAfter_ = after_;
        mainMarks_ = marks_;
    }
    bodyTitles_ << title;
    // The union of both sides is laid out, so a node the step removed keeps a box (its ghost).
    diagram_ =
        before && before != &body ? DiagramModel::fromGraphs(*before, body) : DiagramModel::fromGraph(body);
    setProperty("diagramSerial", nextDiagramSerial());
    expanded_ = defaultExpansion(*diagram_, kDefaultBoxBudget);
    before_ = before;
    after_ = &body;
    marks_ = marks;
    fitAfterLayout_ = true;
    followAfterLayout_ = !marks_.empty();  // what the step changed in the body, else its start
    updateBreadcrumb();
    startLayout();
}

void GraphPanel::leaveSubgraph() {
    if (!inSubgraph()) return;
    bodyTitles_.clear();
    diagram_ = std::move(mainDiagram_);
    setProperty("diagramSerial", nextDiagramSerial());
    expanded_ = mainExpanded_;
    before_ = mainBefore_;
    after_ = mainAfter_;
    marks_ = mainMarks_;
    fitAfterLayout_ = true;
    followAfterLayout_ = !marks_.empty();  // a body step marks its owner here
    updateBreadcrumb();
    startLayout();
}

void GraphPanel::updateBreadcrumb() {
    breadcrumbBar_->setVisible(inSubgraph());
    QStringList path{tr("Main graph")};
    path << bodyTitles_;
    breadcrumb_->setText(path.join(QStringLiteral("  ›  ")));
    emit subgraphChanged(path);
}

ViewCensus GraphPanel::census() const {
    return takeCensus(*afterScene_, *afterView_);
}

bool GraphPanel::exportImage(const QString& path, QString* error) const {
    return renderSceneToFile(*afterScene_, path, error);
}

}  // namespace passscope::views

// MainWindow, part 2: running the pipeline on the loaded model, stepping through its journal,
// search in the graph, folding toggles and the node context menu.
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>

#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/node_item.h"
#include "ir/op_types.h"
#include "memory/memory_map_panel.h"
#include "vars/var_memory_plan.h"
#include "main_window.h"
#include "model_loader.h"
#include "node_filter_proxy_model.h"
#include "node_table_model.h"
#include "options_dialog.h"
#include "properties_panel.h"
#include "runner/pipeline_runner.h"
#include "session/session_file.h"
#include "step_controller.h"
#include "timeline/timeline_panel.h"

namespace passscope::views {

namespace {

// The graph shown is owned by the step controller; the table is reset whenever it changes.
std::shared_ptr<const Graph> unowned(const Graph* graph) {
    return std::shared_ptr<const Graph>(graph, [](const Graph*) {});
}

// The name of every subgraph a node owns (If: then/else branches, Loop/Scan: body).
std::vector<std::pair<QString, const Graph*>> bodiesOf(const Node& node) {
    std::vector<std::pair<QString, const Graph*>> bodies;
    for (const Attribute& a : node.attributes()) {
        if (const auto* g = std::get_if<GraphPtr>(&a.value)) {
            if (*g) bodies.emplace_back(QString::fromStdString(a.name), g->get());
        } else if (const auto* gs = std::get_if<std::vector<GraphPtr>>(&a.value)) {
            for (size_t i = 0; i < gs->size(); ++i)
                if ((*gs)[i]) bodies.emplace_back(QStringLiteral("%1[%2]").arg(QString::fromStdString(a.name)).arg(i), (*gs)[i].get());
        }
    }
    return bodies;
}

}  // namespace

void MainWindow::createViewActions() {
    overlayGroup_ = new QActionGroup(this);
    for (OverlayMode mode : allOverlays()) {
        QAction* action = overlayGroup_->addAction(overlayTitle(mode));
        action->setCheckable(true);
        action->setData(overlayKey(mode));
        action->setChecked(mode == OverlayMode::Changes);
        connect(action, &QAction::triggered, this, [this, mode] { setOverlay(mode); });
    }
    sideBySideAction_ = new QAction(tr("&Side by Side"), this);
    sideBySideAction_->setCheckable(true);
    sideBySideAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    sideBySideAction_->setStatusTip(tr("Show the graph before and after the selected step in two synchronized views"));
    connect(sideBySideAction_, &QAction::toggled, this, &MainWindow::setSideBySide);
    minimapAction_ = new QAction(tr("&Minimap"), this);
    minimapAction_->setCheckable(true);
    minimapAction_->setChecked(true);
    connect(minimapAction_, &QAction::toggled, this, [this](bool on) {
        graphPanel_->view()->setMinimapVisible(on);
        graphPanel_->beforeView()->setMinimapVisible(on);
    });
    fitAction_ = new QAction(tr("&Fit to Window"), this);
    fitAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(fitAction_, &QAction::triggered, this, [this] { graphPanel_->view()->fitAll(); });
    zoomInAction_ = new QAction(tr("Zoom &In"), this);
    zoomInAction_->setShortcut(QKeySequence::ZoomIn);
    connect(zoomInAction_, &QAction::triggered, this, [this] { graphPanel_->view()->zoomBy(1.25); });
    zoomOutAction_ = new QAction(tr("Zoom &Out"), this);
    zoomOutAction_->setShortcut(QKeySequence::ZoomOut);
    connect(zoomOutAction_, &QAction::triggered, this, [this] { graphPanel_->view()->zoomBy(0.8); });
}

void MainWindow::createPipelineActions() {
    rerunAction_ = new QAction(tr("&Run Again"), this);
    rerunAction_->setShortcut(QKeySequence(Qt::Key_F5));
    connect(rerunAction_, &QAction::triggered, this, &MainWindow::runPipeline);
    optionsAction_ = new QAction(tr("&Options…"), this);
    optionsAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    optionsAction_->setStatusTip(tr("Choose the optimization level, passes, input shapes and folding exceptions, then run again"));
    connect(optionsAction_, &QAction::triggered, this, [this] {
        if (!model_) return;
        QStringList inputs;  // the graph inputs are its Data nodes (IR < 4 also lists Consts)
        const Graph& graph = *model_->model.graph;
        for (NodeId id : graph.inputs())
            if (const Node* n = graph.findNode(id); n && n->opType() == op::kData)
                inputs << QString::fromStdString(n->name());
        auto* dialog = new OptionsDialog(options_, inputs, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, this, [this, dialog] { setPipelineOptions(dialog->options()); });
        dialog->open();  // window-modal; nothing blocks
    });
    cancelAction_ = new QAction(tr("&Cancel Run"), this);
    connect(cancelAction_, &QAction::triggered, this, [this] { runner_->cancel(); });
    noFoldAction_ = new QAction(tr("Do &Not Fold This Node"), this);
    noFoldAction_->setCheckable(true);
    noFoldAction_->setStatusTip(tr("Set _do_not_constant_folding on the selected node and run the pipeline again"));
    connect(noFoldAction_, &QAction::triggered, this, [this](bool checked) {
        const QString name = noFoldAction_->data().toString();
        if (!name.isEmpty()) setNodeFoldingDisabled(name, checked);
    });
}

void MainWindow::createToolBar() {
    QToolBar* bar = addToolBar(tr("Graph"));
    bar->setObjectName(QStringLiteral("graphToolBar"));
    bar->addAction(openAction_);
    bar->addSeparator();
    bar->addAction(timeline_->firstAction());
    bar->addAction(timeline_->previousAction());
    bar->addAction(timeline_->nextAction());
    bar->addAction(timeline_->lastAction());
    bar->addSeparator();
    bar->addWidget(new QLabel(tr("Overlay:")));
    for (QAction* action : overlayGroup_->actions()) bar->addAction(action);
    bar->addAction(sideBySideAction_);
    bar->addSeparator();
    searchEdit_ = new QLineEdit(bar);
    searchEdit_->setObjectName(QStringLiteral("graphSearch"));
    searchEdit_->setPlaceholderText(tr("Search: name, op type or regex"));
    searchEdit_->setClearButtonEnabled(true);
    searchEdit_->setMaximumWidth(280);
    searchEdit_->setToolTip(tr("Matches node names and op types; a pattern with regex characters is a regular "
                               "expression. Enter jumps to the next match."));
    connect(searchEdit_, &QLineEdit::textChanged, this, [this](const QString& text) { search(text); });
    connect(searchEdit_, &QLineEdit::returnPressed, this, &MainWindow::jumpToNextSearchHit);
    bar->addWidget(searchEdit_);
    searchCount_ = new QLabel(bar);
    searchCount_->setObjectName(QStringLiteral("searchCount"));
    searchCount_->setContentsMargins(6, 0, 6, 0);
    bar->addWidget(searchCount_);
}

// ---- pipeline runs ----

void MainWindow::setPipelineOptions(const PipelineOptions& options) {
    options_ = options;
    runPipeline();
}

void MainWindow::runPipeline() {
    if (!model_) return;
    runner_->run(model_, options_);
    statusBar()->showMessage(tr("Running the pipeline…"));
    updateStepActions();
}

void MainWindow::onPipelineFinished(std::shared_ptr<const PipelineResult> result) {
    timeline_->showIdle();
    // Stand where the user stood (same step number) after a re-run, at the end after a load.
    const size_t position = pendingView_ ? pendingView_->position
                            : steps_->isReady() ? steps_->position()
                                                : result->journal.steps().size();
    statusBar()->showMessage(tr("Pipeline finished: %n pass run(s) in %1 s", nullptr,
                                static_cast<int>(result->journal.steps().size()))
                                 .arg(result->wallSeconds, 0, 'f', 2));
    steps_->setResult(std::move(result), position);
}

void MainWindow::onStepsReady() {
    // Scopes the user opened (in the preview of the loaded model or a previous run) stay open.
    const QStringList expanded = pendingView_ ? pendingView_->expandedGroups
                                 : (firstViewShown_ || previewShown_) ? graphPanel_->expandedPaths() : QStringList();
    timeline_->setResult(steps_->result());
    timeline_->setPosition(steps_->position());
    graphPanel_->setDiagram(steps_->diagram(), expanded, /*keepView=*/previewShown_ || firstViewShown_,
                            /*addDefault=*/!pendingView_ && !firstViewShown_);
    onPositionChanged(steps_->position());
    updateStepActions();
    emit pipelineFinished();
}

bool MainWindow::isBusy() const { return loader_->isBusy() || runner_->isBusy() || graphPanel_->isLayingOut(); }

const PipelineResult* MainWindow::pipelineResult() const { return steps_->result().get(); }

size_t MainWindow::position() const { return steps_->position(); }

size_t MainWindow::positionCount() const { return steps_->positionCount(); }

const Graph* MainWindow::graphShown() const { return steps_->graph(); }

void MainWindow::showPosition(size_t position) {
    if (!steps_->isReady() || position == steps_->position()) return;
    steps_->moveTo(position);
}

void MainWindow::onPositionChanged(size_t position) {
    graphPanel_->showStep(steps_->graphBefore(), steps_->graph(), steps_->marks());
    timeline_->setPosition(position);
    setTableGraph(unowned(steps_->graph()));
    updateFilterCount();
    if (!memoryDock_->visibleRegion().isEmpty()) updateMemoryMap();
    if (!searchEdit_->text().isEmpty()) search(searchEdit_->text());
    properties_->clear();
    if (const auto selected = graphPanel_->scene()->selectedItems(); !selected.isEmpty())
        if (auto* node = qgraphicsitem_cast<NodeItem*>(selected.front())) showNodeProperties(node->nodeId());
    emit positionChanged(position);
}

void MainWindow::onLayoutFinished(double seconds) {
    busy_->hide();
    statusBar()->showMessage(tr("Laid out in %1 s").arg(seconds, 0, 'f', 2), 4000);
    if (!steps_->isReady()) {  // the preview of the loaded model, before its pipeline has finished
        if (!previewShown_) {
            previewShown_ = true;
            emit previewReady();
        }
        return;
    }
    applyPendingView();
    if (!firstViewShown_) {
        firstViewShown_ = true;
        emit viewReady();
    }
}

void MainWindow::updateMemoryMap() {
    if (const Graph* g = steps_->graph()) memoryMap_->setPlan(planVariableMemory(*g));
    else memoryMap_->clear();
}

// A session's view (zoom, centre, overlay, selection) once its run is shown.
void MainWindow::applyPendingView() {
    if (!pendingView_) return;
    const std::unique_ptr<Session> view = std::move(pendingView_);
    if (const auto mode = overlayFromKey(view->overlay)) setOverlay(*mode);
    sideBySideAction_->setChecked(view->sideBySide);
    timeline_->setHideUnchanged(view->hideUnchanged);
    graphPanel_->view()->setZoom(view->zoom);
    graphPanel_->view()->centerOn(view->center);
    if (!view->selectedNode.isEmpty()) selectNodeByName(view->selectedNode);
}

void MainWindow::setOverlay(OverlayMode mode) {
    graphPanel_->setOverlay(mode);
    for (QAction* action : overlayGroup_->actions())
        action->setChecked(action->data().toString() == overlayKey(mode));
}

void MainWindow::setSideBySide(bool on) {
    if (sideBySideAction_->isChecked() != on) sideBySideAction_->setChecked(on);
    graphPanel_->setSideBySide(on);
}

void MainWindow::updateStepActions() {
    const bool ready = steps_->isReady();
    rerunAction_->setEnabled(model_ != nullptr && !runner_->isBusy());
    optionsAction_->setEnabled(model_ != nullptr);
    cancelAction_->setEnabled(runner_->isBusy());
    for (QAction* a : {saveSessionAction_, exportModelAction_, exportReportAction_, exportPictureAction_})
        a->setEnabled(ready);
    if (!ready) noFoldAction_->setEnabled(false);
}

void MainWindow::showPipelineError(const QString& message) {
    statusBar()->showMessage(tr("The pipeline failed: %1").arg(message));
    if (!interactive_) return;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Pipeline Failed"), tr("The pipeline could not run."),
                                QMessageBox::Ok, this);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

// ---- folding toggles ----

// Only nodes of the loaded model can carry the flag: one made by a pass has no name to pin.
bool MainWindow::isLoadedNodeName(const std::string& name) const {
    if (!model_ || name.empty()) return false;
    bool known = false;
    model_->model.graph->forEachNode([&](const Node& n) { known = known || n.name() == name; });
    return known;
}

bool MainWindow::setNodeFoldingDisabled(const QString& nodeName, bool disabled) {
    const std::string name = nodeName.toStdString();
    if (!isLoadedNodeName(name)) return false;
    if (disabled)
        options_.noFold.insert(name);
    else
        options_.noFold.erase(name);
    statusBar()->showMessage(disabled ? tr("Folding switched off for %1; running again…").arg(nodeName)
                                      : tr("Folding switched on for %1; running again…").arg(nodeName));
    runPipeline();
    return true;
}

// ---- selection, properties and the context menu ----

void MainWindow::onGraphNodeSelected(NodeId id) {
    showNodeProperties(id);
    if (syncingSelection_) return;
    if (pendingTableGraph_) return;  // the table is hidden and out of date: nothing to follow
    syncingSelection_ = true;
    const int row = tableModel_->rowOf(id);
    if (row >= 0) {
        const QModelIndex index = filter_->mapFromSource(tableModel_->index(row, 0));
        if (index.isValid()) {
            table_->setCurrentIndex(index);
            table_->scrollTo(index);
        }
    }
    syncingSelection_ = false;
}

void MainWindow::showNodeProperties(NodeId id) {
    const Graph* g = steps_->isReady() ? steps_->graph() : (model_ ? model_->model.graph.get() : nullptr);
    const Node* node = g ? g->findNode(id) : nullptr;
    if (!node) {  // a ghost (removed by the step) or a stale id: nothing to flag
        properties_->clear();
        noFoldAction_->setEnabled(false);
        noFoldAction_->setData(QString());
        noFoldAction_->setChecked(false);
        return;
    }
    NodeNotes notes;
    if (const PipelineResult* result = steps_->result().get()) {
        const auto& steps = result->journal.steps();
        // The latest word of a folding pass on this node up to the selected position.
        for (size_t s = std::min(steps_->position(), steps.size()); s-- > 0 && notes.whyNotFolded.isEmpty();)
            for (const UnfoldedNode& u : steps[s].unfolded)
                if (u.node == id) {
                    notes.whyNotFolded = QString::fromLatin1(reasonName(u.reason));
                    notes.whyNotFoldedDetail = QString::fromStdString(u.detail);
                    notes.whyNotFoldedPass = QString::fromStdString(steps[s].pass);
                }
        if (steps_->marks().added.count(id)) notes.change = tr("added by this step");
        else if (steps_->marks().edited.count(id)) notes.change = tr("changed by this step");
    }
    properties_->showNode(*g, *node, notes);
    noFoldAction_->setEnabled(isLoadedNodeName(node->name()) && !runner_->isBusy());
    noFoldAction_->setData(QString::fromStdString(node->name()));
    noFoldAction_->setChecked(options_.noFold.count(node->name()) > 0);
}

void MainWindow::showNodeContextMenu(NodeId id, const QPoint& screenPos) {
    showNodeProperties(id);
    QMenu menu(this);
    menu.addAction(noFoldAction_);
    if (!noFoldAction_->isEnabled())
        menu.addAction(tr("(made by a pass: folding can only be switched off on nodes of the loaded model)"))
            ->setEnabled(false);
    const Graph* g = steps_->graph();
    if (const Node* node = g ? g->findNode(id) : nullptr) {
        const auto bodies = bodiesOf(*node);
        if (!bodies.empty()) menu.addSeparator();
        for (const auto& [title, body] : bodies) {
            const QString crumb = QStringLiteral("%1 › %2").arg(QString::fromStdString(node->displayName()), title);
            const Graph* shown = body;
            menu.addAction(tr("Open Body “%1”").arg(title), this, [this, shown, crumb] {
                graphPanel_->enterSubgraph(*shown, crumb);
            });
        }
    }
    menu.exec(screenPos);
}

// ---- search ----

int MainWindow::search(const QString& query) {
    searchHits_.clear();
    searchCursor_ = 0;
    std::unordered_set<NodeId> hits;
    const Graph* g = steps_->graph();
    if (g && !query.isEmpty()) {
        // Plain text matches as a substring; a pattern with regex syntax is a regular expression.
        static const QRegularExpression special(QStringLiteral("[\\\\^$.*+?()\\[\\]{}|]"));
        QRegularExpression pattern(query.contains(special) ? query : QRegularExpression::escape(query),
                                   QRegularExpression::CaseInsensitiveOption);
        if (!pattern.isValid()) pattern = QRegularExpression(QRegularExpression::escape(query));
        std::vector<const Node*> nodes = g->nodes();
        std::sort(nodes.begin(), nodes.end(), [](const Node* a, const Node* b) { return a->id() < b->id(); });
        for (const Node* n : nodes) {
            if (pattern.match(QString::fromStdString(n->name())).hasMatch() ||
                pattern.match(QString::fromStdString(n->opType())).hasMatch()) {
                hits.insert(n->id());
                searchHits_.push_back(n->id());
            }
        }
    }
    graphPanel_->setSearchHits(hits);
    searchCount_->setText(query.isEmpty() ? QString() : tr("%n match(es)", nullptr, static_cast<int>(searchHits_.size())));
    return static_cast<int>(searchHits_.size());
}

void MainWindow::jumpToNextSearchHit() {
    if (searchHits_.empty()) return;
    const NodeId id = searchHits_[searchCursor_ % searchHits_.size()];
    searchCount_->setText(tr("%1 of %2").arg(searchCursor_ % searchHits_.size() + 1).arg(searchHits_.size()));
    ++searchCursor_;
    graphPanel_->revealNode(id);
    onGraphNodeSelected(id);
}

}  // namespace passscope::views

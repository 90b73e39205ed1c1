// MainWindow, part 2: the document's pipeline runs and steps shown in the graph, timeline and
// table, search in the graph, folding toggles and the node context menu.
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolBar>

#include "document/model_document.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/node_item.h"
#include "ir/graph_path.h"
#include "ir/op_types.h"
#include "main_window.h"
#include "memory/memory_map_panel.h"
#include "memory/variable_note.h"
#include "node_filter_proxy_model.h"
#include "node_table_model.h"
#include "numeric/node_data_overlay.h"
#include "numeric/numeric_controller.h"
#include "options_dialog.h"
#include "properties_panel.h"
#include "runner/pipeline_result.h"
#include "session/session_file.h"
#include "timeline/timeline_panel.h"
#include "vars/var_memory_plan.h"

namespace passscope::views {

namespace {

// The name of every subgraph a node owns (If: then/else branches, Loop/Scan: body).
std::vector<std::pair<QString, const Graph*>> bodiesOf(const Node& node) {
    std::vector<std::pair<QString, const Graph*>> bodies;
    for (const Attribute& a : node.attributes()) {
        if (const auto* g = std::get_if<GraphPtr>(&a.value)) {
            if (*g) bodies.emplace_back(QString::fromStdString(a.name), g->get());
        } else if (const auto* gs = std::get_if<std::vector<GraphPtr>>(&a.value)) {
            for (size_t i = 0; i < gs->size(); ++i)
                if ((*gs)[i])
                    bodies.emplace_back(QStringLiteral("%1[%2]").arg(QString::fromStdString(a.name)).arg(i),
                                        (*gs)[i].get());
        }
    }
    return bodies;
}

}  // namespace

void MainWindow::createViewActions() {
    actions_.overlayGroup = new QActionGroup(this);
    for (OverlayMode mode : allOverlays()) {
        QAction* action = actions_.overlayGroup->addAction(overlayTitle(mode));
        action->setCheckable(true);
        action->setData(overlayKey(mode));
        action->setChecked(mode == OverlayMode::Changes);
        connect(action, &QAction::triggered, this, [this, mode] { setOverlay(mode); });
    }
    actions_.sideBySide = new QAction(tr("&Side by Side"), this);
    actions_.sideBySide->setCheckable(true);
    actions_.sideBySide->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    actions_.sideBySide->setStatusTip(
        tr("Show the graph before and after the selected step in two synchronized views"));
    connect(actions_.sideBySide, &QAction::toggled, this, &MainWindow::setSideBySide);
    actions_.minimap = new QAction(tr("&Minimap"), this);
    actions_.minimap->setCheckable(true);
    actions_.minimap->setChecked(true);
    connect(actions_.minimap, &QAction::toggled, this, [this](bool on) {
        graphPanel_->view()->setMinimapVisible(on);
        graphPanel_->beforeView()->setMinimapVisible(on);
    });
    actions_.fit = new QAction(tr("&Fit to Window"), this);
    actions_.fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(actions_.fit, &QAction::triggered, this, [this] { graphPanel_->view()->fitAll(); });
    actions_.zoomIn = new QAction(tr("Zoom &In"), this);
    actions_.zoomIn->setShortcut(QKeySequence::ZoomIn);
    connect(actions_.zoomIn, &QAction::triggered, this, [this] { graphPanel_->view()->zoomBy(1.25); });
    actions_.zoomOut = new QAction(tr("Zoom &Out"), this);
    actions_.zoomOut->setShortcut(QKeySequence::ZoomOut);
    connect(actions_.zoomOut, &QAction::triggered, this, [this] { graphPanel_->view()->zoomBy(0.8); });
}

void MainWindow::createPipelineActions() {
    actions_.rerun = new QAction(tr("&Run Again"), this);
    actions_.rerun->setShortcut(QKeySequence(Qt::Key_F5));
    connect(actions_.rerun, &QAction::triggered, document_, &ModelDocument::runPipeline);
    actions_.options = new QAction(tr("&Options…"), this);
    actions_.options->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    actions_.options->setStatusTip(
        tr("Choose the optimization level, passes, input shapes and folding exceptions, then run again"));
    connect(actions_.options, &QAction::triggered, this, [this] {
        if (!document_->loadedModel()) return;
        QStringList inputs;  // the graph inputs are its Data nodes (IR < 4 also lists Consts)
        const Graph& graph = *document_->loadedModel()->model.graph;
        for (NodeId id : graph.inputs())
            if (const Node* n = graph.findNode(id); n && op::isData(n->opType(), n->domain()))
                inputs << QString::fromStdString(n->name());
        QStringList outputs;  // storage formats are set on graph inputs and outputs by name
        for (const std::string& name : graph.outputNames()) outputs << QString::fromStdString(name);
        auto* dialog = new OptionsDialog(document_->pipelineOptions(), inputs, outputs, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, this, [this, dialog] { setPipelineOptions(dialog->options()); });
        dialog->open();  // window-modal; nothing blocks
    });
    actions_.cancel = new QAction(tr("&Cancel Run"), this);
    connect(actions_.cancel, &QAction::triggered, document_, &ModelDocument::cancelPipeline);
    // F3 / Shift+F3 as "find next / previous" in editors: here the next node the step changed.
    actions_.nextChange =
        new QAction(QIcon::fromTheme(QStringLiteral("go-down"), style()->standardIcon(QStyle::SP_ArrowDown)),
                    tr("Next C&hange"), this);
    actions_.nextChange->setObjectName(QStringLiteral("nextChange"));
    actions_.nextChange->setShortcut(QKeySequence(Qt::Key_F3));
    actions_.nextChange->setStatusTip(
        tr("Select the next node the step changed, in the order of the data flow"));
    actions_.nextChange->setEnabled(false);
    connect(actions_.nextChange, &QAction::triggered, this, &MainWindow::showNextChange);
    actions_.previousChange =
        new QAction(QIcon::fromTheme(QStringLiteral("go-up"), style()->standardIcon(QStyle::SP_ArrowUp)),
                    tr("Previous Chan&ge"), this);
    actions_.previousChange->setObjectName(QStringLiteral("previousChange"));
    actions_.previousChange->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3));
    actions_.previousChange->setStatusTip(
        tr("Select the previous node the step changed, in the order of the data flow"));
    actions_.previousChange->setEnabled(false);
    connect(actions_.previousChange, &QAction::triggered, this, &MainWindow::showPreviousChange);
    actions_.noFold = new QAction(tr("Do &Not Fold This Node"), this);
    actions_.noFold->setCheckable(true);
    actions_.noFold->setStatusTip(
        tr("Set _do_not_constant_folding on the selected node and run the pipeline again"));
    connect(actions_.noFold, &QAction::triggered, this, [this](bool checked) {
        const QString name = actions_.noFold->data().toString();
        if (!name.isEmpty()) setNodeFoldingDisabled(name, checked);
    });
}

void MainWindow::createToolBar() {
    QToolBar* bar = addToolBar(tr("Graph"));
    bar->setObjectName(QStringLiteral("graphToolBar"));
    bar->addAction(actions_.open);
    bar->addSeparator();
    bar->addAction(timeline_->firstAction());
    bar->addAction(timeline_->previousAction());
    bar->addAction(timeline_->nextAction());
    bar->addAction(timeline_->lastAction());
    bar->addAction(actions_.previousChange);
    bar->addAction(actions_.nextChange);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr("Overlay:")));
    for (QAction* action : actions_.overlayGroup->actions()) bar->addAction(action);
    bar->addAction(actions_.sideBySide);
    bar->addAction(actions_.findDivergent);
    bar->addSeparator();
    searchEdit_ = new QLineEdit(bar);
    searchEdit_->setObjectName(QStringLiteral("graphSearch"));
    searchEdit_->setPlaceholderText(tr("Search: name, op type or regex"));
    searchEdit_->setClearButtonEnabled(true);
    searchEdit_->setMaximumWidth(280);
    searchEdit_->setToolTip(
        tr("Matches node names and op types, as the node table's filter does: a pattern with "
           "regex characters is a regular expression; case is ignored unless the pattern has an "
           "upper-case letter. Enter jumps to the next match."));
    connect(searchEdit_, &QLineEdit::textChanged, this, [this](const QString& text) { search(text); });
    connect(searchEdit_, &QLineEdit::returnPressed, this, &MainWindow::jumpToNextSearchHit);
    bar->addWidget(searchEdit_);
    searchCount_ = new QLabel(bar);
    searchCount_->setObjectName(QStringLiteral("searchCount"));
    searchCount_->setContentsMargins(6, 0, 6, 0);
    bar->addWidget(searchCount_);
}

// ---- pipeline runs ----

const PipelineOptions& MainWindow::pipelineOptions() const {
    return document_->pipelineOptions();
}

void MainWindow::setPipelineOptions(const PipelineOptions& options) {
    document_->setPipelineOptions(options);
}

void MainWindow::onPipelineStarted() {
    numeric_->setResult(nullptr);  // the numbers were of the run being replaced
    timeline_->showRunning(0, QString());
    statusBar()->showMessage(tr("Running the pipeline…"));
    updateStepActions();
}

void MainWindow::onRunFinished(int passRuns, double wallSeconds) {
    timeline_->showIdle();
    statusBar()->showMessage(
        tr("Pipeline finished: %n pass run(s) in %1 s", nullptr, passRuns).arg(wallSeconds, 0, 'f', 2));
}

void MainWindow::onStepsReady() {
    // Scopes the user opened or closed (in the preview of the loaded model or a previous run)
    // stay so, even when every scope is closed; a session file says exactly which are open.
    const Session* session = document_->pendingView();
    const std::optional<QStringList> expanded = session ? std::optional<QStringList>(session->expandedGroups)
                                                : (firstViewShown_ || previewShown_)
                                                    ? std::optional<QStringList>(graphPanel_->expandedPaths())
                                                    : std::nullopt;
    timeline_->setResult(document_->pipelineResult());
    timeline_->setPosition(document_->position());
    numeric_->setResult(document_->pipelineResult());
    graphPanel_->setDiagram(document_->diagram(), expanded, /*keepView=*/previewShown_ || firstViewShown_,
                            /*addDefault=*/!session && !firstViewShown_);
    onPositionChanged(document_->position());
    updateStepActions();
    emit pipelineFinished();
}

bool MainWindow::isBusy() const {
    return document_->isLoading() || document_->isRunning() || graphPanel_->isLayingOut();
}

const PipelineResult* MainWindow::pipelineResult() const {
    return document_->pipelineResult().get();
}

size_t MainWindow::position() const {
    return document_->position();
}

size_t MainWindow::positionCount() const {
    return document_->positionCount();
}

const Graph* MainWindow::graphShown() const {
    return document_->graphShown();
}

void MainWindow::showPosition(size_t position) {
    if (!document_->hasSteps()) return;
    position = std::min(position, document_->positionCount() - 1);
    if (position != document_->position()) {
        document_->showPosition(position);  // onPositionSelected() follows
        return;
    }
    followStep(bodyShown_, graphPanel_->viewPlace());
}

// A step the user selected (timeline, step buttons and keys, showPosition): shown, then followed.
void MainWindow::onPositionSelected(size_t position) {
    // Where the user is, taken before the new graphs replace the body shown (its Graph goes).
    const GraphPath body = bodyShown_;
    const GraphPanel::ViewPlace place = graphPanel_->viewPlace();
    onPositionChanged(position);
    followStep(body, place);
}

void MainWindow::followStep(const GraphPath& bodyShown, const GraphPanel::ViewPlace& place) {
    const PipelineResult* result = pipelineResult();
    const size_t position = document_->position();
    const JournalStep* step = result && position > 0 && position <= result->journal.steps().size()
                                  ? &result->journal.steps()[position - 1]
                                  : nullptr;
    // A pass run in an If/Loop/Scan body: that body, with its changes in view (enterSubgraph).
    if (step && step->changed && !step->graph.empty()) {
        if (graphPanel_->inSubgraph() && bodyShown_ == step->graph) {
            graphPanel_->followChanges();
            return;
        }
        if (openBodyPath(step->graph)) return;
    }
    if (!document_->marks().empty()) {
        if (graphPanel_->inSubgraph()) graphPanel_->leaveSubgraph();  // follows once laid out
        graphPanel_->followChanges();
        return;
    }
    // The step changed nothing the view marks: the user stays where they were, in the body they
    // had open (now the body of the graph at this step), at the same zoom and place.
    if (!bodyShown.empty() && !graphPanel_->inSubgraph() && openBodyPath(bodyShown))
        graphPanel_->restoreViewAfterLayout(place);
}

bool MainWindow::openBodyPath(const GraphPath& path) {
    const Graph* root = document_->graphShown();
    if (!root || path.empty()) return false;
    std::vector<std::pair<const Graph*, QString>> levels;  // each body on the way, with its crumb
    for (size_t i = 0; i < path.size(); ++i) {
        const Graph* outer = resolvePath(*root, GraphPath(path.begin(), path.begin() + i));
        const Graph* body = resolvePath(*root, GraphPath(path.begin(), path.begin() + i + 1));
        const Node* owner = outer ? outer->findNode(path[i].owner) : nullptr;
        if (!body || !owner) return false;
        const Attribute* attribute = owner->findAttr(path[i].attribute);
        const bool listed = attribute && std::holds_alternative<std::vector<GraphPtr>>(attribute->value);
        QString title = QString::fromStdString(path[i].attribute);
        if (listed) title = QStringLiteral("%1[%2]").arg(title).arg(path[i].index);
        levels.emplace_back(
            body, QStringLiteral("%1 › %2").arg(QString::fromStdString(owner->displayName()), title));
    }
    if (graphPanel_->inSubgraph()) graphPanel_->leaveSubgraph();
    for (const auto& [body, crumb] : levels) enterBody(*body, crumb);
    return true;
}

void MainWindow::onPositionChanged(size_t position) {
    graphPanel_->showStep(document_->graphBefore(), document_->graphShown(), document_->marks());
    changeCursor_ = -1;
    updateChangeActions();
    timeline_->setPosition(position);
    setTableGraph(document_->graphShown());
    updateFilterCount();
    if (!docks_.memory->visibleRegion().isEmpty()) updateMemoryMap();
    if (!searchEdit_->text().isEmpty()) search(searchEdit_->text());
    updateNumericOverlay();
    properties_->clear();
    if (const auto selected = graphPanel_->scene()->selectedItems(); !selected.isEmpty())
        if (auto* node = qgraphicsitem_cast<NodeItem*>(selected.front())) showNodeProperties(node->nodeId());
    emit positionChanged(position);
}

void MainWindow::onLayoutFinished(double seconds) {
    busy_->hide();
    updateChangeActions();
    statusBar()->showMessage(tr("Laid out in %1 s").arg(seconds, 0, 'f', 2), 4000);
    if (!document_->hasSteps()) {  // the preview of the loaded model, before its pipeline has finished
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

const VarMemoryPlan* MainWindow::memoryPlanShown() const {
    return document_->memoryPlanShown();
}

// The dock shows the plan of the graph at the selected step (onPositionChanged calls this while
// the dock can be seen, and showing the dock calls it too).
void MainWindow::updateMemoryMap() {
    if (const VarMemoryPlan* plan = memoryPlanShown())
        memoryMap_->setPlan(*plan);
    else
        memoryMap_->clear();
}

// A session's view (zoom, centre, overlay, selection) once its run is shown.
void MainWindow::applyPendingView() {
    const std::unique_ptr<Session> view = document_->takePendingView();
    if (!view) return;
    if (const auto mode = overlayFromKey(view->overlay)) setOverlay(*mode);
    actions_.sideBySide->setChecked(view->sideBySide);
    timeline_->setHideUnchanged(view->hideUnchanged);
    graphPanel_->view()->setZoom(view->zoom);
    graphPanel_->view()->centerOn(view->center);
    if (!view->selectedNode.isEmpty()) selectNodeByName(view->selectedNode);
}

void MainWindow::setOverlay(OverlayMode mode) {
    graphPanel_->setOverlay(mode);
    for (QAction* action : actions_.overlayGroup->actions())
        action->setChecked(action->data().toString() == overlayKey(mode));
    updateNumericOverlay();
}

void MainWindow::setSideBySide(bool on) {
    if (actions_.sideBySide->isChecked() != on) actions_.sideBySide->setChecked(on);
    graphPanel_->setSideBySide(on);
}

void MainWindow::updateStepActions() {
    const bool ready = document_->hasSteps();
    const bool loaded = document_->loadedModel() != nullptr;
    actions_.rerun->setEnabled(loaded && !document_->isRunning());
    actions_.options->setEnabled(loaded);
    actions_.cancel->setEnabled(document_->isRunning());
    for (QAction* a :
         {actions_.saveSession, actions_.exportModel, actions_.exportReport, actions_.exportPicture})
        a->setEnabled(ready);
    if (!ready) actions_.noFold->setEnabled(false);
    updateNumericActions();
}

void MainWindow::showPipelineError(const QString& message) {
    statusBar()->showMessage(tr("The pipeline failed: %1").arg(message));
    if (!interactive_) return;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Pipeline Failed"),
                                tr("The pipeline could not run."), QMessageBox::Ok, this);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

// ---- folding toggles ----

bool MainWindow::setNodeFoldingDisabled(const QString& nodeName, bool disabled) {
    if (!document_->setNodeFoldingDisabled(nodeName, disabled)) return false;
    statusBar()->showMessage(disabled ? tr("Folding switched off for %1; running again…").arg(nodeName)
                                      : tr("Folding switched on for %1; running again…").arg(nodeName));
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
    // Inside an If/Loop/Scan body the id is the body's: look it up there, not in the main graph.
    const bool inBody = graphPanel_->inSubgraph() && graphPanel_->shownGraph();
    const Graph* g = inBody ? graphPanel_->shownGraph() : document_->currentGraph();
    const Node* node = g ? g->findNode(id) : nullptr;
    if (!node) {  // a ghost (removed by the step) or a stale id: nothing to flag
        properties_->clear();
        actions_.noFold->setEnabled(false);
        actions_.noFold->setData(QString());
        actions_.noFold->setChecked(false);
        return;
    }
    NodeNotes notes;
    if (const std::optional<FoldingNote> note =
            document_->whyNotFolded(id, inBody ? pathOf(*g) : GraphPath{})) {
        notes.whyNotFolded = note->reason;
        notes.whyNotFoldedDetail = note->detail;
        notes.whyNotFoldedPass = note->pass;
    }
    if (document_->hasSteps()) {  // inside a body, the marks of the step there (ids are the body's)
        const StepMarks& marks = inBody ? graphPanel_->shownMarks() : document_->marks();
        if (marks.added.count(id))
            notes.change = tr("added by this step");
        else if (marks.edited.count(id))
            notes.change = tr("changed by this step");
    }
    // Persistent memory (docs/ge-variables.md §2): key and address from the plan at this step,
    // and for a variable the run's fusion decision and trans road (VarManager). Planning hashes
    // every weight, so for a constant only while the memory dock shows the plan anyway.
    const bool variableLike = op::isVariableType(node->opType(), node->domain());
    const bool planShown = !docks_.memory->visibleRegion().isEmpty();
    if (!inBody && (variableLike || (node->inputs().empty() && planShown))) {
        const PipelineResult* result = document_->pipelineResult().get();
        const VarManager* manager = result ? result->run.varManager.get() : nullptr;
        notes.variable = variableNote(*node, memoryPlanShown(), manager, result ? result->run.graphId : 0);
        if (notes.variable && notes.variable->hasDecision && result) {
            const auto& steps = result->journal.steps();
            for (size_t s = 0; s < steps.size() && !notes.variable->decidedAt; ++s)
                if (steps[s].pass == "VariableOpPass" && steps[s].graph.empty())
                    notes.variable->decidedAt = s + 1;
            notes.variable->shownAt = document_->position();
        }
    }
    notes.numeric = numericNoteFor(id);  // inside a body, the body's (numericNoteFor)
    if (graphPanel_->overlay() == OverlayMode::NodeData && !nodeData_->isEmpty() && document_->graphShown()) {
        const NodeDataShown data =
            nodeData_->shownFor(*document_->graphShown(), inBody ? bodyShown_ : GraphPath{});
        if (const auto it = data.texts.find(id); it != data.texts.end()) {
            notes.nodeData = it->second;
            notes.nodeDataSource = nodeData_->sources().join(QStringLiteral(", "));
        }
    }
    properties_->showNode(*g, *node, notes);
    actions_.noFold->setEnabled(document_->isLoadedNodeName(node->name()) && !document_->isRunning());
    actions_.noFold->setData(QString::fromStdString(node->name()));
    actions_.noFold->setChecked(document_->isNodeFoldingDisabled(node->name()));
}

void MainWindow::showNodeContextMenu(NodeId id, const QPoint& screenPos) {
    showNodeProperties(id);
    QMenu menu(this);
    menu.addAction(actions_.noFold);
    if (!actions_.noFold->isEnabled())
        menu.addAction(tr("(made by a pass: folding can only be switched off on nodes of the loaded model)"))
            ->setEnabled(false);
    const Graph* g = graphPanel_->inSubgraph() ? graphPanel_->shownGraph() : document_->graphShown();
    if (const Node* node = g ? g->findNode(id) : nullptr) {
        const auto bodies = bodiesOf(*node);
        if (!bodies.empty()) menu.addSeparator();
        for (const auto& [title, body] : bodies) {
            const QString crumb =
                QStringLiteral("%1 › %2").arg(QString::fromStdString(node->displayName()), title);
            const Graph* shown = body;
            menu.addAction(tr("Open Body “%1”").arg(title), this,
                           [this, shown, crumb] { enterBody(*shown, crumb); });
        }
    }
    menu.exec(screenPos);
}

bool MainWindow::openBody(const QString& ownerName, const QString& attribute) {
    auto find = [&](const Graph* g) {
        const Node* owner = nullptr;
        if (g)
            g->forEachNode([&](const Node& n) {
                if (!owner && n.name() == ownerName.toStdString()) owner = &n;
            });
        return owner;
    };
    // In the body shown, else in the main graph (a body step opened a body already).
    const Node* owner = graphPanel_->inSubgraph() ? find(graphPanel_->shownGraph()) : nullptr;
    const bool fromMain = !owner;
    if (fromMain) owner = find(document_->graphShown());
    if (!owner) return false;
    for (const auto& [title, body] : bodiesOf(*owner))
        if (attribute.isEmpty() || title == attribute) {
            if (fromMain && graphPanel_->inSubgraph()) {
                if (bodyShown_ == pathOf(*body)) return true;  // open already
                graphPanel_->leaveSubgraph();
            }
            enterBody(*body,
                      QStringLiteral("%1 › %2").arg(QString::fromStdString(owner->displayName()), title));
            return true;
        }
    return false;
}

void MainWindow::enterBody(const Graph& body, const QString& crumb) {
    // The body's nested pass runs are steps too: mark what the selected one changed, and show
    // the same body in the graph before that step (resolved by path: ids survive replay).
    const GraphPath path = pathOf(body);
    graphPanel_->enterSubgraph(body, crumb, document_->bodyMarks(body, path), document_->bodyBefore(path));
    bodyShown_ = path;
    updateNumericOverlay();  // the body's own numbers
}

// ---- walking the changes of a step ----

bool MainWindow::showNextChange() {
    return walkChanges(+1);
}

bool MainWindow::showPreviousChange() {
    return walkChanges(-1);
}

bool MainWindow::walkChanges(int direction) {
    const std::vector<NodeId> changes = graphPanel_->changedNodes();
    if (changes.empty()) {
        statusBar()->showMessage(tr("The step shown marks no node"), 4000);
        return false;
    }
    const int count = static_cast<int>(changes.size());
    // A change the user selected is where the walk goes on from.
    int current = changeCursor_ < count ? changeCursor_ : -1;
    if (const auto selected = graphPanel_->scene()->selectedItems(); !selected.isEmpty())
        if (auto* node = qgraphicsitem_cast<NodeItem*>(selected.front()))
            if (const auto it = std::find(changes.begin(), changes.end(), node->nodeId());
                it != changes.end())
                current = static_cast<int>(it - changes.begin());
    const int next =
        current < 0 ? (direction > 0 ? 0 : count - 1) : ((current + direction) % count + count) % count;
    changeCursor_ = next;
    const NodeId id = changes[next];
    graphPanel_->revealNode(id);
    const DiagramModel* diagram = graphPanel_->diagram();
    const int index = diagram ? diagram->indexOf(id) : -1;
    const QString name =
        index >= 0 ? QString::fromStdString(diagram->node(index).name.empty() ? diagram->node(index).opType
                                                                              : diagram->node(index).name)
                   : QString::number(id);
    const StepMarks& marks = graphPanel_->shownMarks();
    const QString what = marks.removed.count(id) ? tr("removed")
                         : marks.added.count(id) ? tr("added")
                                                 : tr("changed");
    changeLabel_->setText(tr("Change %1 of %2: %3 (%4)").arg(next + 1).arg(count).arg(name, what));
    return true;
}

void MainWindow::updateChangeActions() {
    const int count = document_->hasSteps() ? static_cast<int>(graphPanel_->changedNodes().size()) : 0;
    actions_.nextChange->setEnabled(count > 0);
    actions_.previousChange->setEnabled(count > 0);
    changeLabel_->setText(count ? tr("%n change(s) (%1: next)", nullptr, count)
                                      .arg(actions_.nextChange->shortcut().toString(QKeySequence::NativeText))
                                : QString());
}

// ---- search ----

int MainWindow::search(const QString& query) {
    const std::vector<NodeId>& hits = document_->search(query);
    graphPanel_->setSearchHits(std::unordered_set<NodeId>(hits.begin(), hits.end()));
    searchCount_->setText(query.isEmpty() ? QString()
                                          : tr("%n match(es)", nullptr, static_cast<int>(hits.size())));
    return static_cast<int>(hits.size());
}

void MainWindow::jumpToNextSearchHit() {
    const auto hit = document_->nextSearchHit();
    if (!hit) return;
    const auto [id, index] = *hit;
    searchCount_->setText(tr("%1 of %2").arg(index + 1).arg(document_->searchHits().size()));
    graphPanel_->revealNode(id);
    onGraphNodeSelected(id);
}

}  // namespace passscope::views

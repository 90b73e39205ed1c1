// The main window: builds its parts, wires them to each other and to the document, and keeps the
// API the application and the tests use (main_window.h).
#include "main_window.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>

#include "diagram/diagram_model.h"
#include "graph/graph_scene.h"
#include "graph/node_item.h"
#include "memory/memory_map_panel.h"
#include "numeric/numeric_view.h"
#include "panels/properties_panel.h"
#include "panels/summary_panel.h"
#include "panels/warnings_panel.h"
#include "session/session_file.h"
#include "timeline/timeline_panel.h"
#include "window/action_table.h"
#include "window/dock_panels.h"
#include "window/recent_files.h"
#include "window/recent_menu.h"
#include "window/search_bar.h"
#include "window/view_state.h"
#include "window/welcome_page.h"
#include "window/window_dialogs.h"
#include "window/window_status.h"

// Resources of a static library must be registered by hand (outside any namespace).
static void initPassScopeResources() {
    Q_INIT_RESOURCE(passscope);
}

namespace passscope::views {
namespace {
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      document_(new ModelDocument(this)),
      actions_(new WindowActions(this)),
      pages_(new QStackedWidget(this)),
      graphPanel_(new GraphPanel(this)),
      steps_(new StepFollower(*document_, *graphPanel_, this)),
      dialogs_(new WindowDialogs(*this)),
      numeric_(new NumericView(*this, *steps_)),
      search_(new SearchBar(*document_, *graphPanel_, this)),
      recent_(new RecentFiles(this)) {
    initPassScopeResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("PassScope"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/passscope.svg")));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks);

    const DockPanels docks = addDockPanels(*this, *document_);
    timeline_ = docks.timeline;
    nodes_ = docks.nodes;
    properties_ = docks.properties;
    warnings_ = docks.warnings;
    memoryMap_ = docks.memory;
    actions_->add(windowActionTable({*this, *document_, *dialogs_, *numeric_, *steps_, *nodes_}));
    steps_->setNextChangeKey((*actions_)[QStringLiteral("nextChange")]->shortcut());
    pages_->addWidget(new WelcomePage((*actions_)[QStringLiteral("open")], windowIcon(), this));
    pages_->addWidget(graphPanel_);
    setCentralWidget(pages_);
    createMenusAndToolBar(docks.toggles);
    status_ = new WindowStatus(statusBar(), (*actions_)[QStringLiteral("cancelLoad")]);
    status_->attach(*document_, *graphPanel_);
    connect(status_, &WindowStatus::warningsRequested, this, [this] {
        warnings_->parentWidget()->show();
        warnings_->parentWidget()->raise();
    });
    statusBar()->showMessage(tr("Ready"));
    resize(1400, 860);

    connectDocument();
    connectGraphPanel();
    connect(steps_, &StepFollower::changeText, this, [this](const QString& text) {
        status_->setChangeText(text);
        actions_->update();
    });
    connect(steps_, &StepFollower::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(numeric_, &NumericView::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(steps_, &StepFollower::bodyChanged, numeric_, &NumericView::updateOverlays);
    connect(numeric_, &NumericView::stateChanged, actions_, &WindowActions::update);
    connect(numeric_, &NumericView::numericUpdated, this, &MainWindow::numericUpdated);
    connect(numeric_, &NumericView::divergentStepFound, this, &MainWindow::divergentStepFound);
    connect(numeric_, &NumericView::numbersArrived, this, &MainWindow::showSelectedNodeProperties);
    connect(search_, &SearchBar::hitChosen, this, &MainWindow::onGraphNodeSelected);
    connect(timeline_, &TimelinePanel::cancelRequested, document_, &ModelDocument::cancelPipeline);
    connect(timeline_, &TimelinePanel::positionSelected, this, [this](size_t p) { showPosition(p); });
    connect(nodes_, &NodesPanel::rowChanged, this, [this](NodeId id) {
        if (id == kNoNode) return properties_->clear();
        showNodeProperties(id);
        if (syncingSelection_) return;  // the table leads: show the node in the graph too
        syncingSelection_ = true;
        graphPanel_->revealNode(id);
        syncingSelection_ = false;
    });
    connect(memoryMap_, &MemoryMapPanel::nodeActivated, this, [this](NodeId id) {
        graphPanel_->revealNode(id);
        onGraphNodeSelected(id);
    });
    actions_->update();
}

MainWindow::~MainWindow() = default;

// ---- construction ----

void MainWindow::createMenusAndToolBar(std::vector<QAction*> dockToggles) {
    OutsideEntries outside;
    auto* recent = new RecentMenu(recent_, this);
    connect(recent, &RecentMenu::openRequested, this, &MainWindow::openModel);
    outside.recent = recent;
    outside.dockToggles = std::move(dockToggles);
    outside.timelineSteps = {timeline_->firstAction(), timeline_->previousAction(), timeline_->nextAction(),
                             timeline_->lastAction()};
    outside.toolBarWidgets = {search_};
    actions_->fillMenuBar(menuBar(), windowMenus(outside));
    QToolBar* bar = addToolBar(tr("Graph"));
    bar->setObjectName(QStringLiteral("graphToolBar"));
    actions_->fillToolBar(bar, windowToolBar(outside, new QLabel(tr("Overlay:"))));
}

// The document's news, shown: each handler updates the widgets, then emits the window's signal.
void MainWindow::connectDocument() {
    connect(document_, &ModelDocument::loadStarted, this, [this](const QString& path) {
        actions_->update();
        emit loadStarted(path);
    });
    // Nothing may point into the previous model or run once the document releases them.
    connect(document_, &ModelDocument::modelAboutToChange, this, [this] {
        graphPanel_->clear();
        steps_->clear();
    });
    connect(document_, &ModelDocument::modelLoaded, this, &MainWindow::onModelLoaded);
    connect(document_, &ModelDocument::loadFailed, this, &MainWindow::onLoadFailed);
    connect(document_, &ModelDocument::pipelineStarted, this, [this] {
        timeline_->showRunning(0, QString());
        actions_->update();
    });
    connect(document_, &ModelDocument::pipelineProgress, timeline_, &TimelinePanel::showRunning);
    connect(document_, &ModelDocument::runFinished, timeline_, &TimelinePanel::showIdle);
    connect(document_, &ModelDocument::pipelineFinished, this, &MainWindow::onStepsReady);
    // A run that ends without steps: the timeline stops showing it running.
    auto stopped = [this] {
        timeline_->showIdle();
        actions_->update();
    };
    connect(document_, &ModelDocument::pipelineFailed, this, [this, stopped](const QString& message) {
        stopped();
        showPipelineError(message);
        emit pipelineFailed(message);
    });
    connect(document_, &ModelDocument::pipelineCancelled, this, stopped);
    connect(document_, &ModelDocument::loadCancelled, actions_, &WindowActions::update);
    connect(document_, &ModelDocument::positionChanged, this, &MainWindow::onPositionSelected);
}

void MainWindow::connectGraphPanel() {
    connect(graphPanel_, &GraphPanel::layoutFinished, this, &MainWindow::onLayoutFinished);
    connect(graphPanel_, &GraphPanel::nodeSelected, this, &MainWindow::onGraphNodeSelected);
    connect(graphPanel_, &GraphPanel::edgeSelected, this, [this](NodeId producer, NodeId consumer) {
        const Graph* g = document_->currentGraph();
        const Node* p = g ? g->findNode(producer) : nullptr;
        const Node* c = g ? g->findNode(consumer) : nullptr;
        if (p && c)
            properties_->showEdge(*g, *p, *c);
        else
            properties_->clear();  // an edge into a collapsed scope stands for many values
    });
    connect(graphPanel_, &GraphPanel::nodeContextMenuRequested, this, &MainWindow::showNodeContextMenu);
}

// ---- loading and runs ----

void MainWindow::onModelLoaded() {
    const LoadedModel& m = *document_->loadedModel();
    pages_->setCurrentIndex(1);
    properties_->clear();
    setWindowFilePath(m.path);
    setWindowTitle(tr("%1 — PassScope").arg(QFileInfo(m.path).fileName()));
    recent_->add(m.path);
    firstViewShown_ = false;
    previewShown_ = false;
    // The model as loaded is shown at once, while the pipeline runs (its steps replace it).
    graphPanel_->setDiagram(m.preview ? m.preview : DiagramModel::fromGraph(*m.model.graph));
    graphPanel_->showStep(nullptr, m.model.graph.get(), {});
    actions_->update();
    emit modelLoaded(m.path);  // the document runs the pipeline next
}

void MainWindow::onLoadFailed(const QString& path, const QString& message) {
    actions_->update();
    if (!QFileInfo::exists(path)) recent_->remove(path);
    dialogs_->showLoadError(path, message);
    emit loadFailed(message);
}

void MainWindow::showPipelineError(const QString& message) {
    statusBar()->showMessage(tr("The pipeline failed: %1").arg(message));
    dialogs_->showPipelineError(message);
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
    graphPanel_->setDiagram(document_->diagram(), expanded, /*keepView=*/previewShown_ || firstViewShown_,
                            /*addDefault=*/!session && !firstViewShown_);
    onPositionChanged(document_->position());
    emit pipelineFinished();
}

// ---- steps ----

bool MainWindow::isBusy() const {
    return document_->isLoading() || document_->isRunning() || graphPanel_->isLayingOut();
}

// A step the user selected (timeline, step buttons and keys, showPosition): shown, then followed.
void MainWindow::onPositionSelected(size_t position) {
    // Where the user is, taken before the new graphs replace the body shown (its Graph goes).
    const StepFollower::Place before = steps_->place();
    onPositionChanged(position);
    steps_->follow(before);
}

// The panels of the docks follow the document themselves; the graph, the timeline, the search,
// the overlays and the properties of the selected node follow here, in this order.
void MainWindow::onPositionChanged(size_t position) {
    graphPanel_->showStep(document_->graphBefore(), document_->graphShown(), document_->marks());
    steps_->countChanges(true);
    timeline_->setPosition(position);
    search_->refresh();
    numeric_->updateOverlays();
    properties_->clear();
    showSelectedNodeProperties();
    actions_->update();
    emit positionChanged(position);
}

void MainWindow::onLayoutFinished() {
    steps_->countChanges(false);
    if (!document_->hasSteps()) {  // the preview of the loaded model, before its pipeline has finished
        if (!previewShown_) {
            previewShown_ = true;
            emit previewReady();
        }
        return;
    }
    // A session's view (zoom, centre, overlay, selection) once its run is shown.
    if (const std::unique_ptr<Session> view = document_->takePendingView()) applyView(*view, *this);
    if (!firstViewShown_) {
        firstViewShown_ = true;
        emit viewReady();
    }
}

bool MainWindow::setNodeFoldingDisabled(const QString& nodeName, bool disabled) {
    if (!document_->setNodeFoldingDisabled(nodeName, disabled)) return false;
    statusBar()->showMessage(disabled ? tr("Folding switched off for %1; running again…").arg(nodeName)
                                      : tr("Folding switched on for %1; running again…").arg(nodeName));
    return true;
}

void MainWindow::setOverlay(OverlayMode mode) {
    graphPanel_->setOverlay(mode);
    for (QAction* action : actions_->groupActions(QStringLiteral("overlay")))
        action->setChecked(action->data().toString() == overlayKey(mode));
    numeric_->updateOverlays();
}

void MainWindow::setSideBySide(bool on) {
    QAction* action = (*actions_)[QStringLiteral("sideBySide")];
    if (action->isChecked() != on) action->setChecked(on);
    graphPanel_->setSideBySide(on);
}

// ---- selection, properties and the context menu ----

void MainWindow::onGraphNodeSelected(NodeId id) {
    showNodeProperties(id);
    if (syncingSelection_) return;
    syncingSelection_ = true;
    nodes_->followSelection(id);
    syncingSelection_ = false;
}

void MainWindow::showNodeProperties(NodeId id) {
    // Inside an If/Loop/Scan body the id is the body's: look it up there, not in the main graph.
    const bool inBody = graphPanel_->inSubgraph() && graphPanel_->shownGraph();
    const Graph* g = inBody ? graphPanel_->shownGraph() : document_->currentGraph();
    const Node* node = g ? g->findNode(id) : nullptr;
    QAction* noFold = (*actions_)[QStringLiteral("noFold")];
    if (!node) {  // a ghost (removed by the step) or a stale id: nothing to flag
        properties_->clear();
        noFold->setData(QString());
        noFold->setChecked(false);
    } else {
        NoteScope scope;
        scope.body = inBody ? pathOf(*g) : GraphPath{};
        scope.constantsInPlan = !memoryMap_->visibleRegion().isEmpty();
        scope.nodeData = graphPanel_->overlay() == OverlayMode::NodeData;
        properties_->showNode(*g, *node, document_->nodeNotes(*g, id, scope));
        noFold->setData(QString::fromStdString(node->name()));
        noFold->setChecked(document_->isNodeFoldingDisabled(node->name()));
    }
    actions_->update();
}

void MainWindow::showSelectedNodeProperties() {
    if (const auto selected = graphPanel_->scene()->selectedItems(); !selected.isEmpty())
        if (auto* node = qgraphicsitem_cast<NodeItem*>(selected.front())) showNodeProperties(node->nodeId());
}

void MainWindow::showNodeContextMenu(NodeId id, const QPoint& screenPos) {
    showNodeProperties(id);
    QMenu menu(this);
    QAction* noFold = (*actions_)[QStringLiteral("noFold")];
    menu.addAction(noFold);
    if (!noFold->isEnabled())
        menu.addAction(tr("(made by a pass: folding can only be switched off on nodes of the loaded model)"))
            ->setEnabled(false);
    const Graph* g = graphPanel_->inSubgraph() ? graphPanel_->shownGraph() : document_->graphShown();
    if (const Node* node = g ? g->findNode(id) : nullptr) {
        const auto bodies = StepFollower::bodiesOf(*node);
        if (!bodies.empty()) menu.addSeparator();
        for (const auto& [title, body] : bodies) {
            const QString crumb =
                QStringLiteral("%1 › %2").arg(QString::fromStdString(node->displayName()), title);
            const Graph* shown = body;
            menu.addAction(tr("Open Body “%1”").arg(title), this,
                           [this, shown, crumb] { steps_->enterBody(*shown, crumb); });
        }
    }
    menu.exec(screenPos);
}

// ---- the rest of the API ----

QDockWidget* MainWindow::memoryDock() const {
    return qobject_cast<QDockWidget*>(memoryMap_->parentWidget());
}

// The window adds where the user looks; the document the model, options and position.
bool MainWindow::saveSession(const QString& path, QString* error) {
    return document_->saveSession(path, captureView(*graphPanel_, *timeline_), error);
}

// ---- drag and drop, window state ----

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!WindowDialogs::droppedModel(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = WindowDialogs::droppedModel(event->mimeData());
    if (path.isEmpty()) return;
    event->acceptProposedAction();
    openModel(path);
}

void MainWindow::restoreLayout() {
    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    restoreState(settings.value(kStateKey).toByteArray());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    event->accept();
}

}  // namespace passscope::views

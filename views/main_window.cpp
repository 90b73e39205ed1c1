#include "main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

#include "compare/compare_window.h"
#include "diagram/diagram_model.h"
#include "document/model_document.h"
#include "graph/graph_panel.h"
#include "memory/memory_map_panel.h"
#include "node_filter_proxy_model.h"
#include "node_table_model.h"
#include "numeric/node_data_overlay.h"
#include "numeric/numeric_controller.h"
#include "properties_panel.h"
#include "recent_files.h"
#include "summary_panel.h"
#include "timeline/timeline_panel.h"
#include "warnings_panel.h"

// Resources of a static library must be registered by hand (outside any namespace).
static void initPassScopeResources() {
    Q_INIT_RESOURCE(passscope);
}

namespace passscope::views {
namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kLastDirKey = QStringLiteral("lastOpenDir");

QString durationText(double seconds) {
    if (seconds < 1.0) return MainWindow::tr("%1 ms").arg(seconds * 1000.0, 0, 'f', 1);
    return MainWindow::tr("%1 s").arg(seconds, 0, 'f', 2);
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      document_(new ModelDocument(this)),
      numeric_(new NumericController(this)),
      nodeData_(std::make_unique<NodeDataOverlay>()),
      recent_(new RecentFiles(this)),
      tableModel_(new NodeTableModel(this)),
      filter_(new NodeFilterProxyModel(this)) {
    initPassScopeResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("PassScope"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/passscope.svg")));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks);

    filter_->setSourceModel(tableModel_);

    createActions();
    graphPanel_ = new GraphPanel(this);
    pages_ = new QStackedWidget(this);
    pages_->addWidget(createWelcomePage());
    pages_->addWidget(graphPanel_);
    setCentralWidget(pages_);
    createDocks();
    createMenus();
    createToolBar();
    createStatusBar();
    resize(1400, 860);

    connectDocument();
    connectNumeric();
    connect(recent_, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    connect(timeline_, &TimelinePanel::cancelRequested, document_, &ModelDocument::cancelPipeline);
    connect(timeline_, &TimelinePanel::positionSelected, this, &MainWindow::showPosition);
    connect(graphPanel_, &GraphPanel::layoutFinished, this, &MainWindow::onLayoutFinished);
    connect(graphPanel_, &GraphPanel::layoutFailed, this, [this](const QString& message) {
        busy_->hide();
        statusBar()->showMessage(tr("Layout failed: %1").arg(message));
    });
    connect(graphPanel_, &GraphPanel::layoutStarted, this, [this](int boxes) {
        busy_->show();
        statusBar()->showMessage(tr("Laying out %n box(es)…", nullptr, boxes));
    });
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
    connect(graphPanel_, &GraphPanel::subgraphChanged, this, [this](const QStringList& breadcrumb) {
        if (breadcrumb.size() <= 1) {  // back on the main graph
            bodyShown_.clear();
            updateNumericOverlay();
        }
        changeCursor_ = -1;
        updateChangeActions();
    });
    updateStepActions();
}

MainWindow::~MainWindow() = default;

// The document's news, shown: each handler updates the widgets, then emits the window's signal.
void MainWindow::connectDocument() {
    connect(document_, &ModelDocument::loadStarted, this, &MainWindow::onLoadStarted);
    connect(document_, &ModelDocument::modelAboutToChange, this, &MainWindow::onModelAboutToChange);
    connect(document_, &ModelDocument::modelLoaded, this, &MainWindow::onModelLoaded);
    connect(document_, &ModelDocument::loadFailed, this, &MainWindow::onLoadFailed);
    connect(document_, &ModelDocument::loadCancelled, this, [this] {
        showLoadEnded();
        statusBar()->showMessage(tr("Loading cancelled"), 5000);
    });
    connect(document_, &ModelDocument::pipelineStarted, this, &MainWindow::onPipelineStarted);
    connect(document_, &ModelDocument::pipelineProgress, timeline_, &TimelinePanel::showRunning);
    connect(document_, &ModelDocument::runFinished, this, &MainWindow::onRunFinished);
    connect(document_, &ModelDocument::pipelineFinished, this, &MainWindow::onStepsReady);
    connect(document_, &ModelDocument::pipelineFailed, this, [this](const QString& message) {
        timeline_->showIdle();
        updateStepActions();
        showPipelineError(message);
        emit pipelineFailed(message);
    });
    connect(document_, &ModelDocument::pipelineCancelled, this, [this] {
        timeline_->showIdle();
        statusBar()->showMessage(tr("Pipeline cancelled"), 5000);
        updateStepActions();
    });
    connect(document_, &ModelDocument::positionChanged, this, &MainWindow::onPositionSelected);
    connect(document_, &ModelDocument::warning, this,
            [this](const QString& message) { statusBar()->showMessage(message, 5000); });
}

// ---- construction ----

void MainWindow::createActions() {
    actions_.open = new QAction(
        QIcon::fromTheme(QStringLiteral("document-open"), style()->standardIcon(QStyle::SP_DialogOpenButton)),
        tr("&Open…"), this);
    actions_.open->setShortcut(QKeySequence::Open);
    actions_.open->setStatusTip(tr("Open an ONNX model"));
    connect(actions_.open, &QAction::triggered, this, &MainWindow::showOpenDialog);

    actions_.compare = new QAction(tr("Compare &With…"), this);
    actions_.compare->setStatusTip(tr("Show the model beside another one with the differences marked"));
    actions_.compare->setEnabled(false);  // until a model is loaded
    connect(actions_.compare, &QAction::triggered, this, &MainWindow::showCompareDialog);

    actions_.cancelLoad = new QAction(tr("&Cancel Loading"), this);
    actions_.cancelLoad->setShortcut(QKeySequence(Qt::Key_Escape));
    actions_.cancelLoad->setEnabled(false);
    connect(actions_.cancelLoad, &QAction::triggered, this, &MainWindow::cancelLoading);

    actions_.quit = new QAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"), this);
    actions_.quit->setShortcut(QKeySequence::Quit);
    actions_.quit->setMenuRole(QAction::QuitRole);
    connect(actions_.quit, &QAction::triggered, this, &QWidget::close);

    actions_.find = new QAction(tr("&Filter Nodes"), this);
    actions_.find->setShortcut(QKeySequence::Find);
    connect(actions_.find, &QAction::triggered, this, [this] {
        if (!document_->loadedModel()) return;
        filterEdit_->setFocus(Qt::ShortcutFocusReason);
        filterEdit_->selectAll();
    });

    actions_.about = new QAction(tr("&About PassScope"), this);
    actions_.about->setMenuRole(QAction::AboutRole);
    connect(actions_.about, &QAction::triggered, this, &MainWindow::showAbout);
    actions_.aboutQt = new QAction(tr("About &Qt"), this);
    actions_.aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(actions_.aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);

    createViewActions();
    createPipelineActions();
    createNumericActions();
    createNodeDataActions();
    createFileActions();
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(actions_.open);
    file->addAction(actions_.openDumpFolder);
    menus_.recent = file->addMenu(tr("Open &Recent"));
    menus_.recent->setObjectName(QStringLiteral("recentMenu"));
    rebuildRecentMenu();
    file->addAction(actions_.compare);
    file->addAction(actions_.cancelLoad);
    file->addSeparator();
    file->addAction(actions_.openSession);
    file->addAction(actions_.saveSession);
    file->addSeparator();
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(actions_.exportModel);
    exportMenu->addAction(actions_.exportReport);
    exportMenu->addAction(actions_.exportPicture);
    file->addSeparator();
    file->addAction(actions_.quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(actions_.find);

    menus_.view = menuBar()->addMenu(tr("&View"));
    menus_.overlay = menus_.view->addMenu(tr("&Overlay"));
    menus_.overlay->addActions(actions_.overlayGroup->actions());
    QMenu* nodeData = menus_.view->addMenu(tr("&Node Data"));
    nodeData->addAction(actions_.loadNodeData);
    nodeData->addAction(actions_.loadNodeDataFolder);
    nodeData->addAction(actions_.clearNodeData);
    menus_.view->addAction(actions_.sideBySide);
    menus_.view->addAction(actions_.minimap);
    menus_.view->addSeparator();
    menus_.view->addAction(actions_.zoomIn);
    menus_.view->addAction(actions_.zoomOut);
    menus_.view->addAction(actions_.fit);
    menus_.view->addSeparator();
    menus_.view->addAction(docks_.timeline->toggleViewAction());
    menus_.view->addAction(docks_.nodes->toggleViewAction());
    menus_.view->addAction(docks_.summary->toggleViewAction());
    menus_.view->addAction(docks_.properties->toggleViewAction());
    menus_.view->addAction(docks_.warnings->toggleViewAction());
    menus_.view->addAction(docks_.memory->toggleViewAction());
    menus_.view->addSeparator();
    menus_.language = menus_.view->addMenu(tr("&Language"));
    for (const auto& [locale, name] : {std::pair{QStringLiteral(""), tr("System default")},
                                       std::pair{QStringLiteral("en"), QStringLiteral("English")},
                                       std::pair{QStringLiteral("zh_CN"), QStringLiteral("简体中文")}}) {
        QAction* action = menus_.language->addAction(name);
        connect(action, &QAction::triggered, this, [this, locale] { chooseLanguage(locale); });
    }

    menus_.pipeline = menuBar()->addMenu(tr("&Pipeline"));
    menus_.pipeline->addAction(actions_.rerun);
    menus_.pipeline->addAction(actions_.options);
    menus_.pipeline->addAction(actions_.cancel);
    menus_.pipeline->addSeparator();
    menus_.pipeline->addAction(timeline_->firstAction());
    menus_.pipeline->addAction(timeline_->previousAction());
    menus_.pipeline->addAction(timeline_->nextAction());
    menus_.pipeline->addAction(timeline_->lastAction());
    menus_.pipeline->addAction(actions_.previousChange);
    menus_.pipeline->addAction(actions_.nextChange);
    menus_.pipeline->addSeparator();
    menus_.pipeline->addAction(actions_.numericInputs);
    menus_.pipeline->addAction(actions_.findDivergent);
    menus_.pipeline->addSeparator();
    menus_.pipeline->addAction(actions_.noFold);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(actions_.about);
    help->addAction(actions_.aboutQt);
}

QWidget* MainWindow::createWelcomePage() {
    auto* page = new QWidget(this);
    page->setObjectName(QStringLiteral("welcomePage"));
    auto* layout = new QVBoxLayout(page);
    layout->addStretch(3);
    auto* icon = new QLabel(page);
    icon->setPixmap(windowIcon().pixmap(96, 96));
    icon->setAlignment(Qt::AlignCenter);
    layout->addWidget(icon);
    auto* title = new QLabel(tr("Open a model to see what the graph compiler does to it"), page);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    title->setFont(titleFont);
    title->setAlignment(Qt::AlignCenter);
    layout->addWidget(title);
    auto* hint =
        new QLabel(tr("Choose File ▸ Open… (%1), pick a recent model, or drop an ONNX file (or a folder of "
                      "GE graph dumps) on this window.")
                       .arg(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)),
                   page);
    hint->setAlignment(Qt::AlignCenter);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(hint);
    auto* button = new QPushButton(actions_.open->icon(), tr("Open Model…"), page);
    connect(button, &QPushButton::clicked, actions_.open, &QAction::trigger);
    auto* row = new QHBoxLayout;
    row->addStretch();
    row->addWidget(button);
    row->addStretch();
    layout->addSpacing(8);
    layout->addLayout(row);
    layout->addStretch(4);
    return page;
}

QWidget* MainWindow::createTablePage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(4);

    auto* bar = new QHBoxLayout;
    filterEdit_ = new QLineEdit(page);
    filterEdit_->setObjectName(QStringLiteral("nodeFilter"));
    filterEdit_->setPlaceholderText(tr("Filter by node name or op type (regular expression)"));
    filterEdit_->setClearButtonEnabled(true);
    filterEdit_->setAcceptDrops(false);  // a dropped file opens the model
    filterEdit_->addAction(
        QIcon::fromTheme(QStringLiteral("edit-find"), QIcon(QStringLiteral(":/icons/edit-find.svg"))),
        QLineEdit::LeadingPosition);
    filterEdit_->setToolTip(tr("Case-insensitive unless the pattern contains an upper-case letter."));
    connect(filterEdit_, &QLineEdit::textChanged, filter_, &NodeFilterProxyModel::setPattern);
    connect(filter_, &NodeFilterProxyModel::patternChanged, this, &MainWindow::onFilterPatternChanged);
    bar->addWidget(filterEdit_, 1);
    filterCount_ = new QLabel(page);
    filterCount_->setObjectName(QStringLiteral("nodeCount"));
    bar->addWidget(filterCount_);
    layout->addLayout(bar);

    table_ = new QTableView(page);
    table_->setObjectName(QStringLiteral("nodeTable"));
    table_->setModel(filter_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->setSortingEnabled(true);
    table_->sortByColumn(NodeTableModel::IdColumn, Qt::AscendingOrder);
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideRight);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->horizontalHeader()->setHighlightSections(false);
    // Value lists share the width left by the identity columns; their tooltips show them whole.
    for (int c : {NodeTableModel::InputsColumn, NodeTableModel::OutputsColumn})
        table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
    table_->setFrameShape(QFrame::NoFrame);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::onCurrentRowChanged);
    connect(filter_, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateFilterCount);
    connect(filter_, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateFilterCount);
    connect(filter_, &QAbstractItemModel::modelReset, this, &MainWindow::updateFilterCount);
    connect(filter_, &QAbstractItemModel::layoutChanged, this, &MainWindow::updateFilterCount);
    layout->addWidget(table_, 1);
    return page;
}

void MainWindow::createDocks() {
    timeline_ = new TimelinePanel(this);
    timeline_->setObjectName(QStringLiteral("timelinePanel"));
    docks_.timeline = new QDockWidget(tr("Pass Timeline"), this);
    docks_.timeline->setObjectName(QStringLiteral("timelineDock"));
    docks_.timeline->setWidget(timeline_);
    addDockWidget(Qt::BottomDockWidgetArea, docks_.timeline);

    docks_.nodes = new QDockWidget(tr("Nodes"), this);
    docks_.nodes->setObjectName(QStringLiteral("nodesDock"));
    docks_.nodes->setWidget(createTablePage());

    summary_ = new SummaryPanel(this);
    summary_->setObjectName(QStringLiteral("summaryPanel"));
    docks_.summary = new QDockWidget(tr("Model"), this);
    docks_.summary->setObjectName(QStringLiteral("modelDock"));
    docks_.summary->setWidget(summary_);
    addDockWidget(Qt::LeftDockWidgetArea, docks_.summary);
    addDockWidget(Qt::LeftDockWidgetArea, docks_.nodes);
    connect(docks_.nodes, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible) return;
        ensureTableCurrent();  // brings a table left behind while hidden up to date
        updateFilterCount();
    });
    tabifyDockWidget(docks_.summary, docks_.nodes);
    docks_.summary->raise();

    properties_ = new PropertiesPanel(this);
    properties_->setObjectName(QStringLiteral("propertiesPanel"));
    docks_.properties = new QDockWidget(tr("Properties"), this);
    docks_.properties->setObjectName(QStringLiteral("propertiesDock"));
    docks_.properties->setWidget(properties_);
    addDockWidget(Qt::RightDockWidgetArea, docks_.properties);

    warnings_ = new WarningsPanel(this);
    warnings_->setObjectName(QStringLiteral("warningsPanel"));
    docks_.warnings = new QDockWidget(tr("Warnings"), this);
    docks_.warnings->setObjectName(QStringLiteral("warningsDock"));
    docks_.warnings->setWidget(warnings_);
    addDockWidget(Qt::BottomDockWidgetArea, docks_.warnings);
    docks_.warnings->hide();  // shown when a model brings warnings

    memoryMap_ = new MemoryMapPanel(this);
    memoryMap_->setObjectName(QStringLiteral("memoryMapPanel"));
    docks_.memory = new QDockWidget(tr("Variable Memory"), this);
    docks_.memory->setObjectName(QStringLiteral("memoryDock"));
    docks_.memory->setWidget(memoryMap_);
    addDockWidget(Qt::BottomDockWidgetArea, docks_.memory);
    tabifyDockWidget(docks_.timeline, docks_.memory);
    // Planning hashes every weight: only while the map can be seen.
    connect(docks_.memory, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) updateMemoryMap();
    });
    connect(memoryMap_, &MemoryMapPanel::nodeActivated, this, [this](NodeId id) {
        graphPanel_->revealNode(id);
        onGraphNodeSelected(id);
    });
    tabifyDockWidget(docks_.timeline, docks_.warnings);
    docks_.timeline->raise();
    resizeDocks({docks_.summary, docks_.properties}, {250, 330}, Qt::Horizontal);
    resizeDocks({docks_.timeline}, {230}, Qt::Vertical);
}

void MainWindow::createStatusBar() {
    changeLabel_ = new QLabel(this);  // "12 changes (F3: next)", "Change 3 of 12: …"
    changeLabel_->setObjectName(QStringLiteral("changeStatus"));
    statusBar()->addPermanentWidget(changeLabel_);
    busy_ = new QProgressBar(this);
    busy_->setObjectName(QStringLiteral("busyIndicator"));
    busy_->setRange(0, 0);  // indeterminate
    busy_->setMaximumWidth(140);
    busy_->setMaximumHeight(statusBar()->fontMetrics().height());
    busy_->setTextVisible(false);
    busy_->hide();
    statusBar()->addPermanentWidget(busy_);
    cancelLoadButton_ = new QToolButton(this);
    cancelLoadButton_->setObjectName(QStringLiteral("cancelLoadButton"));
    cancelLoadButton_->setDefaultAction(actions_.cancelLoad);
    cancelLoadButton_->setAutoRaise(true);
    cancelLoadButton_->hide();
    statusBar()->addPermanentWidget(cancelLoadButton_);

    timeLabel_ = new QLabel(this);
    timeLabel_->setObjectName(QStringLiteral("loadTime"));
    statusBar()->addPermanentWidget(timeLabel_);

    warningsButton_ = new QToolButton(this);
    warningsButton_->setObjectName(QStringLiteral("warningsButton"));
    warningsButton_->setAutoRaise(true);
    warningsButton_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    warningsButton_->setIconSize(QSize(16, 16));
    warningsButton_->setToolTip(tr("Show the warnings reported while loading"));
    warningsButton_->hide();
    connect(warningsButton_, &QToolButton::clicked, this, [this] {
        docks_.warnings->show();
        docks_.warnings->raise();
    });
    statusBar()->addPermanentWidget(warningsButton_);
    statusBar()->showMessage(tr("Ready"));
}

void MainWindow::rebuildRecentMenu() {
    menus_.recent->clear();
    const QStringList files = recent_->files();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files[i];
        const QString number = i < 9 ? QStringLiteral("&%1").arg(i + 1) : QStringLiteral("1&0");
        QString shown = QDir::toNativeSeparators(path);
        shown.replace(QLatin1Char('&'), QStringLiteral("&&"));  // not a mnemonic
        const QString label = number + QLatin1Char(' ') + shown;
        QAction* action = menus_.recent->addAction(label);
        action->setData(path);
        connect(action, &QAction::triggered, this, [this, path] { openModel(path); });
    }
    if (files.isEmpty()) {
        menus_.recent->addAction(tr("No Recent Models"))->setEnabled(false);
    } else {
        menus_.recent->addSeparator();
        menus_.recent->addAction(tr("&Clear List"), recent_, &RecentFiles::clear);
    }
}

// ---- loading ----

void MainWindow::openModel(const QString& path) {
    document_->openModel(path);
}

bool MainWindow::isLoading() const {
    return document_->isLoading();
}

const LoadedModel* MainWindow::loadedModel() const {
    return document_->loadedModel();
}

void MainWindow::showOpenDialog() {
    QSettings settings;
    const QString dir = settings.value(kLastDirKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Model"), dir, tr("ONNX models (*.onnx *.pb *.onnxtxt *.pbtxt *.txt);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(kLastDirKey, QFileInfo(path).absolutePath());
    openModel(path);
}

void MainWindow::showCompareDialog() {
    if (!loadedModel()) return;
    QSettings settings;
    const QString dir = settings.value(kLastDirKey, QFileInfo(loadedModel()->path).absolutePath()).toString();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Compare With"), dir,
                                     tr("ONNX models (*.onnx *.pb *.onnxtxt *.pbtxt *.txt);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(kLastDirKey, QFileInfo(path).absolutePath());
    compareWith(path);
}

CompareWindow* MainWindow::compareWith(const QString& path) {
    if (!loadedModel()) return nullptr;
    auto* window = new CompareWindow(this);
    window->setWindowFlag(Qt::Window);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setInteractive(interactive_);
    window->resize(size());
    window->compareFiles(loadedModel()->path, path);
    window->show();
    return window;
}

void MainWindow::cancelLoading() {
    document_->cancelLoading();
}

void MainWindow::showLoadEnded() {
    busy_->hide();
    cancelLoadButton_->hide();
    actions_.cancelLoad->setEnabled(false);
}

void MainWindow::onLoadStarted(const QString& path) {
    busy_->show();
    cancelLoadButton_->show();
    actions_.cancelLoad->setEnabled(true);
    statusBar()->showMessage(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    emit loadStarted(path);
}

// Nothing may point into the previous model or run once the document releases them.
void MainWindow::onModelAboutToChange() {
    numeric_->setResult(nullptr);
    graphPanel_->clear();
    bodyShown_.clear();
    tableModel_->setGraph(nullptr);
    pendingTableGraph_.reset();
    memoryMap_->clear();
}

void MainWindow::onModelLoaded() {
    showLoadEnded();
    const LoadedModel& m = *document_->loadedModel();
    actions_.compare->setEnabled(true);
    tableColumnsSized_ = false;
    setTableGraph(m.model.graph.get());
    pages_->setCurrentIndex(1);
    properties_->clear();
    summary_->showSummary(m.path, m.summary);
    warnings_->showWarnings(m.diagnostics);

    const QString fileName = QFileInfo(m.path).fileName();
    setWindowFilePath(m.path);
    setWindowTitle(tr("%1 — PassScope").arg(fileName));

    const io::LoadTimings& t = m.timings;
    timeLabel_->setText(tr("Loaded in %1").arg(durationText(m.wallSeconds)));
    timeLabel_->setToolTip(tr("Read %1, check %2, import %3, shape inference %4")
                               .arg(durationText(t.readSeconds), durationText(t.checkSeconds),
                                    durationText(t.importSeconds), durationText(t.inferSeconds)));
    const int warningCount = static_cast<int>(m.diagnostics.warnings.size());
    warningsButton_->setText(tr("%n warning(s)", nullptr, warningCount));
    warningsButton_->setIcon(
        style()->standardIcon(warningCount ? QStyle::SP_MessageBoxWarning : QStyle::SP_DialogApplyButton));
    warningsButton_->setEnabled(warningCount > 0);
    warningsButton_->show();
    docks_.warnings->setWindowTitle(warningCount ? tr("Warnings (%1)").arg(warningCount) : tr("Warnings"));
    if (warningCount) docks_.warnings->show();

    statusBar()->showMessage(
        tr("Opened %1: %n node(s)", nullptr, static_cast<int>(m.model.graph->nodeCount())).arg(fileName),
        5000);
    recent_->add(m.path);
    updateFilterCount();
    firstViewShown_ = false;
    previewShown_ = false;
    // The model as loaded is shown at once, while the pipeline runs (its steps replace it).
    graphPanel_->setDiagram(m.preview ? m.preview : DiagramModel::fromGraph(*m.model.graph));
    graphPanel_->showStep(nullptr, m.model.graph.get(), {});
    emit modelLoaded(m.path);  // the document runs the pipeline next
}

void MainWindow::onLoadFailed(const QString& path, const QString& message) {
    showLoadEnded();
    statusBar()->showMessage(tr("Could not open %1").arg(QFileInfo(path).fileName()), 5000);
    if (!QFileInfo::exists(path)) recent_->remove(path);
    showLoadError(path, message);
    emit loadFailed(message);
}

void MainWindow::showLoadError(const QString& path, const QString& message) {
    if (!interactive_) return;
    auto* box = new QMessageBox(QMessageBox::Critical, tr("Could Not Open Model"),
                                tr("PassScope could not open “%1”.").arg(QFileInfo(path).fileName()),
                                QMessageBox::Ok, this);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();  // window-modal, without a nested event loop
}

// ---- table and filter ----

void MainWindow::onCurrentRowChanged(const QModelIndex& current) {
    const QModelIndex source = filter_->mapToSource(current);
    const Node* node = source.isValid() ? tableModel_->nodeAt(source.row()) : nullptr;
    if (!node) {
        properties_->clear();
        return;
    }
    showNodeProperties(node->id());
    if (!syncingSelection_) {  // the table leads: show the node in the graph too
        syncingSelection_ = true;
        graphPanel_->revealNode(node->id());
        syncingSelection_ = false;
    }
}

void MainWindow::onFilterPatternChanged() {
    const QString error = filter_->patternError();
    QPalette pal = filterEdit_->palette();
    pal.setColor(QPalette::Text,
                 error.isEmpty() ? palette().color(QPalette::Text) : QColor(0xc0, 0x39, 0x2b));
    filterEdit_->setPalette(pal);
    filterEdit_->setToolTip(
        error.isEmpty() ? tr("Case-insensitive unless the pattern contains an upper-case letter.")
                        : tr("Not a valid regular expression (%1): matching the text literally.").arg(error));
    updateFilterCount();
}

bool MainWindow::tableVisible() const {
    return docks_.nodes && !docks_.nodes->visibleRegion().isEmpty();
}

// The document owns the graph; onModelAboutToChange() empties the table before it goes.
void MainWindow::setTableGraph(const Graph* graph) {
    pendingTableGraph_ = std::shared_ptr<const Graph>(graph, [](const Graph*) {});
    if (tableVisible()) {
        ensureTableCurrent();
    } else if (tableModel_->graph()) {
        // Its rows point into a graph that is about to change or go: empty it (cheap) until shown.
        tableModel_->setGraph(nullptr);
    }
}

void MainWindow::ensureTableCurrent() const {
    if (!pendingTableGraph_) return;
    tableModel_->setGraph(std::move(pendingTableGraph_));
    pendingTableGraph_.reset();
    if (!tableColumnsSized_) {
        tableColumnsSized_ = true;
        for (int c : {NodeTableModel::IdColumn, NodeTableModel::NameColumn, NodeTableModel::OpTypeColumn,
                      NodeTableModel::DomainColumn}) {
            table_->resizeColumnToContents(c);
            table_->setColumnWidth(c, std::min(table_->columnWidth(c), 280));
        }
    }
}

void MainWindow::updateFilterCount() {
    const int total = tableModel_->rowCount();
    const int shown = filter_->rowCount();
    filterCount_->setText(shown == total ? tr("%n node(s)", nullptr, total)
                                         : tr("%1 of %n node(s)", nullptr, total).arg(shown));
}

bool MainWindow::selectNode(NodeId id) {
    ensureTableCurrent();
    const int row = tableModel_->rowOf(id);
    if (row < 0) return false;
    QModelIndex index = filter_->mapFromSource(tableModel_->index(row, 0));
    if (!index.isValid()) {
        filterEdit_->clear();
        index = filter_->mapFromSource(tableModel_->index(row, 0));
    }
    table_->setCurrentIndex(index);
    table_->scrollTo(index);
    return true;
}

bool MainWindow::selectNodeByName(const QString& name) {
    ensureTableCurrent();
    const Graph* g = tableModel_->graph();
    if (!g) return false;
    const std::string wanted = name.toStdString();
    for (const Node* n : g->nodes())
        if (n->name() == wanted || n->displayName() == wanted) return selectNode(n->id());
    return false;
}

// ---- drag and drop, about, session ----

QString MainWindow::modelFileFrom(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) return {};
    const QList<QUrl> urls = mime->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile()) return {};
    const QString path = urls.first().toLocalFile();
    return QFileInfo(path).isFile() || QFileInfo(path).isDir() ? path : QString();  // a folder: GE dumps
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!modelFileFrom(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = modelFileFrom(event->mimeData());
    if (path.isEmpty()) return;
    event->acceptProposedAction();
    openModel(path);
}

void MainWindow::showAbout() {
    QMessageBox::about(
        this, tr("About PassScope"),
        tr("<h3>PassScope %1</h3>"
           "<p>See what a graph compiler's optimisation passes do to an ONNX model: constant folding, "
           "format refinement, TransData insertion, dead code and common subexpression elimination.</p>"
           "<p>Built with Qt %2, running on Qt %3.</p>")
            .arg(QStringLiteral(PASSSCOPE_VERSION), QStringLiteral(QT_VERSION_STR),
                 QString::fromLatin1(qVersion())));
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

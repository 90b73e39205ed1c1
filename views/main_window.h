#pragma once
// The PassScope main window: the graph view in the centre (GraphPanel), the pass timeline, the
// node table with its filter, the model summary, the selected node's properties and the load
// warnings in docks. The model, its pipeline run, the steps, folding toggles, sessions and model
// and report exports are the ModelDocument's (document/model_document.h); the window shows them
// and wires its widgets to them, and its calls below forward to the document.
// The window's jobs are split over four files: main_window.cpp (construction, loading, table),
// main_window_steps.cpp (runs and steps shown, search, folding toggles, context menu),
// main_window_files.cpp (session and export dialogs) and main_window_numeric.cpp (the numeric
// overlay and Find First Divergent Step, over a NumericController).
//
// Errors are reported through loadFailed() and pipelineFailed(); their message box is only shown
// when the window is interactive (not in tests or --screenshot), so nothing ever blocks on a dialog.
#include <memory>
#include <optional>

#include <QMainWindow>
#include <QPointF>

#include "graph/graph_panel.h"
#include "graph/overlay.h"
#include "ir/graph_path.h"
#include "ir/node.h"
#include "loaded_model.h"
#include "pipeline/options.h"
#include "vars/var_memory_plan.h"

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class QMimeData;
class QProgressBar;
class QStackedWidget;
class QTableView;
class QToolButton;

namespace passscope::views {

class CompareWindow;
class MemoryMapPanel;
class ModelDocument;
class NodeFilterProxyModel;
class NodeDataOverlay;
class NumericController;
struct NumericNote;
class TimelinePanel;
struct PipelineResult;
class NodeTableModel;
class PropertiesPanel;
class RecentFiles;
class SummaryPanel;
class WarningsPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts loading `path` in the background; modelLoaded() or loadFailed() follows. A model
    // already shown stays until the new one has loaded.
    void openModel(const QString& path);
    bool isLoading() const;
    // The model shown, or null.
    const LoadedModel* loadedModel() const;
    // What the window shows: the model, its run and steps, sessions and exports.
    ModelDocument* document() const { return document_; }

    // When false, failures are only signalled (no message box). Default: true.
    void setInteractive(bool interactive) { interactive_ = interactive; }
    bool isInteractive() const { return interactive_; }

    // Selects a node's row (clearing the filter if it hides it); false when there is no such node.
    bool selectNode(NodeId id);
    bool selectNodeByName(const QString& name);
    // Opens the If/Loop/Scan body `attribute` ("then_branch", "body", "branches[1]"; empty = the
    // first) of the node named `ownerName` in the graph shown (the body shown, else the main
    // graph), as the node's context menu does; false when there is no such node or body.
    bool openBody(const QString& ownerName, const QString& attribute = {});

    // File ▸ Compare With…: a window comparing the loaded model's file with `path` side by side
    // (views/compare/); null when no model is loaded. The window is this one's child and closes
    // with it; a file that does not load is reported there.
    CompareWindow* compareWith(const QString& path);

    // Window geometry and dock layout from the last session; they are saved on close.
    void restoreLayout();

    // ---- pipeline and steps (main_window_steps.cpp) ----
    // The options the next run uses; setting them re-runs the pipeline on the loaded model.
    const PipelineOptions& pipelineOptions() const;
    void setPipelineOptions(const PipelineOptions& options);
    bool isBusy() const;  // loading, running or laying out
    const PipelineResult* pipelineResult() const;
    // Positions: 0 = the model before the pipeline, k = after the k-th pass run.
    size_t position() const;
    size_t positionCount() const;
    // Shows the graph after step `position` (as the timeline's rows, step buttons and keys do) and
    // brings what the step changed into view: a step run in an If/Loop/Scan body opens that body;
    // a step that changed nothing leaves the view as it is. The position shown already: its
    // changes are brought into view again.
    void showPosition(size_t position);
    // Next / previous change (F3 / Shift+F3, toolbar): selects the next (previous) node the step
    // shown marks, in topological order, wrapping around, brings it into view and says "Change k
    // of n" in the status bar. False when the step marks no node.
    bool showNextChange();
    bool showPreviousChange();
    QAction* nextChangeAction() const { return actions_.nextChange; }
    QAction* previousChangeAction() const { return actions_.previousChange; }
    const Graph* graphShown() const;  // the graph at the selected position
    // Sets or clears _do_not_constant_folding on a node of the loaded model (by name) and re-runs.
    bool setNodeFoldingDisabled(const QString& nodeName, bool disabled);
    void setOverlay(OverlayMode mode);
    void setSideBySide(bool on);
    // Highlights the nodes matching `query` at the selected position, by the node table's rule
    // (search_rule.h); returns how many match. Enter in the search field jumps to the next one.
    int search(const QString& query);
    void jumpToNextSearchHit();

    // ---- numeric debugging (main_window_numeric.cpp, docs/bisect.md §6) ----
    // Pipeline ▸ Find First Divergent Step: bisects the run in the background; the timeline's
    // "Outputs" column then marks what it found, and divergentStepFound() follows. An interactive
    // window offers to show that step.
    void findFirstDivergentStep();
    // Shows the first divergent step with the numeric overlay; false when none was found.
    bool showFirstDivergentStep();
    NumericController* numericController() const { return numeric_; }
    QAction* findDivergentAction() const { return actions_.findDivergent; }
    QAction* numericInputsAction() const { return actions_.numericInputs; }
    // Files and test data folders for the numeric inputs, as `passscope --inputs` gives them
    // (resolved against the model loaded next; docs/bisect.md §6).
    void setNumericInputSources(const QStringList& sources);
    // Other tools' per-node numbers (docs/node-data.md): one or two files or folders, shown with the
    // node data overlay. False, with the reason in the status bar and *error, when one cannot be read.
    bool loadNodeData(const QStringList& sources, QString* error = nullptr);
    QAction* loadNodeDataAction() const { return actions_.loadNodeData; }
    // A bisection, or the numbers the numeric overlay waits for, are under way.
    bool isNumericBusy() const;

    // ---- files (main_window_files.cpp) ----
    bool saveSession(const QString& path, QString* error);
    // Opens the model a session names with its options, then restores its view.
    bool openSession(const QString& path, QString* error);
    bool exportModel(const QString& path, QString* error);
    bool exportReport(const QString& path, QString* error);
    bool exportPicture(const QString& path, QString* error);

    GraphPanel* graphPanel() const { return graphPanel_; }
    TimelinePanel* timelinePanel() const { return timeline_; }

    // The node table follows the selected step, but is only refilled while it can be seen (a
    // 20,000-row reset and re-sort blocks the UI for ~100 ms); these accessors bring it up to date.
    QTableView* nodeTable() const {
        ensureTableCurrent();
        return table_;
    }
    QLineEdit* filterEdit() const {
        ensureTableCurrent();
        return filterEdit_;
    }
    NodeFilterProxyModel* nodeFilter() const {
        ensureTableCurrent();
        return filter_;
    }
    NodeTableModel* nodeTableModel() const {
        ensureTableCurrent();
        return tableModel_;
    }
    PropertiesPanel* propertiesPanel() const { return properties_; }
    // The "Variable Memory" dock and its panel: they follow the selected step while visible.
    QDockWidget* memoryDock() const { return docks_.memory; }
    MemoryMapPanel* memoryMapPanel() const { return memoryMap_; }
    // The variable memory plan of the main graph at the selected step (computed once per step, on
    // first use: planning hashes every weight); null while no step is shown.
    const VarMemoryPlan* memoryPlanShown() const;
    WarningsPanel* warningsPanel() const { return warnings_; }

  signals:
    void loadStarted(const QString& path);
    void modelLoaded(const QString& path);
    void loadFailed(const QString& message);
    void pipelineFinished();  // a run's steps are ready to show
    void pipelineFailed(const QString& message);
    void viewReady();  // the graph of a run is laid out and shown
    void positionChanged(size_t position);
    void previewReady();    // the model as loaded is laid out and shown (pipeline still running)
    void numericUpdated();  // the numeric overlay shows the numbers of the step shown
    void divergentStepFound(bool diverged);  // a bisection finished (diverged: a pass run was found)

  public slots:
    void showOpenDialog();
    // Opens a folder of GE graph dumps as a timeline of GE's compile stages (docs/ge-dumps.md §6).
    void showOpenDumpFolderDialog();
    void showCompareDialog();
    // Stops waiting for the model being loaded; the model shown (if any) stays.
    void cancelLoading();
    void showAbout();

  protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

  private:
    void createActions();
    void createViewActions();
    void createPipelineActions();
    void createFileActions();
    void createMenus();
    void createToolBar();
    QWidget* createWelcomePage();
    QWidget* createTablePage();
    void createDocks();
    void createStatusBar();
    void rebuildRecentMenu();
    void connectDocument();
    void onLoadStarted(const QString& path);
    void showLoadEnded();  // loaded, failed or cancelled: the progress and Cancel go
    void onModelAboutToChange();
    void onModelLoaded();
    void onLoadFailed(const QString& path, const QString& message);
    void showLoadError(const QString& path, const QString& message);
    void onCurrentRowChanged(const QModelIndex& current);
    void onFilterPatternChanged();
    void updateFilterCount();
    static QString modelFileFrom(const QMimeData* mime);
    void setTableGraph(const Graph* graph);
    void ensureTableCurrent() const;
    bool tableVisible() const;

    // main_window_steps.cpp
    void onPipelineStarted();
    void onRunFinished(int passRuns, double wallSeconds);
    void onStepsReady();
    void onPositionChanged(size_t position);
    void onPositionSelected(size_t position);
    // Brings the changes of the step shown into view (see showPosition); `bodyShown`, `zoom` and
    // `center`: where the user was before the step replaced the graphs.
    void followStep(const GraphPath& bodyShown, const GraphPanel::ViewPlace& place);
    // Opens the body at `path` of the graph shown, level by level, as the context menu does.
    bool openBodyPath(const GraphPath& path);
    bool walkChanges(int direction);
    void updateChangeActions();
    void onLayoutFinished(double seconds);
    void onGraphNodeSelected(NodeId id);
    void showNodeProperties(NodeId id);
    void showNodeContextMenu(NodeId id, const QPoint& screenPos);
    void enterBody(const Graph& body, const QString& crumb);
    void updateStepActions();
    void showPipelineError(const QString& message);
    void applyPendingView();
    void updateMemoryMap();

    // main_window_numeric.cpp
    void createNumericActions();
    void createNodeDataActions();
    void connectNumeric();
    void updateNumericActions();
    // Asks for (or shows) the numbers of the step shown when the numeric overlay is on.
    void updateNumericOverlay();
    void onNumbersReady(size_t position);
    void onBisectFinished();
    std::optional<NumericNote> numericNoteFor(NodeId id) const;
    void editNumericInputs();       // Pipeline ▸ Numeric Inputs…
    void onNumericInputsChanged();  // the document's files, to the numeric controller
    void updateNodeDataOverlay();   // the node data overlay's colours of the graph shown

    // main_window_files.cpp
    QString askSavePath(const QString& title, const QString& suggestedName, const QString& filter);
    void saveSessionDialog();
    void openSessionDialog();
    void exportModelDialog();
    void exportReportDialog();
    void exportPictureDialog();
    void chooseLanguage(const QString& locale);

    ModelDocument* document_;
    NumericController* numeric_;                 // the numeric overlay's numbers and the bisection
    std::unique_ptr<NodeDataOverlay> nodeData_;  // other tools' per-node numbers (View ▸ Node Data)
    bool firstViewShown_ = false;
    bool previewShown_ = false;
    GraphPath bodyShown_;    // the If/Loop/Scan body the graph panel shows (empty: the main graph)
    int changeCursor_ = -1;  // the change last walked to (index into GraphPanel::changedNodes())
    bool syncingSelection_ = false;
    mutable std::shared_ptr<const Graph> pendingTableGraph_;  // set while the table is out of date
    mutable bool tableColumnsSized_ = false;  // graph and table selections follow each other once
    bool interactive_ = true;

    RecentFiles* recent_;
    NodeTableModel* tableModel_;
    NodeFilterProxyModel* filter_;

    QStackedWidget* pages_ = nullptr;
    GraphPanel* graphPanel_ = nullptr;
    TimelinePanel* timeline_ = nullptr;
    MemoryMapPanel* memoryMap_ = nullptr;
    QLineEdit* searchEdit_ = nullptr;
    QLabel* searchCount_ = nullptr;
    QLabel* changeLabel_ = nullptr;
    QTableView* table_ = nullptr;
    QLineEdit* filterEdit_ = nullptr;
    QLabel* filterCount_ = nullptr;
    SummaryPanel* summary_ = nullptr;
    PropertiesPanel* properties_ = nullptr;
    WarningsPanel* warnings_ = nullptr;
    QProgressBar* busy_ = nullptr;
    QLabel* timeLabel_ = nullptr;
    QToolButton* warningsButton_ = nullptr;

    QToolButton* cancelLoadButton_ = nullptr;
    // The window's actions (createActions), menus (createMenus) and docks (createDocks).
    struct Actions {
        QActionGroup* overlayGroup = nullptr;
        QAction* sideBySide = nullptr;
        QAction* minimap = nullptr;
        QAction* fit = nullptr;
        QAction* zoomIn = nullptr;
        QAction* zoomOut = nullptr;
        QAction* rerun = nullptr;
        QAction* options = nullptr;
        QAction* cancel = nullptr;
        QAction* noFold = nullptr;
        QAction* nextChange = nullptr;
        QAction* previousChange = nullptr;
        QAction* openSession = nullptr;
        QAction* openDumpFolder = nullptr;
        QAction* saveSession = nullptr;
        QAction* exportModel = nullptr;
        QAction* exportReport = nullptr;
        QAction* exportPicture = nullptr;
        QAction* open = nullptr;
        QAction* compare = nullptr;
        QAction* quit = nullptr;
        QAction* cancelLoad = nullptr;
        QAction* about = nullptr;
        QAction* aboutQt = nullptr;
        QAction* find = nullptr;
        QAction* findDivergent = nullptr;
        QAction* numericInputs = nullptr;
        QAction* loadNodeData = nullptr;
        QAction* loadNodeDataFolder = nullptr;
        QAction* clearNodeData = nullptr;
    } actions_;
    struct Menus {
        QMenu* language = nullptr;
        QMenu* overlay = nullptr;
        QMenu* pipeline = nullptr;
        QMenu* recent = nullptr;
        QMenu* view = nullptr;
    } menus_;
    struct Docks {
        QDockWidget* timeline = nullptr;
        QDockWidget* nodes = nullptr;
        QDockWidget* memory = nullptr;
        QDockWidget* summary = nullptr;
        QDockWidget* properties = nullptr;
        QDockWidget* warnings = nullptr;
    } docks_;
};

}  // namespace passscope::views

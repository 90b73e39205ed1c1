#pragma once
// The PassScope main window: a shell over parts (docs/architecture.md §6.1). The graph view is in
// the centre (graph/graph_panel.h); the pass timeline, the nodes, the model summary, the selected
// node's properties, the load warnings and the variable memory are docks, each a panel that
// follows the document itself (panels/, timeline/, memory/). What the window shows — the model,
// its run and steps, the notes about a node, sessions and exports — is the ModelDocument's
// (document/model_document.h). The window's actions, menus and tool bar come from one table
// (window/action_table.cpp); its other parts are in window/: the status bar, the file dialogs,
// the search bar, following the steps into bodies (step_follower.h); numeric debugging is
// numeric/numeric_view.h. This file builds the parts, wires them to each other and keeps the
// API the application and the tests use.
//
// Errors are reported through loadFailed() and pipelineFailed(); their message box is only shown
// when the window is interactive (not in tests or --screenshot), so nothing ever blocks on a dialog.
#include <QMainWindow>
#include <QPointF>

#include "document/model_document.h"
#include "graph/graph_panel.h"
#include "graph/overlay.h"
#include "numeric/numeric_view.h"
#include "panels/nodes_panel.h"
#include "window/search_bar.h"
#include "window/step_follower.h"
#include "window/window_actions.h"
#include "window/window_dialogs.h"

class QDockWidget;
class QLineEdit;
class QStackedWidget;
class QTableView;

namespace passscope::views {

class CompareWindow;
class MemoryMapPanel;
class NodeFilterProxyModel;
class NodeTableModel;
class NumericController;
class PropertiesPanel;
class RecentFiles;
class TimelinePanel;
class WarningsPanel;
class WindowStatus;
struct PipelineResult;

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts loading `path` in the background; modelLoaded() or loadFailed() follows. A model
    // already shown stays until the new one has loaded.
    void openModel(const QString& path) { document_->openModel(path); }
    bool isLoading() const { return document_->isLoading(); }
    // The model shown, or null.
    const LoadedModel* loadedModel() const { return document_->loadedModel(); }
    // What the window shows: the model, its run and steps, sessions and exports.
    ModelDocument* document() const { return document_; }

    // When false, failures are only signalled (no message box). Default: true.
    void setInteractive(bool interactive) { interactive_ = interactive; }
    bool isInteractive() const { return interactive_; }

    // Selects a node's row (clearing the filter if it hides it); false when there is no such node.
    bool selectNode(NodeId id) { return nodes_->selectNode(id); }
    bool selectNodeByName(const QString& name) { return nodes_->selectNodeByName(name); }
    // Opens the If/Loop/Scan body `attribute` ("then_branch", "body", "branches[1]"; empty = the
    // first) of the node named `ownerName` in the graph shown (the body shown, else the main
    // graph), as the node's context menu does; false when there is no such node or body.
    bool openBody(const QString& ownerName, const QString& attribute = {}) {
        return steps_->openBody(ownerName, attribute);
    }

    // File ▸ Compare With…: a window comparing the loaded model's file with `path` side by side
    // (views/compare/); null when no model is loaded. The window is this one's child and closes
    // with it; a file that does not load is reported there.
    CompareWindow* compareWith(const QString& path) { return dialogs_->openComparison(path); }

    // Window geometry and dock layout from the last session; they are saved on close.
    void restoreLayout();

    // ---- pipeline and steps ----
    // The options the next run uses; setting them re-runs the pipeline on the loaded model.
    const PipelineOptions& pipelineOptions() const { return document_->pipelineOptions(); }
    void setPipelineOptions(const PipelineOptions& options) { document_->setPipelineOptions(options); }
    bool isBusy() const;  // loading, running or laying out
    const PipelineResult* pipelineResult() const { return document_->pipelineResult().get(); }
    // Positions: 0 = the model before the pipeline, k = after the k-th pass run.
    size_t position() const { return document_->position(); }
    size_t positionCount() const { return document_->positionCount(); }
    // Shows the graph after step `position` (as the timeline's rows, step buttons and keys do) and
    // brings what the step changed into view: a step run in an If/Loop/Scan body opens that body;
    // a step that changed nothing leaves the view as it is. The position shown already: its
    // changes are brought into view again.
    void showPosition(size_t position) { steps_->showPosition(position); }
    // Next / previous change (F3 / Shift+F3, toolbar): selects the next (previous) node the step
    // shown marks, in topological order, wrapping around, brings it into view and says "Change k
    // of n" in the status bar. False when the step marks no node.
    bool showNextChange() { return steps_->walkChanges(+1); }
    bool showPreviousChange() { return steps_->walkChanges(-1); }
    QAction* nextChangeAction() const { return (*actions_)[QStringLiteral("nextChange")]; }
    QAction* previousChangeAction() const { return (*actions_)[QStringLiteral("previousChange")]; }
    const Graph* graphShown() const { return document_->graphShown(); }  // at the selected position
    // Sets or clears _do_not_constant_folding on a node of the loaded model (by name) and re-runs.
    bool setNodeFoldingDisabled(const QString& nodeName, bool disabled);
    void setOverlay(OverlayMode mode);
    void setSideBySide(bool on);
    // Highlights the nodes matching `query` at the selected position, by the node table's rule
    // (search_rule.h); returns how many match. Enter in the search field jumps to the next one.
    int search(const QString& query) { return search_->search(query); }
    void jumpToNextSearchHit() { search_->jumpToNextHit(); }
    // The pipeline's failure, in the status bar and (interactive) a message box.
    void showPipelineError(const QString& message);

    // ---- numeric debugging (numeric/numeric_view.h, docs/bisect.md §6) ----
    // Pipeline ▸ Find First Divergent Step: bisects the run in the background; the timeline's
    // "Outputs" column then marks what it found, and divergentStepFound() follows. An interactive
    // window offers to show that step.
    void findFirstDivergentStep() { numeric_->findFirstDivergentStep(); }
    // Shows the first divergent step with the numeric overlay; false when none was found.
    bool showFirstDivergentStep() { return numeric_->showFirstDivergentStep(); }
    NumericController* numericController() const { return document_->numeric(); }
    QAction* findDivergentAction() const { return (*actions_)[QStringLiteral("findDivergent")]; }
    QAction* numericInputsAction() const { return (*actions_)[QStringLiteral("numericInputs")]; }
    // Files and test data folders for the numeric inputs, as `passscope --inputs` gives them
    // (resolved against the model loaded next; docs/bisect.md §6).
    void setNumericInputSources(const QStringList& sources) { document_->setNumericInputSources(sources); }
    // Other tools' per-node numbers (docs/node-data.md): one or two files or folders, shown with the
    // node data overlay. False, with the reason in the status bar and *error, when one cannot be read.
    bool loadNodeData(const QStringList& sources, QString* error = nullptr) {
        return numeric_->loadNodeData(sources, error);
    }
    QAction* loadNodeDataAction() const { return (*actions_)[QStringLiteral("loadNodeData")]; }
    // A bisection, or the numbers the numeric overlay waits for, are under way.
    bool isNumericBusy() const { return numeric_->isBusy(); }

    // ---- files ----
    bool saveSession(const QString& path, QString* error);
    // Opens the model a session names with its options, then restores its view.
    bool openSession(const QString& path, QString* error) { return document_->openSession(path, error); }
    bool exportModel(const QString& path, QString* error) { return document_->exportModel(path, error); }
    bool exportReport(const QString& path, QString* error) { return document_->exportReport(path, error); }
    bool exportPicture(const QString& path, QString* error) { return graphPanel_->exportImage(path, error); }

    GraphPanel* graphPanel() const { return graphPanel_; }
    TimelinePanel* timelinePanel() const { return timeline_; }

    // The node table follows the selected step, but is only refilled while it can be seen (a
    // 20,000-row reset and re-sort blocks the UI for ~100 ms); these accessors bring it up to date.
    QTableView* nodeTable() const { return current(nodes_)->table(); }
    QLineEdit* filterEdit() const { return current(nodes_)->filterEdit(); }
    NodeFilterProxyModel* nodeFilter() const { return current(nodes_)->filter(); }
    NodeTableModel* nodeTableModel() const { return current(nodes_)->model(); }
    PropertiesPanel* propertiesPanel() const { return properties_; }
    // The "Variable Memory" dock and its panel: they follow the selected step while visible.
    QDockWidget* memoryDock() const;
    MemoryMapPanel* memoryMapPanel() const { return memoryMap_; }
    // The variable memory plan of the main graph at the selected step (computed once per step, on
    // first use: planning hashes every weight); null while no step is shown.
    const VarMemoryPlan* memoryPlanShown() const { return document_->memoryPlanShown(); }
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
    void showOpenDialog() { dialogs_->openModel(); }
    // Opens a folder of GE graph dumps as a timeline of GE's compile stages (docs/ge-dumps.md §6).
    void showOpenDumpFolderDialog() { dialogs_->openDumpFolder(); }
    void showCompareDialog() { dialogs_->compareWith(); }
    // Stops waiting for the model being loaded; the model shown (if any) stays.
    void cancelLoading() { document_->cancelLoading(); }
    void showAbout() { dialogs_->showAbout(); }

  protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

  private:
    static const NodesPanel* current(const NodesPanel* nodes) {
        nodes->ensureCurrent();
        return nodes;
    }
    void createMenusAndToolBar(std::vector<QAction*> dockToggles);
    void connectDocument();
    void connectGraphPanel();
    void onModelLoaded();
    void onLoadFailed(const QString& path, const QString& message);
    void onStepsReady();
    // A step shown: by the document (a position the user selected) or a new run's steps.
    void onPositionSelected(size_t position);
    void onPositionChanged(size_t position);
    void onLayoutFinished();
    void onGraphNodeSelected(NodeId id);
    void showNodeProperties(NodeId id);
    void showNodeContextMenu(NodeId id, const QPoint& screenPos);
    void showSelectedNodeProperties();

    ModelDocument* document_;
    WindowActions* actions_;
    QStackedWidget* pages_;  // the welcome page, then the graph
    GraphPanel* graphPanel_;
    StepFollower* steps_;
    WindowDialogs* dialogs_;
    NumericView* numeric_;
    SearchBar* search_;
    RecentFiles* recent_;
    TimelinePanel* timeline_ = nullptr;
    NodesPanel* nodes_ = nullptr;
    PropertiesPanel* properties_ = nullptr;
    WarningsPanel* warnings_ = nullptr;
    MemoryMapPanel* memoryMap_ = nullptr;
    WindowStatus* status_ = nullptr;
    bool firstViewShown_ = false;
    bool previewShown_ = false;
    bool syncingSelection_ = false;  // graph and table selections follow each other once
    bool interactive_ = true;
};

}  // namespace passscope::views

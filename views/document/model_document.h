#pragma once
// What the main window shows, without the window (KGraphViewer keeps its part apart from its
// shell the same way): the loaded model, the pipeline options and run, the step the user stands
// on, the nodes kept from folding, session files and model and report exports. No widgets here:
// MainWindow wires these signals to its panels, and tests drive a document on its own.
// model_document.cpp loads, runs and steps; model_document_files.cpp does sessions and exports;
// model_document_notes.cpp says what the properties panel shows about a node.
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <QObject>
#include <QString>
#include <QStringList>

#include "document/loaded_model.h"
#include "document/node_notes.h"
#include "graph/step_marks.h"
#include "ir/node.h"
#include "pipeline/options.h"
#include "vars/var_memory_plan.h"

namespace passscope::views {

class DiagramModel;
class ModelLoader;
class NodeDataOverlay;
class NumericController;
class PipelineRunner;
class StepController;
struct PipelineResult;
struct Session;

// Why a folding pass last left a node alone (docs/ge-constant-folding.md §10.2), up to the selected position.
struct FoldingNote {
    QString reason;  // reasonName() of the pass statistics
    QString detail;  // e.g. which input is computed at run time
    QString pass;    // the folding pass that said so
};

class ModelDocument : public QObject {
    Q_OBJECT
  public:
    explicit ModelDocument(QObject* parent = nullptr);
    ~ModelDocument() override;

    // ---- the model ----
    // Starts loading `path` in the background: loadStarted() now, then modelLoaded() and a run of
    // the pipeline, or loadFailed(). The model loaded before stays until the new one has loaded.
    // A folder of GE dumps shows GE's stages as the steps instead of a run (isDumpTimeline()).
    void openModel(const QString& path);
    // Stops waiting for the model being loaded (loadCancelled()); the loaded one stays.
    void cancelLoading();
    bool isLoading() const;
    const LoadedModel* loadedModel() const { return model_.get(); }
    // True while a folder of GE dumps is shown: the steps are GE's stages, the pipeline does not run
    // (to run it from a stage, open that stage's file).
    bool isDumpTimeline() const { return replayed_ != nullptr; }
    // The dump file of the stage at `position` (empty outside a dump timeline).
    QString stageFile(size_t position) const;
    // Only nodes of the loaded model can carry the folding flag: one made by a pass has no name to pin.
    bool isLoadedNodeName(const std::string& name) const;

    // ---- the pipeline ----
    const PipelineOptions& pipelineOptions() const { return options_; }
    void setPipelineOptions(const PipelineOptions& options);  // and runs the pipeline again
    void runPipeline();
    void cancelPipeline();
    bool isRunning() const;
    // Sets or clears _do_not_constant_folding on a node of the loaded model (by name) and runs
    // again; false, without a run, for a name no node of the loaded model has.
    bool setNodeFoldingDisabled(const QString& nodeName, bool disabled);
    bool isNodeFoldingDisabled(const std::string& nodeName) const {
        return options_.noFold.count(nodeName) > 0;
    }

    // ---- numeric inputs (docs/bisect.md §6) ----
    // The files the numeric overlay and Find First Divergent Step feed graph inputs with, by input
    // name (.npy or .pb; the other inputs get seeded random values). They belong to the model
    // loaded: a model loaded later starts without them, unless a session or setNumericInputSources
    // gave its own.
    using NumericInputFiles = std::map<std::string, QString>;
    const NumericInputFiles& numericInputs() const { return numericInputs_; }
    // Sets them (numericInputsChanged()). False, with *error, for a name that is no graph input of
    // the loaded model or a file that cannot be read as a tensor.
    bool setNumericInputs(NumericInputFiles files, QString* error = nullptr);
    // Files and ONNX test data folders as `passscope --inputs` gives them (numeric/input_files.h
    // says which input each is for), for the next model loaded, or the one loaded when none is
    // loading. What cannot be read is a warning(); the inputs then stay random.
    void setNumericInputSources(const QStringList& sources);

    // ---- steps of the last run ----
    // Positions: 0 = the model before the pipeline, k = after the k-th pass run.
    bool hasSteps() const;
    std::shared_ptr<const PipelineResult> pipelineResult() const;
    std::shared_ptr<const DiagramModel> diagram() const;  // every node of every step
    size_t position() const;
    size_t positionCount() const;
    void showPosition(size_t position);
    const Graph* graphShown() const;   // at the selected position
    const Graph* graphBefore() const;  // at the one before (the same at position 0)
    const StepMarks& marks() const;    // what the selected step changed
    // graphShown(), or the model as loaded while its first run is under way.
    const Graph* currentGraph() const;
    // The latest reason up to the selected step for node `id` of the graph at `graph` (empty =
    // the main graph): ids repeat across bodies, so the graph is part of the key.
    std::optional<FoldingNote> whyNotFolded(NodeId id, const GraphPath& graph = {}) const;
    // What the selected step changed inside the body at `path` (`body`: that body as shown).
    StepMarks bodyMarks(const Graph& body, const GraphPath& path) const;
    // The body at `path` in graphBefore(): as it was before the selected step (null when the
    // steps are not ready or the body did not exist then).
    const Graph* bodyBefore(const GraphPath& path) const;

    // ---- what the selected step holds ----
    // The variable memory plan of graphShown() (docs/ge-variables.md §4): made on first ask (it
    // hashes every weight) and kept until the position, the run or the model changes. An
    // initializer input is a variable only where the variable passes run (target ge). Null when
    // no graph is shown.
    const VarMemoryPlan* memoryPlanShown() const;
    // Finds the nodes of graphShown() that `query` matches (search_rule.h; none for an empty
    // query) and starts the cursor again at the first.
    const std::vector<NodeId>& search(const QString& query);
    const std::vector<NodeId>& searchHits() const { return search_.hits; }
    // The hit at the cursor and its index among the hits, then the cursor moves on (cycling);
    // nullopt when there is none.
    std::optional<std::pair<NodeId, size_t>> nextSearchHit();

    // ---- numbers (docs/bisect.md §6, docs/node-data.md) ----
    // The numeric overlay's numbers of each step and the bisection, for the run shown (set when
    // its steps are ready, dropped when a run or model replaces it, fed the numeric inputs).
    NumericController* numeric() const { return numeric_; }
    // Other tools' per-node numbers (View ▸ Node Data).
    NodeDataOverlay& nodeData() const { return *nodeData_; }

    // ---- what the properties panel says (model_document_notes.cpp) ----
    // About node `id` of `graph` (the graph at the selected position, or the body at scope.body of
    // it): why it was not folded, what the step did to it, its place in persistent memory, its
    // numbers against the original's and other tools' number for it.
    NodeNotes nodeNotes(const Graph& graph, NodeId id, const NoteScope& scope) const;
    // The numeric overlay's numbers of node `id` (of the body at `body`) at the selected position;
    // nullopt when there are none (a NetOutput) and none are being computed.
    std::optional<NumericNote> numericNote(NodeId id, const GraphPath& body) const;

    // ---- files (model_document_files.cpp) ----
    // Writes `view` (where the user looks) with the model, options and position filled in.
    bool saveSession(const QString& path, Session view, QString* error) const;
    // Reads a session, then opens its model with its options; its position is where the first run
    // stands, and the rest of its view waits in pendingView() for the window to apply.
    bool openSession(const QString& path, QString* error);
    // The view of the session whose model is loaded (null while it is still loading).
    const Session* pendingView() const;
    std::unique_ptr<Session> takePendingView();
    // The model at the selected position, as ONNX.
    bool exportModel(const QString& path, QString* error);
    // What each pass of the run did, as JSON (report/pipeline_report.h).
    bool exportReport(const QString& path, QString* error) const;

  signals:
    void loadStarted(const QString& path);
    // The model and run shown so far are about to be released: drop every pointer into them.
    void modelAboutToChange();
    void modelLoaded(const QString& path);  // a run of the pipeline starts right after
    void loadFailed(const QString& path, const QString& message);
    void loadCancelled();
    void pipelineStarted();
    void pipelineProgress(int stepsDone, const QString& passName);
    // The run is done; its steps are prepared in the background until pipelineFinished().
    void runFinished(int passRuns, double wallSeconds);
    // A run's steps are ready at position() (no positionChanged() for it).
    void pipelineFinished();
    void pipelineFailed(const QString& message);
    void pipelineCancelled();
    void positionChanged(size_t position);
    // Something the user may want to know that stops nothing (an ignored session key, an export note).
    void warning(const QString& message);
    void numericInputsChanged();

  private:
    void onLoaded(std::shared_ptr<const LoadedModel> model, std::shared_ptr<const PipelineResult> replayed);
    void onRunFinished(std::shared_ptr<const PipelineResult> result);
    void dropSession();
    void forgetMemoryPlan() const { plan_ = {}; }
    void resolveNumericInputSources();  // pendingInputSources_ against the loaded model
    void numericInputsSet();            // the numeric controller gets them; numericInputsChanged()

    std::shared_ptr<const LoadedModel> model_;
    std::shared_ptr<const PipelineResult> replayed_;  // a GE dump folder's stages, shown instead of runs
    PipelineOptions options_;
    NumericInputFiles numericInputs_;
    QStringList pendingInputSources_;
    std::unique_ptr<Session> pendingView_;   // a session's view, until the window takes it
    std::optional<size_t> sessionPosition_;  // where a session's first run stands
    // memoryPlanShown()'s cache and the step it was made for.
    struct PlanCache {
        std::unique_ptr<VarMemoryPlan> plan;
        const PipelineResult* result = nullptr;
        size_t position = 0;
    };
    mutable PlanCache plan_;
    struct Search {
        std::vector<NodeId> hits;
        size_t cursor = 0;
    } search_;
    ModelLoader* loader_;
    PipelineRunner* runner_;
    StepController* steps_;
    NumericController* numeric_;
    std::unique_ptr<NodeDataOverlay> nodeData_;
};

}  // namespace passscope::views

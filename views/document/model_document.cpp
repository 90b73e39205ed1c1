// ModelDocument, part 1: loading a model, running the pipeline on it and stepping through the run.
#include "document/model_document.h"
#include "compile/run_pipeline.h"

#include "document/model_loader.h"
#include "document/search_rule.h"
#include "document/step_controller.h"
#include "ir/graph_path.h"
#include "numeric/input_files.h"
#include "numeric/node_data_overlay.h"
#include "numeric/numeric_controller.h"
#include "runner/pipeline_runner.h"
#include "session/session_file.h"

namespace passscope::views {

ModelDocument::ModelDocument(QObject* parent)
    : QObject(parent),
      loader_(new ModelLoader(this)),
      runner_(new PipelineRunner(this)),
      steps_(new StepController(this)),
      numeric_(new NumericController(this)),
      nodeData_(std::make_unique<NodeDataOverlay>()) {
    // The numbers are of the run shown: dropped before anyone hears of a new model or run (these
    // connections come first), set when its steps are ready.
    connect(this, &ModelDocument::modelAboutToChange, numeric_, [this] { numeric_->setResult(nullptr); });
    connect(this, &ModelDocument::pipelineStarted, numeric_, [this] { numeric_->setResult(nullptr); });
    connect(loader_, &ModelLoader::started, this, &ModelDocument::loadStarted);
    connect(loader_, &ModelLoader::loaded, this, &ModelDocument::onLoaded);
    connect(loader_, &ModelLoader::failed, this, [this](const QString& path, const QString& message) {
        dropSession();  // a session whose model does not load leaves nothing behind
        emit loadFailed(path, message);
    });
    connect(loader_, &ModelLoader::cancelled, this, [this] {
        dropSession();
        emit loadCancelled();
    });
    connect(runner_, &PipelineRunner::started, this, &ModelDocument::pipelineStarted);
    connect(runner_, &PipelineRunner::progress, this, &ModelDocument::pipelineProgress);
    connect(runner_, &PipelineRunner::finished, this, &ModelDocument::onRunFinished);
    connect(runner_, &PipelineRunner::failed, this, &ModelDocument::pipelineFailed);
    connect(runner_, &PipelineRunner::cancelled, this, &ModelDocument::pipelineCancelled);
    connect(steps_, &StepController::ready, this, [this] {
        forgetMemoryPlan();  // a new run: its result may sit where the last one did
        numeric_->setResult(steps_->result());
        emit pipelineFinished();
    });
    // A run whose steps cannot be shown failed as far as the user can tell.
    connect(steps_, &StepController::failed, this, &ModelDocument::pipelineFailed);
    connect(steps_, &StepController::positionChanged, this, &ModelDocument::positionChanged);
}

ModelDocument::~ModelDocument() = default;

// ---- the model ----

void ModelDocument::openModel(const QString& path) {
    dropSession();  // a session's view belongs to the session's model only
    loader_->load(path);
}

void ModelDocument::cancelLoading() {
    loader_->cancel();
}

bool ModelDocument::isLoading() const {
    return loader_->isBusy();
}

void ModelDocument::onLoaded(std::shared_ptr<const LoadedModel> model,
                             std::shared_ptr<const PipelineResult> replayed) {
    emit modelAboutToChange();
    forgetMemoryPlan();
    if (replayed) runner_->cancel();  // a run on the model before would otherwise land on the stages
    steps_->clear();
    model_ = std::move(model);
    replayed_ = std::move(replayed);
    if (pendingView_) options_ = pendingView_->options;
    // Numeric inputs are the new model's own: a session's, --inputs', or none.
    numericInputs_.clear();
    if (pendingView_ && !pendingView_->numericInputs.isEmpty()) {
        NumericInputFiles files;
        for (auto it = pendingView_->numericInputs.begin(); it != pendingView_->numericInputs.end(); ++it)
            files[it.key().toStdString()] = it.value();
        QString problem;
        if (!setNumericInputs(std::move(files), &problem)) emit warning(problem);
    }
    resolveNumericInputSources();
    numericInputsSet();
    emit modelLoaded(model_->path);
    runPipeline();
}

QString ModelDocument::stageFile(size_t position) const {
    if (!model_ || position >= model_->stages.size()) return {};
    return QString::fromStdString(model_->stages[position].file.string());
}

bool ModelDocument::isLoadedNodeName(const std::string& name) const {
    if (!model_ || name.empty()) return false;
    bool known = false;
    model_->model.graph->forEachNode([&](const Node& n) { known = known || n.name() == name; });
    return known;
}

// ---- numeric inputs ----

bool ModelDocument::setNumericInputs(NumericInputFiles files, QString* error) {
    if (!model_ && !files.empty()) {
        if (error) *error = tr("no model is open");
        return false;
    }
    std::map<std::string, std::filesystem::path> paths;
    for (const auto& [name, file] : files) paths[name] = file.toStdString();
    try {
        if (model_) numeric::evaluationInputsByName(*model_->model.graph, paths, options_.inputShapes);
    } catch (const std::exception& e) {
        if (error) *error = tr("Numeric inputs: %1").arg(QString::fromUtf8(e.what()));
        return false;
    }
    numericInputs_ = std::move(files);
    numericInputsSet();
    return true;
}

void ModelDocument::numericInputsSet() {
    std::map<std::string, std::filesystem::path> files;
    for (const auto& [name, file] : numericInputs_) files[name] = file.toStdString();
    numeric_->setInputFiles(std::move(files));
    emit numericInputsChanged();
}

void ModelDocument::setNumericInputSources(const QStringList& sources) {
    pendingInputSources_ = sources;
    if (model_ && !isLoading()) resolveNumericInputSources();
}

void ModelDocument::resolveNumericInputSources() {
    if (pendingInputSources_.isEmpty() || !model_) return;
    std::vector<std::filesystem::path> sources;
    for (const QString& s : pendingInputSources_) sources.emplace_back(s.toStdString());
    pendingInputSources_.clear();
    NumericInputFiles files;
    try {
        for (const auto& [name, path] : numeric::inputFilesFor(*model_->model.graph, sources))
            files[name] = QString::fromStdString(path.string());
    } catch (const std::exception& e) {
        emit warning(tr("Numeric inputs: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    QString problem;
    if (!setNumericInputs(std::move(files), &problem)) emit warning(problem);
}

// ---- the pipeline ----

void ModelDocument::setPipelineOptions(const PipelineOptions& options) {
    options_ = options;
    runPipeline();
}

void ModelDocument::runPipeline() {
    if (!model_) return;
    if (replayed_) {  // GE's stages are the steps: nothing to run, deliver them as a finished run
        emit pipelineStarted();
        onRunFinished(replayed_);
        return;
    }
    runner_->run(model_, options_);
}

void ModelDocument::cancelPipeline() {
    runner_->cancel();
}

bool ModelDocument::isRunning() const {
    return runner_->isBusy();
}

void ModelDocument::onRunFinished(std::shared_ptr<const PipelineResult> result) {
    const int passRuns = static_cast<int>(result->journal.steps().size());
    emit runFinished(passRuns, result->wallSeconds);
    // Where a session stood after its model loads; where the user stood (same step number) after a
    // re-run; at the end after a load.
    const size_t position = sessionPosition_    ? *sessionPosition_
                            : steps_->isReady() ? steps_->position()
                                                : result->journal.steps().size();
    sessionPosition_.reset();
    steps_->setResult(std::move(result), position);
}

bool ModelDocument::setNodeFoldingDisabled(const QString& nodeName, bool disabled) {
    const std::string name = nodeName.toStdString();
    if (replayed_ || !isLoadedNodeName(name)) return false;  // GE's stages are not PassScope's run
    if (disabled)
        options_.noFold.insert(name);
    else
        options_.noFold.erase(name);
    runPipeline();
    return true;
}

// ---- steps ----

bool ModelDocument::hasSteps() const {
    return steps_->isReady();
}

std::shared_ptr<const PipelineResult> ModelDocument::pipelineResult() const {
    return steps_->result();
}

std::shared_ptr<const DiagramModel> ModelDocument::diagram() const {
    return steps_->diagram();
}

size_t ModelDocument::position() const {
    return steps_->position();
}

size_t ModelDocument::positionCount() const {
    return steps_->positionCount();
}

void ModelDocument::showPosition(size_t position) {
    if (!steps_->isReady() || position == steps_->position()) return;
    steps_->moveTo(position);
}

const Graph* ModelDocument::graphShown() const {
    return steps_->graph();
}

const Graph* ModelDocument::graphBefore() const {
    return steps_->graphBefore();
}

const StepMarks& ModelDocument::marks() const {
    return steps_->marks();
}

const Graph* ModelDocument::currentGraph() const {
    if (steps_->isReady()) return steps_->graph();
    return model_ ? model_->model.graph.get() : nullptr;
}

StepMarks ModelDocument::bodyMarks(const Graph& body, const GraphPath& path) const {
    const PipelineResult* result = steps_->result().get();
    if (!result || !steps_->isReady()) return {};
    return marksForPosition(result->journal, steps_->position(), ConstantNodes(result->journal, body, path),
                            path);
}

const Graph* ModelDocument::bodyBefore(const GraphPath& path) const {
    const Graph* before = steps_->isReady() ? steps_->graphBefore() : nullptr;
    return before ? resolvePath(*before, path) : nullptr;
}

std::optional<FoldingNote> ModelDocument::whyNotFolded(NodeId id, const GraphPath& graph) const {
    const PipelineResult* result = steps_->result().get();
    if (!result) return std::nullopt;
    const auto& steps = result->journal.steps();
    // The latest word of a folding pass on this node up to the selected position.
    for (size_t s = std::min(steps_->position(), steps.size()); s-- > 0;)
        for (auto u = steps[s].unfolded.rbegin(); u != steps[s].unfolded.rend(); ++u)
            if (u->node == id && u->graph == graph)
                return FoldingNote{QString::fromLatin1(reasonName(u->reason)),
                                   QString::fromStdString(u->detail), QString::fromStdString(steps[s].pass)};
    return std::nullopt;
}

// ---- what the selected step holds ----

const VarMemoryPlan* ModelDocument::memoryPlanShown() const {
    const Graph* g = graphShown();
    if (!g) return nullptr;
    const PipelineResult* result = steps_->result().get();
    if (!plan_.plan || plan_.result != result || plan_.position != position()) {
        VarPlanOptions options;
        options.initializerInputsAreVariables = options_.target == Target::Ge;
        plan_.plan = std::make_unique<VarMemoryPlan>(planVariableMemory(*g, options));
        plan_.result = result;
        plan_.position = position();
    }
    return plan_.plan.get();
}

const std::vector<NodeId>& ModelDocument::search(const QString& query) {
    const Graph* g = graphShown();
    search_.cursor = 0;
    search_.hits = g && !query.isEmpty() ? findNodes(*g, SearchRule(query)) : std::vector<NodeId>{};
    return search_.hits;
}

std::optional<std::pair<NodeId, size_t>> ModelDocument::nextSearchHit() {
    if (search_.hits.empty()) return std::nullopt;
    const size_t index = search_.cursor++ % search_.hits.size();
    return std::make_pair(search_.hits[index], index);
}

}  // namespace passscope::views

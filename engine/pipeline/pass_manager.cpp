#include "pipeline/pass_manager.h"

#include "ir/graph_path.h"
#include "pipeline/infer_shape_pass.h"

namespace passscope {
namespace {

struct FixedPoint {
    int iterations = 0;
    bool changed = false;    // some iteration changed the graph
    bool hitCap = false;     // still changing when the cap stopped it
    bool cancelled = false;  // stopped by the cancel flag before a pass run
};

// The one fixed-point loop (docs/architecture.md §4), for the stages and for the passes run
// inside bodies: `passes` in order, again while an iteration changes the graph, at most `cap`
// iterations. `between(it)` runs before iteration it > 1; `runOne(pass, it)` runs one pass.
template <class Between, class RunOne>
FixedPoint runToFixedPoint(const PassManager& manager, std::vector<std::unique_ptr<Pass>>& passes, int cap,
                           Between between, RunOne runOne) {
    FixedPoint r;
    for (int it = 1; it <= cap; ++it) {
        r.iterations = it;
        if (it > 1) between(it);  // only reached when the iteration before changed the graph
        bool changed = false;
        for (auto& pass : passes) {
            if (manager.cancelRequested()) {
                r.cancelled = true;
                break;
            }
            changed |= runOne(*pass, it);
        }
        r.changed |= changed;
        if (!changed || r.cancelled) break;
        r.hitCap = it == cap;
    }
    return r;
}

}  // namespace

PassManager::PassManager(Model& model, const PipelineOptions& options, const kernels::KernelRegistry& kernels)
    : model_(model), options_(options), kernels_(kernels) {}

void PassManager::addInstrumentation(std::shared_ptr<PassInstrumentation> instrument) {
    if (instrument) instruments_.push_back(std::move(instrument));
}

void PassManager::warn(const std::string& message) {
    if (seenWarnings_.insert(message).second) warnings_.push_back(message);
}

void PassManager::run(Graph& graph, const std::function<void()>& body) {
    size_t begun = 0;
    try {
        for (; begun < instruments_.size(); ++begun) instruments_[begun]->runBeforePipeline(graph);
        body();
    } catch (...) {
        for (size_t i = begun; i-- > 0;) instruments_[i]->runAfterPipeline(graph);
        throw;
    }
    for (size_t i = instruments_.size(); i-- > 0;) instruments_[i]->runAfterPipeline(graph);
}

bool PassManager::runPass(Pass& pass, Graph& graph, const std::string& stage, int iteration) {
    PassRunScope scope;
    scope.varManager = varManager_.get();
    scope.graphId = graphId_;
    if (&graph != model_.graph.get()) {
        scope.graphPath = pathOf(graph);
        scope.graphName = describePath(*model_.graph, scope.graphPath);
    }
    // A pass that owns bodies (SubgraphOptimizePass) runs passes on them through this manager, so
    // every body pass run is a step of its own with every instrument, as MLIR nests pass managers.
    // Its steps carry the stage and iteration of the pass that owns the body.
    scope.runNested = [this, &stage, iteration](Graph& body, std::vector<std::unique_ptr<Pass>>& passes) {
        const FixedPoint r = runToFixedPoint(
            *this, passes, options_.iterationCap, [](int) {},
            [&](Pass& p, int) { return runPass(p, body, stage, iteration); });
        if (r.hitCap)
            warn("the passes on body " + describePath(*model_.graph, pathOf(body)) +
                 " still changed it after " + std::to_string(r.iterations) +
                 " iterations (passscope.iterationCap)");
        return r.changed;
    };
    PassContext ctx(model_, options_, kernels_, std::move(scope), cancel_);
    ctx.declareStatistics(pass);
    PassExecution exec{pass, graph, stage, iteration, ctx};
    size_t begun = 0;
    try {
        for (; begun < instruments_.size(); ++begun) instruments_[begun]->runBeforePass(exec);
        exec.changed = pass.run(graph, ctx);
    } catch (...) {
        for (size_t i = begun; i-- > 0;) {
            try {
                instruments_[i]->runAfterPassFailed(exec);
            } catch (...) {  // the pass's own exception is the one to report
            }
        }
        throw;
    }
    for (std::string& w : ctx.takeWarnings()) warn(w);
    // An instrument may fail the run (the verifier): the ones outside it still close the step.
    size_t i = instruments_.size();
    try {
        for (; i-- > 0;) instruments_[i]->runAfterPass(exec);
    } catch (...) {
        for (; i-- > 0;) {
            try {
                instruments_[i]->runAfterPassFailed(exec);
            } catch (...) {
            }
        }
        throw;
    }
    return exec.changed;
}

void PassManager::runStages(std::vector<Stage>& stages, Graph& graph, PipelineRun& out) {
    const bool mainGraph = &graph == model_.graph.get();
    for (Stage& stage : stages) {
        const FixedPoint r = runToFixedPoint(
            *this, stage.passes, options_.iterationCap,
            [&](int it) {
                if (!mainGraph) return;
                InferShapePass infer(model_);
                runPass(infer, graph, stage.name, it);
            },
            [&](Pass& pass, int it) { return runPass(pass, graph, stage.name, it); });
        if (r.cancelled) out.cancelled = true;
        if (r.hitCap)
            warn("stage " + stage.name + " still changed the graph after " + std::to_string(r.iterations) +
                 " iterations (passscope.iterationCap)");
        out.stages.push_back(StageReport{stage.name, r.iterations, r.hitCap});
        if (out.cancelled || cancelRequested()) {
            out.cancelled = true;
            break;
        }
    }
}

}  // namespace passscope

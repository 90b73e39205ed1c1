#include "pipeline/pass_manager.h"

#include <chrono>
#include <stdexcept>

#include "io/onnx_check.h"
#include "ir/graph_path.h"
#include "ir/op_types.h"
#include "pipeline/graph_verifier.h"

namespace passscope {
namespace {

// Shape inference between iterations, so passes that need static shapes see what folding
// revealed (GE runs InferShape between its stages too). Its warnings become the run's.
class InferShapePass : public Pass {
  public:
    explicit InferShapePass(Model& model) : model_(model) {}
    std::string name() const override { return "InferShape"; }
    PassFamily family() const override { return PassFamily::Format; }
    bool run(Graph&, PassContext& ctx) override {
        Diagnostics diag;
        io::inferShapes(model_, diag);
        for (std::string& w : diag.warnings) ctx.warn(std::move(w));
        return false;  // descriptions only: never a reason to iterate again
    }

  private:
    Model& model_;
};

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

// The user's pins: --input-shape rewrites graph inputs' descriptions, --no-fold flags nodes.
class ApplyUserPinsPass : public Pass {
  public:
    std::string name() const override { return "ApplyUserPins"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    bool run(Graph& g, PassContext& ctx) override {
        const PipelineOptions& options = ctx.options();
        bool changed = false;
        for (const auto& [name, dims] : options.inputShapes) {
            bool found = false;
            for (NodeId id : g.inputs()) {
                const Node& n = g.node(id);
                if (n.output(0).name != name) continue;
                TensorDesc d = n.output(0).desc;
                if (d.originShape.rankKnown() && d.originShape.rank() != dims.size())
                    throw std::invalid_argument("--input-shape " + name + ": the input has rank " +
                                                std::to_string(d.originShape.rank()) + ", not " +
                                                std::to_string(dims.size()));
                d.originShape = d.storageShape = Shape::fromExtents(dims);
                g.setOutputDesc(id, 0, std::move(d));
                found = changed = true;
            }
            if (!found)
                throw std::invalid_argument("--input-shape names '" + name + "', which is not a graph input");
        }
        for (const std::string& name : options.noFold) {
            bool found = false;
            for (const Node* n : g.nodes())
                if (n->name() == name) {
                    g.setAttribute(n->id(),
                                   Attribute::makeInt(std::string(op::attr::kDoNotConstantFolding), 1));
                    found = changed = true;
                }
            // A misspelt name must not pass silently: the user would read an unflagged node as
            // folded despite the flag. Bad input is an error, never a silently different run.
            if (!found)
                throw std::invalid_argument("--no-fold names '" + name + "', which is no node of this model");
        }
        return changed;
    }
};

// A cycle anywhere (main graph or a body) stops the run before any pass: every pass needs a
// topological order, and running none of them while reporting success would be a lie.
void refuseCycles(const Graph& g, const std::string& where) {
    if (const std::vector<NodeId> cycle = findCycle(g); !cycle.empty())
        throw PipelineError(where + " has a cycle (" + describeCycle(g, cycle) +
                            "); the pipeline needs an acyclic graph");
    for (const Node* n : g.nodes())
        for (const Graph* sub : n->subgraphs())
            refuseCycles(*sub, "a body of node '" + n->displayName() + "'");
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
    PassContext ctx(model_, options_, kernels_, cancel_);
    ctx.currentPass = pass.name();
    ctx.varManager = varManager_.get();
    ctx.graphId = graphId_;
    if (&graph != model_.graph.get()) {
        ctx.graphPath = pathOf(graph);
        ctx.graphName = describePath(*model_.graph, ctx.graphPath);
    }
    // A pass that owns bodies (SubgraphOptimizePass) runs passes on them through this manager, so
    // every body pass run is a step of its own with every instrument, as MLIR nests pass managers.
    // Its steps carry the stage and iteration of the pass that owns the body.
    ctx.runNested = [this, &stage, iteration](Graph& body, std::vector<std::unique_ptr<Pass>>& passes) {
        const FixedPoint r = runToFixedPoint(
            *this, passes, options_.iterationCap, [](int) {},
            [&](Pass& p, int) { return runPass(p, body, stage, iteration); });
        if (r.hitCap)
            warn("the passes on body " + describePath(*model_.graph, pathOf(body)) +
                 " still changed it after " + std::to_string(r.iterations) +
                 " iterations (passscope.iterationCap)");
        return r.changed;
    };
    for (const StatisticInfo& s : pass.statistics()) ctx.stats.declare(s);
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

PipelineRun runPipeline(Model& model, const PipelineOptions& options, Journal* journal,
                        const PipelineHooks& hooks) {
    PipelineRun run;
    const auto start = std::chrono::steady_clock::now();
    Graph& g = *model.graph;
    refuseCycles(g, "the graph");

    PassManager manager(model, options);
    manager.setCancelFlag(hooks.cancel);
    run.varManager = hooks.varManager ? hooks.varManager : std::make_shared<VarManager>();
    run.graphId = run.varManager->beginGraph();
    manager.setVarManager(run.varManager, run.graphId);
    if (hooks.progress) manager.addInstrumentation(std::make_shared<ProgressInstrument>(hooks.progress));
    if (journal) manager.addInstrumentation(std::make_shared<JournalInstrument>(*journal));
    if (options.verifyEach) manager.addInstrumentation(std::make_shared<VerifierInstrument>());
    for (const auto& instrument : hooks.instruments) manager.addInstrumentation(instrument);
    manager.addInstrumentation(std::make_shared<TimingInstrument>());  // last: it times the pass alone

    manager.run(g, [&] {
        if (!options.inputShapes.empty() || !options.noFold.empty()) {
            ApplyUserPinsPass pins;
            manager.runPass(pins, g, "Prepare", 0);
            if (!options.inputShapes.empty()) {
                InferShapePass infer(model);
                manager.runPass(infer, g, "Prepare", 0);
            }
        }
        if (options.level != OptLevel::O0 && !manager.cancelRequested()) {
            std::vector<Stage> stages = buildPipeline(options);
            manager.runStages(stages, g, run);
        }
        if (manager.cancelRequested()) run.cancelled = true;
    });
    run.warnings = manager.warnings();
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return run;
}

}  // namespace passscope

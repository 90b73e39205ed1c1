#include "pipeline/pass_manager.h"

#include <chrono>
#include <stdexcept>

#include "io/onnx_check.h"
#include "ir/op_types.h"

namespace passscope {
namespace {

double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Shape inference between iterations, so passes that need static shapes see what folding
// revealed (GE runs InferShape between its stages too).
class InferShapePass : public Pass {
public:
    explicit InferShapePass(Model& model) : model_(model) {}
    std::string name() const override { return "InferShape"; }
    PassFamily family() const override { return PassFamily::Format; }
    bool run(Graph&, PassContext&) override {
        Diagnostics diag;
        io::inferShapes(model_, diag);
        return false;  // descriptions only: never a reason to iterate again
    }

private:
    Model& model_;
};

void applyPins(Model& model, const PipelineOptions& options, PipelineRun& run) {
    Graph& g = *model.graph;
    for (const auto& [name, dims] : options.inputShapes) {
        bool found = false;
        for (NodeId id : g.inputs()) {
            const Node& n = g.node(id);
            if (n.output(0).name != name) continue;
            TensorDesc d = n.output(0).desc;
            if (d.originShape.rankKnown() && d.originShape.rank() != dims.size())
                throw std::invalid_argument("--input-shape " + name + ": the input has rank " +
                                            std::to_string(d.originShape.rank()) + ", not " + std::to_string(dims.size()));
            d.originShape = d.storageShape = Shape::fromExtents(dims);
            g.setOutputDesc(id, 0, std::move(d));
            found = true;
        }
        if (!found) throw std::invalid_argument("--input-shape names '" + name + "', which is not a graph input");
    }
    for (const std::string& name : options.noFold) {
        bool found = false;
        for (const Node* n : g.nodes())
            if (n->name() == name) {
                g.setAttribute(n->id(), Attribute::makeInt(std::string(op::attr::kDoNotConstantFolding), 1));
                found = true;
            }
        // A misspelt name must not pass silently: the user would read an unflagged node as folded
        // despite the flag (DESIGN.md §5: bad input is an error, never a silently different run).
        if (!found) throw std::invalid_argument("--no-fold names '" + name + "', which is no node of this model");
    }
}

}  // namespace

PipelineRun runPipeline(Model& model, const PipelineOptions& options, Journal* journal, const PipelineHooks& hooks) {
    PipelineRun run;
    const auto start = std::chrono::steady_clock::now();
    Graph& g = *model.graph;
    if (journal) journal->begin(g);
    size_t steps = 0;
    // One pass run on `graph` (the main graph or, from a nested pass manager, a body), one
    // journal step. A pass can run a list of passes on a body through ctx.runNested.
    std::function<bool(Pass&, Graph&, const std::string&, int)> runOne;
    runOne = [&](Pass& pass, Graph& graph, const std::string& stage, int iteration) {
        PassContext ctx(model, options, kernels::KernelRegistry::builtin());
        ctx.currentPass = pass.name();
        if (&graph != &g) {
            ctx.graphPath = pathOf(graph);
            ctx.graphName = describePath(g, ctx.graphPath);
        }
        ctx.runNested = [&, stage, iteration](Graph& body, std::vector<std::unique_ptr<Pass>>& passes) {
            bool any = false;
            for (int it = 1; it <= options.iterationCap; ++it) {
                if (hooks.cancel && hooks.cancel->load()) break;
                bool changed = false;
                for (auto& p : passes) changed |= runOne(*p, body, stage, iteration);
                any |= changed;
                if (!changed) break;
            }
            return any;
        };
        if (journal) journal->beginStep(pass.name(), stage, iteration, ctx.graphPath, ctx.graphName);
        const auto t = std::chrono::steady_clock::now();
        bool changed = pass.run(graph, ctx);
        const double seconds = since(t);
        if (journal) journal->endStep(seconds, ctx.stats, ctx.takeUnfolded());
        ++steps;
        if (hooks.progress)
            hooks.progress(steps, stage + " / " + pass.name() + (ctx.graphName.empty() ? "" : " in " + ctx.graphName));
        return changed;
    };

    try {
        if (!options.inputShapes.empty() || !options.noFold.empty()) {
            if (journal) journal->beginStep("ApplyUserPins", "Prepare", 0);
            applyPins(model, options, run);
            if (journal) journal->endStep(0, {}, {});
            ++steps;
            if (hooks.progress) hooks.progress(steps, "Prepare / ApplyUserPins");
            if (!options.inputShapes.empty()) {
                InferShapePass infer(model);
                runOne(infer, g, "Prepare", 0);
            }
        }
        if (options.level != OptLevel::O0) {
            for (Stage& stage : buildPipeline(options)) {
                StageReport report{stage.name, 0, false};
                bool dirty = false;
                for (int it = 1; it <= options.iterationCap; ++it) {
                    if (hooks.cancel && hooks.cancel->load()) {
                        run.cancelled = true;
                        break;
                    }
                    report.iterations = it;
                    if (dirty) {
                        InferShapePass infer(model);
                        runOne(infer, g, stage.name, it);
                    }
                    bool changed = false;
                    for (auto& pass : stage.passes) changed |= runOne(*pass, g, stage.name, it);
                    dirty = changed;
                    if (!changed) break;
                    if (it == options.iterationCap) {
                        report.hitCap = true;
                        run.warnings.push_back("stage " + stage.name + " still changed the graph after " +
                                               std::to_string(it) + " iterations (passscope.iterationCap)");
                    }
                }
                run.stages.push_back(report);
                if (run.cancelled) break;
            }
        }
    } catch (...) {
        if (journal) journal->end();
        throw;
    }
    if (journal) journal->end();
    run.seconds = since(start);
    return run;
}

}  // namespace passscope

#include "compile/run_pipeline.h"

#include <chrono>
#include <stdexcept>

#include "ir/op_types.h"
#include "pipeline/graph_verifier.h"
#include "pipeline/infer_shape_pass.h"
#include "pipeline/pipeline_error.h"

namespace passscope {
namespace {

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

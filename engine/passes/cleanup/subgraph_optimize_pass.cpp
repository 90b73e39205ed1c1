#include "passes/cleanup/subgraph_optimize_pass.h"

#include "passes/cleanup/common_subexpression_elimination_pass.h"
#include "passes/cleanup/dead_code_elimination_pass.h"
#include "passes/cleanup/identity_pass.h"
#include "passes/cleanup/no_op_arithmetic_remove_pass.h"
#include "passes/cleanup/no_op_cast_remove_pass.h"
#include "passes/cleanup/redundant_slice_remove_pass.h"
#include "passes/cleanup/reshape_remove_pass.h"
#include "passes/constant_folding/cond_remove_pass.h"
#include "passes/constant_folding/constant_folding_pass.h"
#include "passes/constant_folding/dimension_compute_pass.h"
#include "passes/constant_folding/partial_shape_folding_pass.h"
#include "passes/constant_folding/reshape_target_folding_pass.h"
#include "passes/constant_folding/zero_trip_loop_remove_pass.h"

namespace passscope {
namespace {

// Whether `g` holds a node that owns a body.
bool ownsBodies(const Graph& g) {
    for (const Node* n : g.nodes())
        if (!n->subgraphs().empty()) return true;
    return false;
}

// The passes that make sense inside a body (shapes inside bodies are not re-inferred), in the
// pipeline's order, then this pass when the body has bodies of its own.
std::vector<std::unique_ptr<Pass>> bodyPasses(const PipelineOptions& options, bool nested) {
    std::vector<std::unique_ptr<Pass>> passes;
    passes.push_back(std::make_unique<DimensionComputePass>(true));
    passes.push_back(std::make_unique<ConstantFoldingPass>());
    passes.push_back(std::make_unique<PartialShapeFoldingPass>(true));
    // An If on a constant condition, a Loop that runs no iteration: also inside bodies (the
    // inlined branch's outer reads stay valid, docs/ge-constant-folding.md §15.3).
    passes.push_back(std::make_unique<CondRemovePass>());
    passes.push_back(std::make_unique<ZeroTripLoopRemovePass>());
    // Pass-through nodes and no-ops (they keep what gives a body output or reads an outer value).
    passes.push_back(std::make_unique<IdentityPass>());
    passes.push_back(std::make_unique<NoOpCastRemovePass>());
    passes.push_back(std::make_unique<ReshapeRemovePass>());
    passes.push_back(std::make_unique<ReshapeTargetFoldingPass>());
    passes.push_back(std::make_unique<RedundantSliceRemovePass>());
    passes.push_back(std::make_unique<NoOpArithmeticRemovePass>());
    passes.push_back(std::make_unique<DeadCodeEliminationPass>());
    passes.push_back(std::make_unique<CommonSubexpressionEliminationPass>());
    if (nested) passes.push_back(std::make_unique<SubgraphOptimizePass>());
    std::erase_if(passes, [&](const std::unique_ptr<Pass>& p) { return !p->enabled(options); });
    return passes;
}

}  // namespace

bool SubgraphOptimizePass::run(Graph& g, PassContext& ctx) {
    if (!ctx.runNested) return false;  // only a pass manager can run nested passes
    std::vector<NodeId> owners;
    for (const Node* n : g.nodes())
        if (!n->subgraphs().empty()) owners.push_back(n->id());
    bool changed = false;
    for (NodeId id : owners) {
        const Node* owner = g.findNode(id);
        if (!owner) continue;
        // The bodies are edited in place; the owner's attributes themselves never change here.
        for (Graph* body : owner->subgraphs()) {
            std::vector<std::unique_ptr<Pass>> passes = bodyPasses(ctx.options(), ownsBodies(*body));
            changed |= ctx.runNested(*body, passes);
        }
    }
    return changed;
}

}  // namespace passscope

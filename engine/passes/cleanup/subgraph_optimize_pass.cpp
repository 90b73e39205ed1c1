#include "passes/cleanup/subgraph_optimize_pass.h"

#include "passes/cleanup/common_subexpression_elimination_pass.h"
#include "passes/cleanup/dead_code_elimination_pass.h"
#include "passes/constant_folding/constant_folding_pass.h"
#include "passes/constant_folding/dimension_compute_pass.h"

namespace passscope {
namespace {

// The passes that make sense inside a body; shapes inside bodies are not re-inferred.
bool optimizeBody(Graph& body, PassContext& ctx) {
    std::vector<std::unique_ptr<Pass>> passes;
    passes.push_back(std::make_unique<DimensionComputePass>(true));
    passes.push_back(std::make_unique<ConstantFoldingPass>());
    passes.push_back(std::make_unique<DeadCodeEliminationPass>());
    passes.push_back(std::make_unique<CommonSubexpressionEliminationPass>());
    bool any = false;
    for (int it = 0; it < ctx.options().iterationCap; ++it) {
        bool changed = false;
        for (auto& p : passes) {
            if (!p->enabled(ctx.options())) continue;
            // Nested bodies first, so what they fold is seen by this level.
            changed |= p->run(body, ctx);
        }
        SubgraphOptimizePass nested;
        changed |= nested.run(body, ctx);
        any |= changed;
        if (!changed) break;
    }
    return any;
}

}  // namespace

bool SubgraphOptimizePass::run(Graph& g, PassContext& ctx) {
    bool changed = false;
    std::vector<NodeId> owners;
    for (const Node* n : g.nodes())
        if (!n->subgraphs().empty()) owners.push_back(n->id());
    for (NodeId id : owners) {
        std::vector<Attribute> rewritten;
        for (const Attribute& a : g.node(id).attributes()) {
            if (a.graphs().empty()) continue;
            Attribute copy = deepCopy(a, &g, id);
            bool bodyChanged = false;
            for (Graph* body : copy.graphs()) bodyChanged |= optimizeBody(*body, ctx);
            if (bodyChanged) rewritten.push_back(std::move(copy));
        }
        for (Attribute& a : rewritten) {
            g.setAttribute(id, std::move(a));
            changed = true;
        }
    }
    if (changed) g.rebuildUses();  // implicit reads of outer values may have changed
    return changed;
}

}  // namespace passscope

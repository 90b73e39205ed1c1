#include "passes/cleanup/subgraph_optimize_pass.h"

namespace passscope {
namespace {

// Whether `g` holds a node that owns a body.
bool ownsBodies(const Graph& g) {
    for (const Node* n : g.nodes())
        if (!n->subgraphs().empty()) return true;
    return false;
}

}  // namespace

bool SubgraphOptimizePass::run(Graph& g, PassContext& ctx) {
    if (!ctx.canRunNested()) return false;  // only a pass manager can run nested passes
    std::vector<NodeId> owners;
    for (const Node* n : g.nodes())
        if (!n->subgraphs().empty()) owners.push_back(n->id());
    bool changed = false;
    for (NodeId id : owners) {
        const Node* owner = g.findNode(id);
        if (!owner) continue;
        // The bodies are edited in place; the owner's attributes themselves never change here.
        for (Graph* body : owner->subgraphs()) {
            std::vector<std::unique_ptr<Pass>> passes = bodyPipeline_(ctx.options(), ownsBodies(*body));
            changed |= ctx.runNested(*body, passes);
        }
    }
    return changed;
}

}  // namespace passscope

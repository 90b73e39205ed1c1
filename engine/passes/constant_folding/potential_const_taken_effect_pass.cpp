#include "passes/constant_folding/potential_const_taken_effect_pass.h"

#include "passes/constant_folding/folding.h"

namespace passscope {

bool PotentialConstTakenEffectPass::onFinishGraph(Graph& g, PassContext& ctx) {
    std::vector<NodeId> marked;
    for (const Node* n : g.nodes())
        if (op::isPotentialConst(*n)) marked.push_back(n->id());
    bool changed = false;
    for (NodeId id : marked) {
        const Node* n = g.findNode(id);
        if (!n) continue;
        const Attribute* w = n->findAttr(op::attr::kPotentialWeight);
        const auto* weights = w ? std::get_if<std::vector<Tensor>>(&w->value) : nullptr;
        if (!weights || weights->size() < n->outputs().size()) {
            folding::clearPotentialConst(g, id);  // a mark without its weight cannot take effect
            ctx.count(kMarksCleared);
            changed = true;
            continue;
        }
        std::vector<Tensor> values = *weights;
        folding::replaceWithConstants(g, id, std::move(values), ctx);
        changed = true;
    }
    return changed;
}

}  // namespace passscope

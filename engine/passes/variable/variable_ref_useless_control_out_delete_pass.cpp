#include "passes/variable/variable_ref_useless_control_out_delete_pass.h"

#include <set>

#include "passes/variable/var_nodes.h"

namespace passscope {

bool VariableRefUselessControlOutDeletePass::run(Graph& g, PassContext& ctx) {
    bool changed = false;
    for (const Node* n : g.nodes()) {
        if (!op::isVarRef(*n)) continue;
        const Node* srcNode =
            n->inputs().empty() || n->input(0).depth != 0 ? nullptr : g.findNode(n->input(0).node);
        if (!srcNode) {
            ctx.warn("VarRef '" + n->displayName() + "' (of '" + op::refSource(*n) + "') has no input");
            continue;
        }
        const Node& src = *srcNode;
        std::set<NodeId> followers(src.controlOutputs().begin(), src.controlOutputs().end());
        for (const NodeOutput& o : src.outputs())
            for (const Use& u : o.uses) followers.insert(u.node);
        const NodeId ref = n->id();
        for (NodeId to : std::vector<NodeId>(n->controlOutputs())) {
            if (!followers.count(to)) continue;
            g.removeControlEdge(ref, to);
            ctx.count(kControlEdgesRemoved);
            changed = true;
        }
    }
    return changed;
}

}  // namespace passscope

#include "passes/cleanup/dead_code_elimination_pass.h"

#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "passes/variable/var_nodes.h"

namespace passscope {
namespace {

bool keptForItself(const Graph& g, const Node& n) {
    if (n.id() == g.netOutput()) return true;
    if (op::isData(n.opType(), n.domain())) return true;
    // A VarRef is read by nobody: it stands for the write-back of its variable until
    // VariableRefDeleteOpPass (docs/ge-variables.md §6).
    // A Variable fed by a value is written by it (AssignRemovePass, docs/ge-variables.md §13).
    return op::writesState(n.opType(), n.domain()) || op::isVarRef(n) ||
           (op::isVariableOp(n) && !n.inputs().empty());
}

void collectOuter(const Graph& sub, uint32_t depth, std::vector<NodeId>& out) {
    for (const Node* n : sub.nodes()) {
        for (const ValueRef& r : n->inputs())
            if (r.valid() && r.depth == depth) out.push_back(r.node);
        for (Graph* s : n->subgraphs()) collectOuter(*s, depth + 1, out);
    }
}

}  // namespace

bool DeadCodeEliminationPass::run(Graph& g, PassContext& ctx) {
    std::vector<char> live(g.idLimit(), 0);
    std::vector<NodeId> stack;
    for (const Node* n : g.nodes())
        if (keptForItself(g, *n)) {
            live[n->id()] = 1;
            stack.push_back(n->id());
        }
    while (!stack.empty()) {
        const Node& n = g.node(stack.back());
        stack.pop_back();
        std::vector<NodeId> needs = n.controlInputs();
        for (const ValueRef& r : n.inputs())
            if (r.valid() && r.depth == 0) needs.push_back(r.node);
        for (Graph* sub : n.subgraphs()) collectOuter(*sub, 1, needs);
        for (NodeId p : needs)
            if (p < live.size() && !live[p] && g.findNode(p)) {
                live[p] = 1;
                stack.push_back(p);
            }
    }
    const std::vector<NodeId> order = topologicalOrderOrThrow(g, name());
    bool changed = false;
    // Consumers first, so every removal leaves no dangling reader behind.
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        if (live[*it]) continue;
        const Node& n = g.node(*it);
        if (const Tensor* t = n.attrTensor(op::attr::kValue); t && op::isConstant(n.opType(), n.domain()))
            ctx.count(stat::kConstBytesRemoved, t->byteSize());
        if (!op::isStructural(n.opType(), n.domain())) ctx.count(stat::kRemovedOps);
        ctx.count(kDeadNodes);
        g.removeNode(*it);
        changed = true;
    }
    return changed;
}

}  // namespace passscope

#include "passes/variable/assign_remove_pass.h"

#include <algorithm>

#include "ir/op_types.h"
#include "passes/variable/var_nodes.h"

namespace passscope {
namespace {

// GE's IsNoTaskNodeTypes: nodes that compute nothing (Data, Const, Variable).
bool computesNothing(const Node& n) {
    return op::isStructural(n.opType(), n.domain()) || op::holdsConstant(n.opType(), n.domain()) ||
           (op::isVariableType(n.opType(), n.domain()) && n.opType() == op::kVariable);
}

// Why GE's IsCondMatch (or PassScope's read rule) keeps the Assign; empty when it can go.
std::string refusal(const Graph& g, const Node& assign) {
    const ValueRef ref = assign.input(0), value = assign.input(1);
    if (!ref.valid() || !value.valid() || ref.depth != 0 || value.depth != 0)
        return "its variable or value is omitted or read from an outer scope";
    const Node& var = g.node(ref.node);
    const Node& producer = g.node(value.node);
    if (computesNothing(producer)) return "its value '" + producer.displayName() + "' is not computed";
    if (!op::isVariableOp(var) || !var.inputs().empty()) return "it does not write a Variable";
    if (g.value(ref)->uses.size() != 1 || g.value(value)->uses.size() != 1)
        return "its variable or its value has other readers";
    if (!var.controlOutputs().empty() && var.id() < producer.id())
        return "the variable has control successors and was created before the value (a ring could follow)";
    if (!assign.output(0).uses.empty()) {
        const Use& u = assign.output(0).uses.front();
        return "its result is read by '" + g.node(u.node).displayName() +
               "'; a Variable node reads the stored value, not this write";
    }
    return {};
}

}  // namespace

NodePass::NodeResult AssignRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (n.domain() != op::kGeDomain || n.opType() != op::kAssign || n.inputs().size() < 2 ||
        n.outputs().size() != 1)
        return {};
    const std::string why = refusal(g, n);
    if (!why.empty()) {
        ctx.notFolded(n, NotFoldedReason::KeptByRule, "Assign kept: " + why);
        return {};
    }
    const ValueRef ref = n.input(0), value = n.input(1);
    const std::vector<NodeId> preds = n.controlInputs();
    const std::vector<NodeId> succs = n.controlOutputs();
    for (NodeId p : preds)
        for (NodeId s : succs)
            if (p != s) g.addControlEdge(p, s);
    g.removeNode(id);
    // GE: AppendInputAnchor + AddEdge(value -> variable input 0), UpdateInputDesc(0, value's desc).
    g.addInput(ref.node, value);
    g.setInputDescs(ref.node, {g.value(value)->desc});
    const Node& producer = g.node(value.node);
    std::vector<std::string> names(producer.outputs().size());
    if (const Attribute* a = producer.findAttr(kOutputAssignVarName))
        if (const auto* s = std::get_if<std::vector<std::string>>(&a->value)) names = *s;
    names.resize(producer.outputs().size());
    names[value.output] = g.node(ref.node).name();
    g.setAttribute(value.node,
                   Attribute{std::string(kOutputAssignVarName), AttrKind::Strings, names, {}, {}});
    ctx.count(kRemoved);
    return {true, {value.node, ref.node}};
}

}  // namespace passscope

#include "passes/variable/variable_prepare_op_pass.h"

#include <set>
#include <tuple>
#include <vector>

#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "passes/variable/var_nodes.h"
#include "vars/var_memory_plan.h"

namespace passscope {
namespace variable {
namespace {

// A writer on the variable's chain: the node, the ref input the variable arrives at, the output
// that returns it (>= output count: none).
struct Write {
    NodeId node;
    size_t input;
    size_t output;
    bool throughIdentity = false;  // reached through the RefIdentity an earlier run put there
};

bool isRefIdentity(const Node& n) {
    return n.opType() == op::kRefIdentity && n.domain() == op::kGeDomain;
}

// The ref ops reading output `output` of `node` at a ref input (GetPeerNodeOfRefOutput). A
// RefIdentity this pass made is looked through, so a second run finds the same chains.
std::vector<Write> writersOf(const Graph& g, NodeId node, size_t output, bool lookThrough = true) {
    std::vector<Write> out;
    const Node& n = g.node(node);
    if (output >= n.outputs().size()) return out;
    for (const Use& u : n.output(output).uses) {
        if (u.input < 0) continue;
        const Node& c = g.node(u.node);
        if (auto o = op::refOutputOf(c.opType(), c.domain(), static_cast<size_t>(u.input))) {
            out.push_back({u.node, static_cast<size_t>(u.input), *o});
        } else if (lookThrough && isRefIdentity(c)) {
            for (Write w : writersOf(g, u.node, 0, false))
                if (w.output >= g.node(w.node).outputs().size()) {
                    w.throughIdentity = true;
                    out.push_back(w);
                }
        }
    }
    return out;
}

// The VarRef node itself: the variable's op type (a Data-variable's is GE's Variable), described
// as the variable, naming it.
NodeId makeVarRef(Graph& g, PassContext& ctx, const Node& var, const std::string& name) {
    const std::string type = op::isVariableOp(var) ? var.opType() : std::string(op::kVariable);
    const TensorDesc desc = var.output(0).desc;
    const std::string varName = var.name();
    const NodeId id = g.addNode(type, std::string(op::kGeDomain), ctx.uniqueName(g, name), 1).id();
    g.setAttribute(id, Attribute::makeString(std::string(op::attr::kRefVarSrcVarName), varName));
    g.setOutputName(id, 0, ctx.uniqueValueName(g, g.node(id).name()));
    g.setOutputDesc(id, 0, desc);
    g.setInputDescs(id, {desc});
    ctx.count(VariablePrepareOpPass::kVarRefsAdded);
    return id;
}

// GE's AddControlEdge: the VarRef runs before every node that follows `node` (its data readers
// and control successors).
void orderBeforeFollowers(Graph& g, NodeId node, NodeId varRef) {
    std::vector<NodeId> followers;
    const Node& n = g.node(node);
    for (const NodeOutput& o : n.outputs())
        for (const Use& u : o.uses) followers.push_back(u.node);
    for (NodeId c : n.controlOutputs()) followers.push_back(c);
    std::set<NodeId> seen;
    for (NodeId f : followers)
        if (f != varRef && seen.insert(f).second) g.addControlEdge(varRef, f);
}

}  // namespace

bool addVariableRef(Graph& g, PassContext& ctx, NodeId writer, size_t output, NodeId var) {
    const Node& w = g.node(writer);
    if (output >= w.outputs().size()) return false;
    const std::string varName = g.node(var).name();
    for (const Use& u : w.output(output).uses)
        if (u.input >= 0 && op::refSource(g.node(u.node)) == varName) return false;  // made before
    const NodeId ref = makeVarRef(g, ctx, g.node(var), varRefName(varName, w.name(), output));
    orderBeforeFollowers(g, writer, ref);
    g.addInput(ref, ValueRef{writer, static_cast<uint32_t>(output), 0});
    return true;
}

void insertVariableRef(Graph& g, PassContext& ctx, NodeId node, size_t input, NodeId var) {
    const Node& n = g.node(node);
    const ValueRef from = n.input(input);
    const Node& producer = g.node(from.node);
    TensorDesc desc = input < n.inputDescs().size() && n.inputDescs()[input].hasType()
                          ? n.inputDescs()[input]
                          : producer.output(from.output).desc;
    const std::string identityName = refIdentityName(producer.name(), from.output, n.name(), input);
    const NodeId identity = g.addNode(std::string(op::kRefIdentity), std::string(op::kGeDomain),
                                      ctx.uniqueName(g, identityName), 1)
                                .id();
    g.setOutputName(identity, 0, ctx.uniqueValueName(g, g.node(identity).name()));
    g.setOutputDesc(identity, 0, desc);
    g.addInput(identity, from);
    ctx.count(VariablePrepareOpPass::kRefIdentitiesAdded);

    const std::string varName = g.node(var).name();
    const NodeId ref = makeVarRef(g, ctx, g.node(var), varRefName(varName, g.node(node).name(), input));
    orderBeforeFollowers(g, node, ref);
    g.setInput(node, input, ValueRef{identity, 0, 0});
    g.addInput(ref, ValueRef{identity, 0, 0});
    g.addControlEdge(node, ref);
}

}  // namespace variable

bool VariablePrepareOpPass::run(Graph& g, PassContext& ctx) {
    bool changed = false;
    std::vector<NodeId> variables;
    for (NodeId id : topologicalOrderOrThrow(g, name()))
        if (op::isVariable(g.node(id))) variables.push_back(id);
    for (NodeId var : variables) {
        // DealVariableNode: every ref op reading the variable starts a chain.
        std::vector<variable::Write> firstWriters = variable::writersOf(g, var, 0);
        for (const variable::Write& first : firstWriters) {
            // DealWritableNode: depth first along the ref outputs; the last writer of each chain
            // (and any writer with control successors) gets a VarRef.
            std::vector<variable::Write> stack{first};
            std::set<std::tuple<NodeId, size_t, size_t>> visited;
            while (!stack.empty()) {
                const variable::Write cur = stack.back();
                stack.pop_back();
                if (!visited.insert({cur.node, cur.input, cur.output}).second) continue;
                std::vector<variable::Write> next = variable::writersOf(g, cur.node, cur.output);
                if (next.empty()) {
                    if (cur.output < g.node(cur.node).outputs().size())
                        changed |= variable::addVariableRef(g, ctx, cur.node, cur.output, var);
                    else if (!cur.throughIdentity) {
                        variable::insertVariableRef(g, ctx, cur.node, cur.input, var);
                        changed = true;
                    }
                    continue;
                }
                stack.insert(stack.end(), next.begin(), next.end());
                if (!g.node(cur.node).controlOutputs().empty())
                    changed |= variable::addVariableRef(g, ctx, cur.node, cur.output, var);
            }
        }
    }
    return changed;
}

}  // namespace passscope

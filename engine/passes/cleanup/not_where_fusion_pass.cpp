#include "passes/cleanup/not_where_fusion_pass.h"

#include "ir/node_attributes.h"
#include "ir/op_types.h"

namespace passscope {

NodePass::NodeResult NotWhereFusionPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!op::isOnnxOp(n.opType(), n.domain(), "Not") || n.inputs().size() != 1 || n.outputs().size() != 1 ||
        !n.input(0).valid() || op::doNotFold(n))
        return {};
    const std::vector<Use> uses = n.output(0).uses;
    if (uses.empty()) return {};
    for (const Use& u : uses) {
        const Node& r = g.node(u.node);
        // Only condition reads of a Where of this graph; a second read of the Not by the same
        // Where (as a branch) would need the Not itself.
        if (u.input != 0 || !op::isOnnxOp(r.opType(), r.domain(), "Where") || r.inputs().size() != 3)
            return {};
        if (r.input(1) == ValueRef{id, 0, 0} || r.input(2) == ValueRef{id, 0, 0}) return {};
    }
    const ValueRef cond = n.input(0);
    std::vector<NodeId> repass;
    for (const Use& u : uses) {
        const Node& r = g.node(u.node);
        const ValueRef x = r.input(1), y = r.input(2);
        g.setInput(u.node, 0, cond);
        g.setInput(u.node, 1, y);
        g.setInput(u.node, 2, x);
        repass.push_back(u.node);
    }
    // Whoever waited for the Not still waits for its control predecessors.
    const Node& after = g.node(id);
    for (NodeId p : std::vector<NodeId>(after.controlInputs()))
        for (NodeId s : std::vector<NodeId>(after.controlOutputs())) g.addControlEdge(p, s);
    g.removeNode(id);
    ctx.count(kRemoved);
    ctx.count(stat::kRemovedOps);
    return {true, std::move(repass)};
}

}  // namespace passscope

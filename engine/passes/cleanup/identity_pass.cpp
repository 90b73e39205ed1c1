#include "passes/cleanup/identity_pass.h"

#include "ir/node_attributes.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "passes/cleanup/pass_through.h"

namespace passscope {
namespace {

bool isOneOf(const Node& n, std::string_view a, std::string_view b) {
    return n.opType() == a || n.opType() == b;
}

// GE's CheckIdentityUsable (identity_pass.cc) in PassScope's IR: why the Identity must stay, or "".
// An Identity after a subgraph owner stays only at target ge (GE keeps it for the owner's output
// memory); in an ONNX model it is a plain copy, and ONNX Runtime's EliminateIdentity removes it.
std::string geKeeps(const Graph& g, const Node& n, bool targetGe) {
    if (op::noNeedFolding(n)) return "no_need_constant_folding is set";
    const Node* in = g.producer(n.input(0));
    if (in && n.input(0).depth == 0) {
        if (g.parent() && op::isData(in->opType(), in->domain()))
            return "it follows the body input '" + in->output(0).name + "'";
        if (targetGe && !in->subgraphs().empty())
            return "it follows '" + in->displayName() + "', which owns a subgraph";
        if (isOneOf(*in, "Switch", "RefSwitch") && !n.controlOutputs().empty())
            return "it carries the control edges of the Switch '" + in->displayName() + "'";
    }
    for (const Use& u : n.output(0).uses) {
        const Node& out = g.node(u.node);
        if (u.input == Use::kImplicit || !out.subgraphs().empty())
            return "it feeds '" + out.displayName() + "', which owns a subgraph";
        if (isOneOf(out, "Merge", "RefMerge") && !n.controlInputs().empty())
            return "it carries the control edges into the Merge '" + out.displayName() + "'";
    }
    return {};
}

}  // namespace

NodePass::NodeResult IdentityPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!op::isOnnxOp(n.opType(), n.domain(), "Identity") || n.inputs().size() != 1 ||
        n.outputs().size() != 1)
        return {};
    std::string why = geKeeps(g, n, ctx.options().target == Target::Ge);
    if (why.empty()) why = passthrough::refusal(g, id, ctx, 0);
    if (!why.empty()) {
        ctx.notFolded(n, NotFoldedReason::KeptByRule, "Identity kept: " + why);
        return {};
    }
    const bool givesOutput = [&] {
        for (const Use& u : n.output(0).uses)
            if (u.node == g.netOutput()) return true;
        return false;
    }();
    ctx.count(kRemoved);
    if (givesOutput) ctx.count(kOutputsRenamed);
    std::vector<NodeId> repass = passthrough::takeOut(g, id, ctx, 0);
    return {true, std::move(repass)};
}

}  // namespace passscope

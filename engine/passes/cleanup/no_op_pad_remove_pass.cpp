#include "passes/cleanup/no_op_pad_remove_pass.h"

#include <algorithm>
#include <variant>

#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "kernels/tensor_util.h"
#include "passes/cleanup/pass_through.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

// The pads, from the attribute (Pad-1 `paddings`, Pad-2 `pads`) or the constant input (Pad-11+);
// nullopt when computed at run time.
std::optional<std::vector<int64_t>> padsOf(const Graph& g, const Node& n) {
    for (const char* name : {"pads", "paddings"})
        if (const Attribute* a = n.findAttr(name))
            if (const auto* v = std::get_if<std::vector<int64_t>>(&a->value)) return *v;
    if (n.inputs().size() < 2 || !n.input(1).valid()) return std::nullopt;
    const Tensor* t = folding::constantValue(g, n.input(1));
    if (!t || (t->dtype() != DataType::Int64 && t->dtype() != DataType::Int32)) return std::nullopt;
    return kernels::toInt64s(*t);
}

}  // namespace

NodePass::NodeResult NoOpPadRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!op::isOnnxOp(n.opType(), n.domain(), "Pad") || n.inputs().empty() || n.outputs().size() != 1 ||
        op::doNotFold(n) || folding::constantValue(g, n.input(0)))
        return {};  // a constant input is ConstantFoldingPass's
    const std::optional<std::vector<int64_t>> pads = padsOf(g, n);
    if (!pads || pads->empty() || std::any_of(pads->begin(), pads->end(), [](int64_t p) { return p != 0; }))
        return {};
    const std::string refusal = passthrough::refusal(g, id, ctx);
    if (!refusal.empty()) {
        ctx.notFolded(n, NotFoldedReason::KeptByRule, "pads nothing, but " + refusal);
        return {};
    }
    ctx.count(kRemoved);
    ctx.count(stat::kRemovedOps);
    return {true, passthrough::takeOut(g, id, ctx)};
}

}  // namespace passscope

#include "passes/cleanup/reshape_remove_pass.h"

#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "passes/cleanup/pass_through.h"

namespace passscope {
namespace {

// A tensor description with every dim known, or null.
const TensorDesc* staticTensor(const NodeOutput* v) {
    if (!v || v->desc.kind != ValueKind::Tensor || !v->desc.originShape.extents()) return nullptr;
    return &v->desc;
}

}  // namespace

NodePass::NodeResult ReshapeRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!op::isDimensionOp(n.opType(), n.domain()) || n.inputs().empty() || n.outputs().size() != 1)
        return {};
    const TensorDesc* in = n.input(0).valid() ? staticTensor(g.value(n.input(0))) : nullptr;
    const TensorDesc* out = staticTensor(&n.output(0));
    if (!in || !out) {
        // GE: "op is unknown shape, cannot be deleted".
        ctx.notFolded(n, NotFoldedReason::KeptByRule,
                      n.opType() + " kept: its input or output shape is not static");
        return {};
    }
    if (*in->originShape.extents() != *out->originShape.extents() || in->dtype != out->dtype) return {};
    // A value stored in a device layout is not a plain ONNX tensor of its origin shape.
    if (in->storageDiffers() || out->storageDiffers()) return {};
    const std::string why = passthrough::refusal(g, id, ctx, 0);
    if (!why.empty()) {
        ctx.notFolded(n, NotFoldedReason::KeptByRule, n.opType() + " kept: " + why);
        return {};
    }
    ctx.count(kRemoved);
    return {true, passthrough::takeOut(g, id, ctx, 0)};
}

}  // namespace passscope

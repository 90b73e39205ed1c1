#include "passes/cleanup/no_op_cast_remove_pass.h"

#include "ir/op_traits.h"
#include "passes/cleanup/pass_through.h"

namespace passscope {
namespace {

// The dtype of a tensor value, Undefined when unknown (or not a tensor).
DataType tensorType(const Graph& g, const ValueRef& ref) {
    const NodeOutput* v = ref.valid() ? g.value(ref) : nullptr;
    if (!v || v->desc.kind != ValueKind::Tensor) return DataType::Undefined;
    return v->desc.dtype;
}

}  // namespace

NodePass::NodeResult NoOpCastRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    const bool cast = op::isOnnxOp(n.opType(), n.domain(), "Cast");
    const bool castLike = op::isOnnxOp(n.opType(), n.domain(), "CastLike");
    if ((!cast && !castLike) || n.inputs().empty() || n.outputs().size() != 1) return {};
    if (castLike && n.inputs().size() < 2) return {};
    const DataType from = tensorType(g, n.input(0));
    // Cast's `to` is an ONNX TensorProto.DataType, which DataType's values are.
    const int64_t to = cast ? n.attrInt("to", 0) : static_cast<int64_t>(tensorType(g, n.input(1)));
    if (to == 0) return {};  // malformed or a CastLike target of unknown dtype: nothing to compare with
    if (from == DataType::Undefined) {
        ctx.notFolded(n, NotFoldedReason::KeptByRule,
                      n.opType() + " kept: the dtype of its input is not known, so it may convert");
        return {};
    }
    if (static_cast<int64_t>(from) != to) return {};
    const std::string why = passthrough::refusal(g, id, ctx, 0);
    if (!why.empty()) {
        ctx.notFolded(n, NotFoldedReason::KeptByRule, n.opType() + " to its own dtype kept: " + why);
        return {};
    }
    ctx.count(kRemoved);
    return {true, passthrough::takeOut(g, id, ctx, 0)};
}

}  // namespace passscope

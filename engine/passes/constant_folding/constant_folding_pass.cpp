#include "passes/constant_folding/constant_folding_pass.h"

#include "formats/storage_shape.h"
#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

// GE's MemoryPriority rule: folding copies a constant once more; not worth it for a constant
// with more than 8 elements that other nodes share.
bool sharedLargeConstant(const Graph& g, const Node& n) {
    for (const ValueRef& r : n.inputs()) {
        const Tensor* t = folding::constantValue(g, r);
        const NodeOutput* v = g.value(r);
        if (t && v && t->elementCount() > 8 && v->uses.size() > 1) return true;
    }
    return false;
}

bool isTransData(const Node& n) {
    return op::isTransData(n.opType(), n.domain());
}

// Zero padding a folded TransData added: its value's bytes beyond the origin tensor's.
uint64_t paddingAdded(const TensorDesc& desc, const Tensor& value) {
    if (!isInternalFormat(desc.storageFormat)) return 0;
    const auto origin = formats::tensorBytes(desc.originShape, value.dtype());
    return origin && value.byteSize() > *origin ? value.byteSize() - *origin : 0;
}

}  // namespace

NodePass::NodeResult ConstantFoldingPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (op::isStructural(n.opType(), n.domain())) return {};
    if (!folding::foldable(n, ctx)) return {};
    auto inputs = folding::constantInputs(g, n, ctx);
    if (!inputs) return {};
    if (auto why = folding::storedInDeviceLayout(g, n)) {
        ctx.notFolded(n, NotFoldedReason::NoKernel, *why);
        return {};
    }
    if (ctx.options().memoryPriority && sharedLargeConstant(g, n)) {
        ctx.notFolded(n, NotFoldedReason::MemoryPriority,
                      "an input constant with more than 8 elements is shared (MemoryPriority)");
        return {};
    }
    const int64_t opset = ctx.opset(n.domain());
    kernels::KernelFn fn = ctx.kernels().find(n.domain(), n.opType(), opset);
    if (!fn) {
        ctx.notFolded(n, NotFoldedReason::NoKernel,
                      "no host kernel for " + n.opType() + " at opset " + std::to_string(opset));
        return {};
    }
    auto outputs = folding::evaluate(n, opset, fn, std::move(*inputs), ctx);
    if (!outputs) return {};
    ctx.clearNotFolded(id);
    if (isTransData(n) && !outputs->empty()) {
        ctx.count(kTransDataFolded);
        ctx.count(kPaddingBytes, paddingAdded(n.output(0).desc, outputs->front()));
    }
    return {true, folding::replaceWithConstants(g, id, std::move(*outputs), ctx)};
}

}  // namespace passscope

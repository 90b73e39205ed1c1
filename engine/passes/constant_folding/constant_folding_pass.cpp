#include "passes/constant_folding/constant_folding_pass.h"

#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"
#include "passes/constant_folding/kernel_call.h"

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

}  // namespace

NodePass::NodeResult ConstantFoldingPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (op::isStructural(n.opType(), n.domain())) return {};
    if (!folding::foldable(n, ctx)) return {};
    auto inputs = folding::constantInputs(g, n, ctx);
    if (!inputs) return {};
    if (ctx.options().memoryPriority && sharedLargeConstant(g, n)) {
        ctx.notFolded(n, NotFoldedReason::MemoryPriority, "an input constant with more than 8 elements is shared (MemoryPriority)");
        return {};
    }
    const int64_t opset = ctx.opset(n.domain());
    kernels::KernelFn fn = ctx.kernels().find(n.domain(), n.opType(), opset);
    if (!fn) {
        ctx.notFolded(n, NotFoldedReason::NoKernel, "no host kernel for " + n.opType() + " at opset " + std::to_string(opset));
        return {};
    }
    kernels::KernelContext kc(n, opset, std::move(*inputs));
    kernels::KernelResult r = folding::evaluateKernel(fn, kc);
    if (r.status == kernels::KernelStatus::Refused) {
        ctx.notFolded(n, NotFoldedReason::KernelRefused, r.reason);
        return {};
    }
    if (r.status != kernels::KernelStatus::Ok || r.outputs.size() < n.outputs().size()) {
        const bool random = r.reason.find("non-deterministic") != std::string::npos;
        ctx.notFolded(n, random ? NotFoldedReason::NonDeterministic : NotFoldedReason::NoKernel,
                      r.reason.empty() ? "the kernel returned too few outputs" : r.reason);
        return {};
    }
    uint64_t bytes = 0;
    for (size_t i = 0; i < n.outputs().size(); ++i) {
        const TensorDesc& d = n.output(i).desc;
        // A kernel disagreeing with the inferred dtype is a kernel bug: never fold a wrong type.
        if (d.kind == ValueKind::Tensor && d.dtype != DataType::Undefined && d.dtype != r.outputs[i].dtype()) {
            ctx.notFolded(n, NotFoldedReason::NoKernel,
                          "kernel produced " + std::string(dataTypeName(r.outputs[i].dtype())) + " where " +
                              std::string(dataTypeName(d.dtype)) + " was inferred");
            return {};
        }
        if (!n.output(i).uses.empty()) bytes += r.outputs[i].byteSize();
    }
    if (bytes > ctx.options().foldSizeThreshold) {
        ctx.notFolded(n, NotFoldedReason::SizeThreshold,
                      "outputs would take " + std::to_string(bytes) + " bytes, over the fold size threshold of " +
                          std::to_string(ctx.options().foldSizeThreshold));
        return {};
    }
    ctx.clearNotFolded(id);
    return {true, folding::replaceWithConstants(g, id, std::move(r.outputs), ctx)};
}

}  // namespace passscope

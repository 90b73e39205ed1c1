// And, Or, Xor on bool tensors with numpy broadcasting (opset 7); opset 1 used the legacy
// broadcast / axis attributes.
#include "kernels/elementwise/elementwise_util.h"
#include "kernels/logic/logic_kernels.h"

namespace passscope::kernels {
namespace {

enum class BooleanOp { And, Or, Xor };

template <BooleanOp op>
KernelResult boolean(const KernelContext& ctx) {
    const Tensor& a = ctx.input(0);
    const Tensor b = ew::binaryB(ctx);
    if (a.dtype() != DataType::Bool || b.dtype() != DataType::Bool) throw KernelError("inputs must be bool");
    const auto out = broadcastShapes({a.dims(), b.dims()});
    const auto va = boolValues(a);
    const auto vb = boolValues(b);
    BroadcastWalker w(out, {a.dims(), b.dims()});
    std::vector<uint8_t> r(static_cast<size_t>(w.size()));
    for (size_t i = 0; i < r.size(); ++i, w.next()) {
        const uint8_t x = va[w.index(0)];
        const uint8_t y = vb[w.index(1)];
        if constexpr (op == BooleanOp::And)
            r[i] = x & y;
        else if constexpr (op == BooleanOp::Or)
            r[i] = x | y;
        else
            r[i] = x ^ y;
    }
    return KernelResult::ok(ew::makeAs<bool>(out, r));
}

}  // namespace

void registerBooleanKernels(KernelRegistry& r) {
    r.add("", "And", 1, 0, boolean<BooleanOp::And>);
    r.add("", "Or", 1, 0, boolean<BooleanOp::Or>);
    r.add("", "Xor", 1, 0, boolean<BooleanOp::Xor>);
}

}  // namespace passscope::kernels

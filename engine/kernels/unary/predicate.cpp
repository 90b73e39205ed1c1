// Elementwise predicates and Not, all with bool output:
//  * IsNaN (opset 9) and IsInf (opset 10; detect_negative / detect_positive, both default 1)
//    over the floating dtypes;
//  * Not (opset 1) over bool.
#include <cmath>

#include "kernels/unary/unary_kernels.h"
#include "kernels/unary/unary_util.h"

namespace passscope::kernels {
namespace {

KernelResult isNaN(const KernelContext& ctx) {
    return unary::floatPredicate(ctx, [](double v) { return std::isnan(v); });
}

KernelResult isInf(const KernelContext& ctx) {
    const bool negative = ctx.attrInt("detect_negative", 1) != 0;
    const bool positive = ctx.attrInt("detect_positive", 1) != 0;
    return unary::floatPredicate(
        ctx, [negative, positive](double v) { return std::isinf(v) && (v < 0 ? negative : positive); });
}

KernelResult notKernel(const KernelContext& ctx) {
    const Tensor& x = ctx.input(0);
    auto v = boolValues(x);
    for (auto& b : v) b = b ? 0 : 1;
    return KernelResult::ok(ew::makeAs<bool>(x.dims(), v));
}

}  // namespace

void registerPredicateKernels(KernelRegistry& r) {
    r.add("", "IsNaN", 9, 0, isNaN);
    r.add("", "IsInf", 10, 0, isInf);
    r.add("", "Not", 1, 0, notKernel);
}

}  // namespace passscope::kernels

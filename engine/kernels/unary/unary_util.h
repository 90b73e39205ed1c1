#pragma once
// Elementwise maps of the unary family: the function is evaluated in float (double for double
// inputs) and rounded once to the element type, so float16 / bfloat16 results are rounded in
// their own type and never widened.
#include "kernels/elementwise/elementwise_util.h"

namespace passscope::kernels::unary {

// y = f(x) over the floating dtypes; f is called with a float or a double.
template <typename F>
KernelResult floatMap(const KernelContext& ctx, F f) {
    const Tensor& x = ctx.input(0);
    return dispatch<kFloats>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        using C = ew::ComputeT<T>;
        return KernelResult::ok(mapUnary<T, T>(
            x, [&](T v) -> T { return ew::fromCompute<T>(static_cast<C>(f(static_cast<C>(v)))); }));
    });
}

// y = (x is ...) as bool over the floating dtypes.
template <typename F>
KernelResult floatPredicate(const KernelContext& ctx, F f) {
    const Tensor& x = ctx.input(0);
    return dispatch<kFloats>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        const auto v = values<T>(x);
        std::vector<uint8_t> out(v.size());
        for (size_t i = 0; i < v.size(); ++i) out[i] = f(static_cast<double>(v[i])) ? 1 : 0;
        return KernelResult::ok(ew::makeAs<bool>(x.dims(), out));
    });
}

}  // namespace passscope::kernels::unary

// Pow with numpy broadcasting. From opset 12 the exponent may have another dtype than the base
// (ONNX Runtime computes std::pow(base, exponent) and casts to the base type):
//  * floating base: computed in float (double for double), rounded once to the base type;
//  * integer base, integer exponent: exact integer power by repeated squaring, wrapping on
//    overflow like numpy's integer power (the ONNX reference) instead of the undefined
//    double->int cast; negative exponents truncate toward zero (1, -1 stay exact, others give 0)
//    and 0 to a negative power is refused (it would be infinite);
//  * integer base, floating exponent: computed in double and truncated toward zero; a NaN or
//    out-of-range result is refused rather than folded.
// Opset < 7 used the legacy broadcast/axis attributes.
#include <cmath>

#include "kernels/elementwise/elementwise_kernels.h"
#include "kernels/elementwise/elementwise_util.h"

namespace passscope::kernels {
namespace {

template <typename T, typename E>
std::optional<T> intPow(T base, E exponent) {
    if constexpr (std::is_signed_v<E>) {
        if (exponent < 0) {
            if (base == 1) return T(1);
            if constexpr (std::is_signed_v<T>) {
                if (base == -1) return (exponent % 2 == 0) ? T(1) : T(-1);
            }
            if (base == 0) return std::nullopt;
            return T(0);
        }
    }
    uint64_t e = static_cast<uint64_t>(exponent);
    T result = 1;
    T b = base;
    while (e != 0) {
        if (e & 1u) result = ew::wrapMul(result, b);
        e >>= 1;
        if (e != 0) b = ew::wrapMul(b, b);
    }
    return result;
}

KernelResult pow(const KernelContext& ctx) {
    const Tensor& a = ctx.input(0);
    const Tensor b = ew::binaryB(ctx);
    const auto out = broadcastShapes({a.dims(), b.dims()});
    return dispatch<kNumeric>(a.dtype(), [&](auto baseTag) -> KernelResult {
        using T = decltype(baseTag);
        return dispatch<kNumeric>(b.dtype(), [&](auto expTag) -> KernelResult {
            using E = decltype(expTag);
            const auto va = values<T>(a);
            const auto vb = values<E>(b);
            BroadcastWalker w(out, {a.dims(), b.dims()});
            std::vector<T> r(static_cast<size_t>(w.size()));
            for (size_t i = 0; i < r.size(); ++i, w.next()) {
                const T x = va[w.index(0)];
                const E y = vb[w.index(1)];
                if constexpr (isFloatLike<T>) {
                    using C = ew::ComputeT<T>;
                    r[i] = ew::fromCompute<T>(std::pow(static_cast<C>(x), static_cast<C>(y)));
                } else if constexpr (std::is_integral_v<E>) {
                    auto v = intPow<T, E>(x, y);
                    if (!v) return KernelResult::refused("integer 0 raised to a negative power");
                    r[i] = *v;
                } else {
                    auto v = ew::truncToInt<T>(std::pow(static_cast<double>(x), static_cast<double>(y)));
                    if (!v) return KernelResult::refused("integer power result is NaN or out of range");
                    r[i] = *v;
                }
            }
            return KernelResult::ok(makeTensor<T>(out, r));
        });
    });
}

}  // namespace

void registerPowKernels(KernelRegistry& r) {
    r.add("", "Pow", 1, 0, pow);
}

}  // namespace passscope::kernels

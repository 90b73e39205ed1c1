// Elementwise math functions. Floating results are computed in float (double for double) and
// rounded once to the element type; NaN and inf propagate as in C's <cmath> (log(0) = -inf,
// sqrt(-1) = NaN). Integer dtypes where ONNX allows them:
//  * Abs (all numeric from opset 6): the absolute value of the minimum signed value wraps to
//    itself (numpy, two's complement) instead of overflowing;
//  * Neg (signed integers from opset 6): wraps the same way;
//  * Sign (all numeric, opset 9): -1, 0 or 1; NaN stays NaN.
// Round (opset 11) rounds half to even. Erf on integer dtypes (allowed by the spec, not
// implemented by ONNX Runtime) is left unsupported.
// The ops' later versions only add dtypes (bfloat16), so one kernel serves every opset; opset 1
// versions only differ by the legacy `consumed_inputs` attribute, which has no effect on values.
#include <cmath>

#include "kernels/unary/unary_kernels.h"
#include "kernels/unary/unary_util.h"

namespace passscope::kernels {
namespace {

using unary::floatMap;

KernelResult absKernel(const KernelContext& ctx) {
    const Tensor& x = ctx.input(0);
    return dispatch<kNumeric>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        return KernelResult::ok(mapUnary<T, T>(x, [](T v) -> T {
            if constexpr (isFloatLike<T>)
                return ew::fromCompute<T>(std::fabs(static_cast<ew::ComputeT<T>>(v)));
            else if constexpr (std::is_signed_v<T>)
                return v < 0 ? ew::wrapNeg(v) : v;
            else
                return v;
        }));
    });
}

KernelResult negKernel(const KernelContext& ctx) {
    const Tensor& x = ctx.input(0);
    return dispatch<kFloats | kSigned>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        return KernelResult::ok(mapUnary<T, T>(x, [](T v) -> T {
            if constexpr (isFloatLike<T>)
                return ew::fromCompute<T>(-static_cast<ew::ComputeT<T>>(v));
            else
                return ew::wrapNeg(v);
        }));
    });
}

KernelResult signKernel(const KernelContext& ctx) {
    const Tensor& x = ctx.input(0);
    return dispatch<kNumeric>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        return KernelResult::ok(mapUnary<T, T>(x, [](T v) -> T {
            if constexpr (isFloatLike<T>) {
                if (ew::isNaN(v)) return v;
                const float f = static_cast<float>(v);
                return static_cast<T>(f > 0 ? 1.0f : f < 0 ? -1.0f : 0.0f);
            } else if constexpr (std::is_signed_v<T>) {
                return static_cast<T>(v > 0 ? 1 : v < 0 ? -1 : 0);
            } else {
                return static_cast<T>(v > 0 ? 1 : 0);
            }
        }));
    });
}

}  // namespace

void registerMathKernels(KernelRegistry& r) {
    r.add("", "Abs", 1, 0, absKernel);
    r.add("", "Neg", 1, 0, negKernel);
    r.add("", "Sign", 9, 0, signKernel);
    r.add("", "Sqrt", 1, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::sqrt(v); }); });
    r.add("", "Reciprocal", 1, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return decltype(v)(1) / v; }); });
    r.add("", "Exp", 1, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::exp(v); }); });
    r.add("", "Log", 1, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::log(v); }); });
    r.add("", "Sin", 7, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::sin(v); }); });
    r.add("", "Cos", 7, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::cos(v); }); });
    r.add("", "Tan", 7, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::tan(v); }); });
    r.add("", "Asin", 7, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::asin(v); }); });
    r.add("", "Acos", 7, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::acos(v); }); });
    r.add("", "Atan", 7, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::atan(v); }); });
    r.add("", "Sinh", 9, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::sinh(v); }); });
    r.add("", "Cosh", 9, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::cosh(v); }); });
    r.add("", "Asinh", 9, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::asinh(v); }); });
    r.add("", "Acosh", 9, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::acosh(v); }); });
    r.add("", "Atanh", 9, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::atanh(v); }); });
    r.add("", "Ceil", 1, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::ceil(v); }); });
    r.add("", "Floor", 1, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::floor(v); }); });
    r.add("", "Round", 11, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return ew::roundHalfEven(v); }); });
    r.add("", "Erf", 9, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::erf(v); }); });
}

}  // namespace passscope::kernels

// Activation functions, with the ONNX attribute defaults. Floating results are computed in float
// (double for double) and rounded once to the element type; NaN propagates through every one
// (the clamps use NaN-propagating min / max). Numerically stable forms where the textbook one
// overflows: Sigmoid as exp(x) / (1 + exp(x)) for x < 0, Softplus as max(x, 0) + log1p(exp(-|x|)),
// Elu / Celu with expm1.
//  * Relu takes signed integers from opset 14; Shrink takes every numeric dtype (opset 9): for
//    integers the bias is applied in wrapping integer arithmetic when it is integral, otherwise
//    in double and truncated toward zero like ONNX Runtime's static_cast (an out-of-range result
//    is refused).
//  * Selu before opset 6 had the shorter defaults alpha = 1.6732, gamma = 1.0507.
// Later versions of these ops only add dtypes (bfloat16), so one kernel serves every opset.
#include <cmath>

#include "kernels/unary/unary_kernels.h"
#include "kernels/unary/unary_util.h"

namespace passscope::kernels {
namespace {

using unary::floatMap;

KernelResult sigmoid(const KernelContext& ctx) {
    return floatMap(ctx, [](auto v) {
        using C = decltype(v);
        if (v >= 0) return C(1) / (C(1) + std::exp(-v));
        const C e = std::exp(v);
        return e / (C(1) + e);
    });
}

KernelResult relu(const KernelContext& ctx) {
    const Tensor& x = ctx.input(0);
    return dispatch<kFloats | kSigned>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        return KernelResult::ok(mapUnary<T, T>(x, [](T v) -> T { return v < T(0) ? T(0) : v; }));
    });
}

KernelResult leakyRelu(const KernelContext& ctx) {
    const double alpha = ctx.attrFloat("alpha", 0.01);
    return floatMap(ctx, [alpha](auto v) {
        using C = decltype(v);
        return v < 0 ? static_cast<C>(alpha) * v : v;
    });
}

KernelResult thresholdedRelu(const KernelContext& ctx) {
    const double alpha = ctx.attrFloat("alpha", 1.0);
    return floatMap(ctx, [alpha](auto v) {
        using C = decltype(v);
        return v > static_cast<C>(alpha) || std::isnan(v) ? v : C(0);
    });
}

KernelResult elu(const KernelContext& ctx) {
    const double alpha = ctx.attrFloat("alpha", 1.0);
    return floatMap(ctx, [alpha](auto v) {
        using C = decltype(v);
        return v >= 0 ? v : static_cast<C>(alpha) * std::expm1(v);
    });
}

KernelResult selu(const KernelContext& ctx) {
    const bool old = ctx.opset() < 6;
    const double alpha = ctx.attrFloat("alpha", old ? 1.6732f : 1.67326319217681884765625);
    const double gamma = ctx.attrFloat("gamma", old ? 1.0507f : 1.05070102214813232421875);
    return floatMap(ctx, [alpha, gamma](auto v) {
        using C = decltype(v);
        const C a = static_cast<C>(alpha);
        const C g = static_cast<C>(gamma);
        return v > 0 ? g * v : g * (a * std::exp(v) - a);
    });
}

KernelResult celu(const KernelContext& ctx) {
    const double alpha = ctx.attrFloat("alpha", 1.0);
    return floatMap(ctx, [alpha](auto v) {
        using C = decltype(v);
        const C a = static_cast<C>(alpha);
        return v > 0 ? v : a * std::expm1(v / a);
    });
}

KernelResult hardSigmoid(const KernelContext& ctx) {
    const double alpha = ctx.attrFloat("alpha", 0.2);
    const double beta = ctx.attrFloat("beta", 0.5);
    return floatMap(ctx, [alpha, beta](auto v) {
        using C = decltype(v);
        return ew::nanMax(C(0), ew::nanMin(C(1), static_cast<C>(alpha) * v + static_cast<C>(beta)));
    });
}

KernelResult hardSwish(const KernelContext& ctx) {
    return floatMap(ctx, [](auto v) {
        using C = decltype(v);
        return v * ew::nanMax(C(0), ew::nanMin(C(1), v * (C(1) / C(6)) + C(0.5)));
    });
}

KernelResult softplus(const KernelContext& ctx) {
    return floatMap(ctx, [](auto v) {
        using C = decltype(v);
        return (v > 0 ? v : C(0)) + std::log1p(std::exp(-std::fabs(v)));
    });
}

KernelResult softsign(const KernelContext& ctx) {
    return floatMap(ctx, [](auto v) {
        using C = decltype(v);
        return v / (C(1) + std::fabs(v));
    });
}

KernelResult shrink(const KernelContext& ctx) {
    const double lambd = ctx.attrFloat("lambd", 0.5);
    const double bias = ctx.attrFloat("bias", 0.0);
    const Tensor& x = ctx.input(0);
    if (std::isnan(lambd) || std::isnan(bias)) return KernelResult::unsupported("NaN Shrink attribute");
    return dispatch<kNumeric>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        if constexpr (isFloatLike<T>) {
            return floatMap(ctx, [lambd, bias](auto v) {
                using C = decltype(v);
                if (v < static_cast<C>(-lambd)) return v + static_cast<C>(bias);
                if (v > static_cast<C>(lambd)) return v - static_cast<C>(bias);
                return std::isnan(v) ? v : C(0);
            });
        } else {
            const auto intBias = ew::exactInt64(bias);
            const auto xv = values<T>(x);
            std::vector<T> out(xv.size());
            for (size_t i = 0; i < xv.size(); ++i) {
                const double d = static_cast<double>(xv[i]);
                const bool below = d < -lambd;
                if (!below && !(d > lambd)) {
                    out[i] = T(0);
                } else if (intBias) {
                    // Wrapping, as T's arithmetic in ONNX Runtime would (the bias cast to T first).
                    const T b = static_cast<T>(*intBias);
                    out[i] = below ? ew::wrapAdd<T>(xv[i], b) : ew::wrapSub<T>(xv[i], b);
                } else {
                    auto v = ew::truncToInt<T>(below ? d + bias : d - bias);
                    if (!v) return KernelResult::refused("Shrink result out of the integer range");
                    out[i] = *v;
                }
            }
            return KernelResult::ok(makeTensor<T>(x.dims(), out));
        }
    });
}

}  // namespace

void registerActivationKernels(KernelRegistry& r) {
    r.add("", "Sigmoid", 1, 0, sigmoid);
    r.add("", "Tanh", 1, 0,
          [](const KernelContext& c) { return floatMap(c, [](auto v) { return std::tanh(v); }); });
    r.add("", "Relu", 1, 0, relu);
    r.add("", "LeakyRelu", 1, 0, leakyRelu);
    r.add("", "ThresholdedRelu", 10, 0, thresholdedRelu);
    r.add("", "Elu", 1, 0, elu);
    r.add("", "Selu", 1, 0, selu);
    r.add("", "Celu", 12, 0, celu);
    r.add("", "HardSigmoid", 1, 0, hardSigmoid);
    r.add("", "HardSwish", 14, 0, hardSwish);
    r.add("", "Softplus", 1, 0, softplus);
    r.add("", "Softsign", 1, 0, softsign);
    r.add("", "Shrink", 9, 0, shrink);
}

}  // namespace passscope::kernels

// Ops that pick, per element, one of their inputs or a bound:
//  * Where (opset 9; bfloat16 at 16): condition ? X : Y, all three broadcast (numpy), any dtype.
//  * Clip: min(max(x, lo), hi) — so lo > hi gives hi, as numpy.clip and the ONNX spec say. NaN
//    in x stays NaN. Before opset 11 the bounds are float attributes, defaulting to -FLT_MAX /
//    FLT_MAX from opset 6 (so +-inf is clipped to them, like ONNX Runtime's Clip-6); from opset
//    11 they are optional scalar inputs of x's dtype and a missing bound does not clip. Integer
//    dtypes from opset 12. A NaN bound is left unsupported: runtimes disagree on it.
//  * PRelu: x < 0 ? slope * x : x. From opset 7 slope broadcasts unidirectionally to x's shape
//    (the output keeps x's shape); before, it must have x's shape or a single element. Integer
//    dtypes from opset 9 (the product wraps).
#include <cmath>
#include <limits>

#include "kernels/elementwise/elementwise_kernels.h"
#include "kernels/elementwise/elementwise_util.h"

namespace passscope::kernels {
namespace {

KernelResult where(const KernelContext& ctx) {
    const Tensor& c = ctx.input(0);
    const Tensor& x = ctx.input(1);
    const Tensor& y = ctx.input(2);
    if (c.dtype() != DataType::Bool) throw KernelError("condition must be bool");
    if (x.dtype() != y.dtype()) return KernelResult::unsupported("X and Y have different dtypes");
    const auto out = broadcastShapes({c.dims(), x.dims(), y.dims()});
    const auto vc = boolValues(c);
    return dispatch<kAll>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        const auto vx = ew::readAs<T>(x);
        const auto vy = ew::readAs<T>(y);
        BroadcastWalker w(out, {c.dims(), x.dims(), y.dims()});
        std::vector<ew::Storage<T>> r(static_cast<size_t>(w.size()));
        for (size_t i = 0; i < r.size(); ++i, w.next())
            r[i] = vc[w.index(0)] ? vx[w.index(1)] : vy[w.index(2)];
        return KernelResult::ok(ew::makeAs<T>(out, r));
    });
}

KernelResult clip(const KernelContext& ctx) {
    const Tensor& x = ctx.input(0);
    return dispatch<kNumeric>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        std::optional<T> lo, hi;
        if (ctx.opset() < 11) {
            if constexpr (!isFloatLike<T>) {
                return KernelResult::unsupported("Clip before opset 11 takes floating inputs only");
            } else {
                const double big = static_cast<double>(std::numeric_limits<float>::max());
                const bool defaults = ctx.opset() >= 6;
                if (ctx.hasAttr("min") || defaults) lo = ew::fromDouble<T>(ctx.attrFloat("min", -big));
                if (ctx.hasAttr("max") || defaults) hi = ew::fromDouble<T>(ctx.attrFloat("max", big));
            }
        } else {
            auto bound = [&](size_t i) -> std::optional<T> {
                if (!ctx.hasInput(i)) return std::nullopt;
                const Tensor& t = ctx.input(i);
                if (t.dtype() != x.dtype()) throw KernelError("Clip bound has another dtype than the input");
                if (t.elementCount() != 1) throw KernelError("Clip bound must be a scalar");
                return values<T>(t)[0];
            };
            lo = bound(1);
            hi = bound(2);
        }
        if ((lo && ew::isNaN(*lo)) || (hi && ew::isNaN(*hi)))
            return KernelResult::unsupported("NaN Clip bound");
        return KernelResult::ok(mapUnary<T, T>(x, [&](T v) -> T {
            if (ew::isNaN(v)) return v;
            if (lo && v < *lo) v = *lo;
            if (hi && *hi < v) v = *hi;
            return v;
        }));
    });
}

KernelResult prelu(const KernelContext& ctx) {
    const Tensor& x = ctx.input(0);
    const Tensor& slope = ctx.input(1);
    if (x.dtype() != slope.dtype()) return KernelResult::unsupported("X and slope have different dtypes");
    if (ctx.opset() < 7) {
        if (slope.elementCount() != 1 && slope.dims() != x.dims())
            return KernelResult::unsupported(
                "PRelu before opset 7: slope must be one element or have X's shape");
    }
    const Tensor s = ctx.opset() < 7 && slope.elementCount() == 1 ? ew::withDims(slope, {}) : slope;
    if (broadcastShapes({x.dims(), s.dims()}) != x.dims())
        throw KernelError("slope does not broadcast to X's shape");
    return dispatch<kNumeric>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        return KernelResult::ok(broadcastBinary<T, T, T>(x, s, [](T v, T a) -> T {
            if constexpr (std::is_unsigned_v<T>)
                return v;
            else if constexpr (std::is_integral_v<T>)
                return v < 0 ? ew::wrapMul(v, a) : v;
            else
                return v < T(0) ? static_cast<T>(v * a) : v;
        }));
    });
}

}  // namespace

void registerSelectKernels(KernelRegistry& r) {
    r.add("", "Where", 9, 0, where);
    r.add("", "Clip", 1, 0, clip);
    r.add("", "PRelu", 1, 0, prelu);
}

}  // namespace passscope::kernels

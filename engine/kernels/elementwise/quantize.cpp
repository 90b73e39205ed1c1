// Linear (de)quantization:
//  * QuantizeLinear (opset 10; per-axis scales from 13): y = saturate(round(x / scale) + zp),
//    round half to even, computed in float like ONNX Runtime and the ONNX reference. The output
//    dtype is the zero point's (uint8 when absent, or `output_dtype` from opset 21). A NaN
//    quotient has no defined integer and is refused.
//  * DequantizeLinear (opset 10; per-axis from 13): y = (x - zp) * scale in float, rounded to the
//    scale's dtype (float, or float16 / bfloat16 from opset 19).
//  * DynamicQuantizeLinear (opset 11): uint8 quantization of a float tensor with a range widened
//    to include 0: scale = (max - min) / 255, zp = round(saturate(-min / scale)). A tensor of
//    zeros (scale 0) or with NaN / inf has no finite scale and is refused.
// Scales are per tensor (one element) or, from opset 13, a 1-D tensor along `axis` (default 1).
// Block quantization (opset 21 `block_size`) and float8 / int4 dtypes are not supported (the
// latter are not representable in the IR).
#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/elementwise/elementwise_kernels.h"
#include "kernels/elementwise/elementwise_util.h"

namespace passscope::kernels {
namespace {

// Which scale / zero point applies to each element of x.
struct ParamIndex {
    int64_t count = 1;  // 1: per tensor
    int64_t inner = 1;  // elements per step along the axis
    size_t of(size_t i) const {
        return count == 1 ? 0 : static_cast<size_t>((static_cast<int64_t>(i) / inner) % count);
    }
};

ParamIndex paramIndex(const KernelContext& ctx, const Tensor& x, const Tensor& scale, const Tensor* zp) {
    if (ctx.attrInt("block_size", 0) != 0)
        throw KernelError("block quantization (block_size) is not supported");
    if (zp && zp->dims() != scale.dims()) throw KernelError("zero point and scale have different shapes");
    ParamIndex p;
    if (scale.elementCount() == 1 && scale.dims().size() <= 1) return p;
    if (ctx.opset() < 13 || scale.dims().size() != 1)
        throw KernelError("scale must be a scalar or (opset >= 13) 1-D");
    const int64_t rank = static_cast<int64_t>(x.dims().size());
    const int64_t axis = normalizeAxis(ctx.attrInt("axis", 1), rank);
    if (rank == 0 || scale.dims()[0] != x.dims()[static_cast<size_t>(axis)])
        throw KernelError("per-axis scale length does not match the axis dimension");
    p.count = scale.dims()[0];
    p.inner = product(x.dims(), static_cast<size_t>(axis) + 1);
    return p;
}

// Any real tensor as float, the dtype these ops compute in.
std::vector<float> asFloats(const Tensor& t) {
    return dispatch<kFloats | kSigned | kUnsigned>(t.dtype(), [&](auto tag) {
        using T = decltype(tag);
        std::vector<float> out;
        for (T v : values<T>(t)) out.push_back(static_cast<float>(v));
        return out;
    });
}

KernelResult quantizeLinear(const KernelContext& ctx) {
    const Tensor& x = ctx.input(0);
    const Tensor& scale = ctx.input(1);
    const Tensor* zp = ctx.hasInput(2) ? &ctx.input(2) : nullptr;
    if (x.dtype() != DataType::Float && x.dtype() != DataType::Int32 && x.dtype() != DataType::Float16 &&
        x.dtype() != DataType::BFloat16)
        return KernelResult::unsupported("QuantizeLinear input must be float, float16, bfloat16 or int32");
    if (scale.dtype() != DataType::Float && scale.dtype() != x.dtype())
        return KernelResult::unsupported("QuantizeLinear scale must be float or of the input's dtype");
    DataType outType = DataType::UInt8;
    if (zp)
        outType = zp->dtype();
    else if (const int64_t o = ctx.attrInt("output_dtype", 0); o != 0)
        outType = static_cast<DataType>(o);
    const ParamIndex pi = paramIndex(ctx, x, scale, zp);
    const auto xs = asFloats(x);
    const auto sc = asFloats(scale);
    return dispatch<kSigned | kUnsigned>(outType, [&](auto tag) -> KernelResult {
        using Q = decltype(tag);
        if constexpr (sizeof(Q) > 2) {
            return KernelResult::unsupported("QuantizeLinear output must be a 8- or 16-bit integer");
        } else {
            const std::vector<Q> zps =
                zp ? values<Q>(*zp) : std::vector<Q>(static_cast<size_t>(pi.count), Q(0));
            constexpr double qmin = std::numeric_limits<Q>::min();
            constexpr double qmax = std::numeric_limits<Q>::max();
            std::vector<Q> out(xs.size());
            for (size_t i = 0; i < xs.size(); ++i) {
                const size_t p = pi.of(i);
                const float q = ew::roundHalfEven(xs[i] / sc[p]);
                if (std::isnan(q)) return KernelResult::refused("QuantizeLinear of NaN");
                const double v = std::clamp(static_cast<double>(q) + static_cast<double>(zps[p]), qmin, qmax);
                out[i] = static_cast<Q>(v);
            }
            return KernelResult::ok(makeTensor<Q>(x.dims(), out));
        }
    });
}

KernelResult dequantizeLinear(const KernelContext& ctx) {
    const Tensor& x = ctx.input(0);
    const Tensor& scale = ctx.input(1);
    const Tensor* zp = ctx.hasInput(2) ? &ctx.input(2) : nullptr;
    if (zp && zp->dtype() != x.dtype()) throw KernelError("zero point and input have different dtypes");
    const ParamIndex pi = paramIndex(ctx, x, scale, zp);
    return dispatch<kSigned | kUnsigned>(x.dtype(), [&](auto xTag) -> KernelResult {
        using Q = decltype(xTag);
        if constexpr (sizeof(Q) > 4 || std::is_same_v<Q, uint32_t>) {
            return KernelResult::unsupported(
                "DequantizeLinear input must be int8, uint8, int16, uint16 or int32");
        } else {
            const auto xv = values<Q>(x);
            const std::vector<Q> zps =
                zp ? values<Q>(*zp) : std::vector<Q>(static_cast<size_t>(pi.count), Q(0));
            return dispatch<kFloats>(scale.dtype(), [&](auto sTag) -> KernelResult {
                using T = decltype(sTag);
                if constexpr (std::is_same_v<T, double>) {
                    return KernelResult::unsupported(
                        "DequantizeLinear scale must be float, float16 or bfloat16");
                } else {
                    const auto sc = values<T>(scale);
                    std::vector<T> out(xv.size());
                    for (size_t i = 0; i < xv.size(); ++i) {
                        const size_t p = pi.of(i);
                        const int64_t d = static_cast<int64_t>(xv[i]) - static_cast<int64_t>(zps[p]);
                        out[i] = static_cast<T>(static_cast<float>(d) * static_cast<float>(sc[p]));
                    }
                    return KernelResult::ok(makeTensor<T>(x.dims(), out));
                }
            });
        }
    });
}

KernelResult dynamicQuantizeLinear(const KernelContext& ctx) {
    const Tensor& x = ctx.input(0);
    if (x.dtype() != DataType::Float)
        return KernelResult::unsupported("DynamicQuantizeLinear input must be float");
    const auto xv = values<float>(x);
    float lo = 0.0f, hi = 0.0f;
    for (float v : xv) {
        if (!std::isfinite(v)) return KernelResult::refused("DynamicQuantizeLinear of NaN or inf");
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    const float scale = (hi - lo) / 255.0f;
    if (!(scale > 0.0f) || !std::isfinite(scale))
        return KernelResult::refused("DynamicQuantizeLinear range is empty or infinite");
    const float zpFloat = ew::roundHalfEven(std::clamp(0.0f - lo / scale, 0.0f, 255.0f));
    const auto zp = static_cast<uint8_t>(zpFloat);
    std::vector<uint8_t> y(xv.size());
    for (size_t i = 0; i < xv.size(); ++i) {
        const float q = ew::roundHalfEven(xv[i] / scale) + static_cast<float>(zp);
        y[i] = static_cast<uint8_t>(std::clamp(q, 0.0f, 255.0f));
    }
    std::vector<Tensor> outs;
    outs.push_back(makeTensor<uint8_t>(x.dims(), y));
    outs.push_back(makeTensor<float>({}, std::vector<float>{scale}));
    outs.push_back(makeTensor<uint8_t>({}, std::vector<uint8_t>{zp}));
    return KernelResult::ok(std::move(outs));
}

}  // namespace

void registerQuantizeKernels(KernelRegistry& r) {
    r.add("", "QuantizeLinear", 10, 0, quantizeLinear);
    r.add("", "DequantizeLinear", 10, 0, dequantizeLinear);
    r.add("", "DynamicQuantizeLinear", 11, 0, dynamicQuantizeLinear);
}

}  // namespace passscope::kernels

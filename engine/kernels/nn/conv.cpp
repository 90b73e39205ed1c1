// Conv, ConvInteger, QLinearConv and ConvTranspose over [N, C, D1, ..., Dn] inputs (n = 1, 2, 3
// or more), with groups, strides, dilations and pads or auto_pad (geometry in spatial.h).
//
// Conv lowers each (batch, group) to a matrix product: the input is unfolded (im2col) into
// [C/group * prod(kernel), prod(out)] with zeros for padding and multiplied by the group's
// [M/group, C/group * prod(kernel)] weights. float and double multiply with Eigen in their own
// type; float16/bfloat16 are converted to float, accumulated in float and rounded once.
// ConvInteger subtracts the zero points (x: per tensor; w: per tensor or per output channel)
// and accumulates in int32 with wrapping. QLinearConv does the same, adds the int32 bias and
// requantizes: y = saturate(round_half_even(acc * x_scale * w_scale / y_scale) + y_zero_point),
// with the multiplier in float as ONNX Runtime computes it; w_scale may be per output channel.
//
// ConvTranspose scatters: each input element times the kernel adds into the output at
// i * stride - pad_begin + k * dilation. The output extent is stride * (in - 1) +
// output_padding + (kernel - 1) * dilation + 1 - pads; with output_shape (or auto_pad SAME_*,
// whose output is in * stride) the pads are derived from it: the total is split evenly with the
// odd unit at the end for SAME_UPPER and at the beginning otherwise (ONNX specification).
#include "kernels/kernel_registry.h"
#include "kernels/linalg/matmul_core.h"
#include "kernels/nn/spatial.h"

namespace passscope::kernels {
namespace {

using namespace red;
using namespace nn;

template <typename S>
void matProduct(const S* a, const S* b, S* c, int64_t M, int64_t K, int64_t N) {
    if constexpr (std::is_floating_point_v<S>)
        linalg::eigenProduct<S>(a, b, c, M, K, N);
    else
        linalg::integerProduct<S>(a, b, c, M, K, N);
}

struct ConvShape {
    int64_t N = 0, C = 0, M = 0, group = 1, Cg = 0, Mg = 0, kCount = 0, inCount = 0, outCount = 0;
    Window w;
    std::vector<int64_t> outDims;
};

ConvShape planConv(const KernelContext& ctx, const Tensor& x, const Tensor& w) {
    ConvShape s;
    auto spatial = spatialDims(x);
    if (w.dims().size() != x.dims().size()) throw KernelError("W rank differs from X rank");
    s.N = x.dims()[0];
    s.C = x.dims()[1];
    s.M = w.dims()[0];
    s.group = ctx.attrInt("group", 1);
    if (s.group <= 0 || s.C % s.group != 0 || s.M % s.group != 0) throw KernelError("bad group");
    s.Cg = s.C / s.group;
    s.Mg = s.M / s.group;
    if (w.dims()[1] != s.Cg) throw KernelError("W channels do not match X channels / group");
    std::vector<int64_t> wk(w.dims().begin() + 2, w.dims().end());
    s.w = makeWindow(ctx, spatial, wk, false);
    if (s.w.kernel != wk) throw KernelError("kernel_shape differs from W");
    s.kCount = product(wk);
    s.inCount = product(spatial);
    s.outCount = product(s.w.out);
    s.outDims = {s.N, s.M};
    s.outDims.insert(s.outDims.end(), s.w.out.begin(), s.w.out.end());
    checkBuildable(s.outDims);
    checkBuildable({s.Cg * s.kCount, s.outCount});
    return s;
}

// For each (kernel position, output position): the input's flat spatial offset, or -1 in padding.
std::vector<int64_t> unfoldTable(const Window& w) {
    const auto inStrides = stridesOf(w.in);
    std::vector<int64_t> table;
    table.reserve(static_cast<size_t>(product(w.kernel) * product(w.out)));
    forEachIndex(w.kernel, [&](const std::vector<int64_t>& k) {
        forEachIndex(w.out, [&](const std::vector<int64_t>& o) {
            int64_t flat = 0;
            for (size_t d = 0; d < w.rank(); ++d) {
                const int64_t p = o[d] * w.strides[d] - w.padBegin[d] + k[d] * w.dilations[d];
                if (p < 0 || p >= w.in[d]) {
                    flat = -1;
                    break;
                }
                flat += p * inStrides[d];
            }
            table.push_back(flat);
        });
    });
    return table;
}

// y[N, M, out...] = conv(x, w) without bias, in compute type S.
template <typename S>
std::vector<S> convolve(const std::vector<S>& x, const std::vector<S>& w, const ConvShape& s) {
    const auto table = unfoldTable(s.w);
    const int64_t rows = s.Cg * s.kCount;
    std::vector<S> col(static_cast<size_t>(rows * s.outCount));
    std::vector<S> y(static_cast<size_t>(s.N * s.M * s.outCount));
    for (int64_t n = 0; n < s.N; ++n) {
        for (int64_t g = 0; g < s.group; ++g) {
            for (int64_t c = 0; c < s.Cg; ++c) {
                const S* xc = x.data() + (n * s.C + g * s.Cg + c) * s.inCount;
                S* colc = col.data() + c * s.kCount * s.outCount;
                for (int64_t i = 0; i < s.kCount * s.outCount; ++i) {
                    const int64_t off = table[static_cast<size_t>(i)];
                    colc[i] = off < 0 ? S(0) : xc[off];
                }
            }
            matProduct<S>(w.data() + g * s.Mg * rows, col.data(),
                          y.data() + (n * s.M + g * s.Mg) * s.outCount, s.Mg, rows, s.outCount);
        }
    }
    return y;
}

template <typename T, typename S>
std::vector<S> widen(const std::vector<T>& v) {
    std::vector<S> out(v.size());
    for (size_t i = 0; i < v.size(); ++i) out[i] = static_cast<S>(v[i]);
    return out;
}

KernelResult conv(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    const Tensor& w = required(ctx, 1);
    const Tensor* b = ctx.hasInput(2) ? &ctx.input(2) : nullptr;
    if (w.dtype() != x.dtype() || (b && b->dtype() != x.dtype()))
        return KernelResult::unsupported("inputs have different dtypes");
    const ConvShape s = planConv(ctx, x, w);
    if (b && (b->dims().size() != 1 || b->dims()[0] != s.M)) throw KernelError("B must be [M]");
    return dispatch<kFloats>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        using S = std::conditional_t<std::is_same_v<T, double>, double, float>;
        auto y = convolve<S>(widen<T, S>(values<T>(x)), widen<T, S>(values<T>(w)), s);
        std::vector<T> out(y.size());
        std::vector<T> bias = b ? values<T>(*b) : std::vector<T>();
        for (size_t i = 0; i < y.size(); ++i) {
            S v = y[i];
            if (b)
                v += static_cast<S>(bias[static_cast<size_t>((static_cast<int64_t>(i) / s.outCount) % s.M)]);
            out[i] = static_cast<T>(v);
        }
        return KernelResult::ok(makeTensor<T>(s.outDims, out));
    });
}

// Subtracts zero points: x's per tensor, w's per tensor or per output channel (axis 0).
void shiftConvInputs(std::vector<int32_t>& xv, std::vector<int32_t>& wv, const Tensor& x, const Tensor& w,
                     const Tensor* xzp, const Tensor* wzp, const ConvShape& s) {
    if (xzp) {
        if (xzp->dtype() != x.dtype()) throw KernelError("x zero point dtype differs from x");
        auto z = int8Values(*xzp);
        if (z.size() != 1) throw KernelError("x zero point must be a scalar");
        for (auto& e : xv) e -= z[0];
    }
    if (wzp) {
        if (wzp->dtype() != w.dtype()) throw KernelError("w zero point dtype differs from w");
        auto z = int8Values(*wzp);
        if (z.size() != 1 && static_cast<int64_t>(z.size()) != s.M)
            throw KernelError("w zero point must be a scalar or [M]");
        const int64_t per = s.Cg * s.kCount;
        for (size_t i = 0; i < wv.size(); ++i)
            wv[i] -= z.size() == 1 ? z[0] : z[i / static_cast<size_t>(per)];
    }
}

KernelResult convInteger(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    const Tensor& w = required(ctx, 1);
    const ConvShape s = planConv(ctx, x, w);
    auto xv = int8Values(x);
    auto wv = int8Values(w);
    shiftConvInputs(xv, wv, x, w, ctx.hasInput(2) ? &ctx.input(2) : nullptr,
                    ctx.hasInput(3) ? &ctx.input(3) : nullptr, s);
    return KernelResult::ok(makeTensor<int32_t>(s.outDims, convolve<int32_t>(xv, wv, s)));
}

KernelResult qlinearConv(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    const Tensor& w = required(ctx, 3);
    const Tensor& yzp = required(ctx, 7);
    const ConvShape s = planConv(ctx, x, w);
    auto xv = int8Values(x);
    auto wv = int8Values(w);
    shiftConvInputs(xv, wv, x, w, &required(ctx, 2), &required(ctx, 5), s);
    const auto xScale = toDoubles(required(ctx, 1));
    const auto wScale = toDoubles(required(ctx, 4));
    const auto yScale = toDoubles(required(ctx, 6));
    if (xScale.size() != 1 || yScale.size() != 1) throw KernelError("x_scale and y_scale must be scalars");
    if (wScale.size() != 1 && static_cast<int64_t>(wScale.size()) != s.M)
        throw KernelError("w_scale must be a scalar or [M]");
    std::vector<int32_t> bias;
    if (ctx.hasInput(8)) {
        if (ctx.input(8).dtype() != DataType::Int32) throw KernelError("B must be int32");
        bias = values<int32_t>(ctx.input(8));
        if (static_cast<int64_t>(bias.size()) != s.M) throw KernelError("B must be [M]");
    }
    auto acc = convolve<int32_t>(xv, wv, s);
    const auto zpv = int8Values(yzp);
    if (zpv.size() != 1) throw KernelError("y zero point must be a scalar");
    return dispatch<kSigned | kUnsigned>(yzp.dtype(), [&](auto tag) -> KernelResult {
        using Q = decltype(tag);
        std::vector<Q> out(acc.size());
        for (size_t i = 0; i < acc.size(); ++i) {
            const size_t m = static_cast<size_t>((static_cast<int64_t>(i) / s.outCount) % s.M);
            int32_t a = acc[i];
            if (!bias.empty()) a = wrapAdd(a, bias[m]);
            const float mult = static_cast<float>(xScale[0]) *
                               static_cast<float>(wScale.size() == 1 ? wScale[0] : wScale[m]) /
                               static_cast<float>(yScale[0]);
            const double r = std::nearbyint(static_cast<double>(static_cast<float>(a) * mult)) + zpv[0];
            out[i] = saturate<Q>(r);
        }
        return KernelResult::ok(makeTensor<Q>(s.outDims, out));
    });
}

KernelResult convTranspose(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    const Tensor& w = required(ctx, 1);
    const Tensor* b = ctx.hasInput(2) ? &ctx.input(2) : nullptr;
    if (w.dtype() != x.dtype() || (b && b->dtype() != x.dtype()))
        return KernelResult::unsupported("inputs have different dtypes");
    const auto in = spatialDims(x);
    const size_t r = in.size();
    if (w.dims().size() != x.dims().size()) throw KernelError("W rank differs from X rank");
    const int64_t N = x.dims()[0], C = x.dims()[1];
    const int64_t group = ctx.attrInt("group", 1);
    if (group <= 0 || C % group != 0 || w.dims()[0] != C) throw KernelError("bad group or W shape");
    const int64_t Cg = C / group, Mg = w.dims()[1], M = Mg * group;
    const std::vector<int64_t> k(w.dims().begin() + 2, w.dims().end());
    if (ctx.attrInts("kernel_shape", k) != k) throw KernelError("kernel_shape differs from W");
    const auto strides = ctx.attrInts("strides", std::vector<int64_t>(r, 1));
    const auto dil = ctx.attrInts("dilations", std::vector<int64_t>(r, 1));
    const auto outPad = ctx.attrInts("output_padding", std::vector<int64_t>(r, 0));
    auto pads = ctx.attrInts("pads", std::vector<int64_t>(2 * r, 0));
    auto outShape = ctx.attrInts("output_shape");
    const std::string autoPad = ctx.attrString("auto_pad", "NOTSET");
    if (strides.size() != r || dil.size() != r || outPad.size() != r || pads.size() != 2 * r)
        throw KernelError("strides, dilations, output_padding or pads do not match the spatial rank");
    if (outShape.size() == r + 2) outShape.erase(outShape.begin(), outShape.begin() + 2);
    if (!outShape.empty() && outShape.size() != r)
        throw KernelError("output_shape does not match the spatial rank");
    for (size_t i = 0; i < r; ++i) {
        if (strides[i] <= 0 || dil[i] <= 0 || k[i] <= 0)
            throw KernelError("non-positive stride, dilation or kernel");
        if (strides[i] > kMaxExtent || dil[i] > kMaxExtent || std::abs(outPad[i]) > kMaxExtent ||
            std::abs(pads[i]) > kMaxExtent || std::abs(pads[i + r]) > kMaxExtent ||
            (!outShape.empty() && std::abs(outShape[i]) > kMaxExtent))
            throw KernelError("stride, dilation, pad or output shape too large");
    }
    std::vector<int64_t> out(r), pb(r), pe(r);
    const bool same = autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER";
    for (size_t i = 0; i < r; ++i) {
        const int64_t natural = strides[i] * (in[i] - 1) + outPad[i] + (k[i] - 1) * dil[i] + 1;
        if (!outShape.empty() || same) {
            out[i] = !outShape.empty() ? outShape[i] : in[i] * strides[i];
            const int64_t total = natural - out[i];
            // Floor division as in the reference: a negative total (output_shape beyond the natural
            // extent) becomes negative end padding, i.e. zeros appended at the end.
            const int64_t half = floorDiv(total, 2);
            if (autoPad == "SAME_UPPER") {
                pb[i] = half;
                pe[i] = total - half;
            } else {
                pb[i] = total - half;
                pe[i] = half;
            }
        } else {
            if (autoPad == "VALID")
                std::fill(pads.begin(), pads.end(), 0);
            else if (autoPad != "NOTSET" && !autoPad.empty())
                throw KernelError("unknown auto_pad " + autoPad);
            pb[i] = pads[i];
            pe[i] = pads[i + r];
            out[i] = natural - pb[i] - pe[i];
        }
        if (out[i] < 0) throw KernelError("negative output extent");
    }
    if (b && (b->dims().size() != 1 || b->dims()[0] != M)) throw KernelError("B must be [M]");
    std::vector<int64_t> outDims{N, M};
    outDims.insert(outDims.end(), out.begin(), out.end());
    checkBuildable(outDims);
    const int64_t inCount = product(in), outCount = product(out), kCount = product(k);
    checkBuildable({kCount, inCount});
    // For each (kernel position, input position): flat output offset or -1 when cropped away.
    std::vector<int64_t> table;
    table.reserve(static_cast<size_t>(kCount * inCount));
    const auto outStrides = stridesOf(out);
    forEachIndex(k, [&](const std::vector<int64_t>& kk) {
        forEachIndex(in, [&](const std::vector<int64_t>& ii) {
            int64_t flat = 0;
            for (size_t d = 0; d < r; ++d) {
                const int64_t p = ii[d] * strides[d] - pb[d] + kk[d] * dil[d];
                if (p < 0 || p >= out[d]) {
                    flat = -1;
                    break;
                }
                flat += p * outStrides[d];
            }
            table.push_back(flat);
        });
    });
    return dispatch<kFloats>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        using S = std::conditional_t<std::is_same_v<T, double>, double, float>;
        const auto xv = widen<T, S>(values<T>(x));
        const auto wv = widen<T, S>(values<T>(w));
        std::vector<S> y(static_cast<size_t>(N * M * outCount), S(0));
        const int64_t rows = Mg * kCount;
        std::vector<S> wt(static_cast<size_t>(rows * Cg)), col(static_cast<size_t>(rows * inCount));
        for (int64_t g = 0; g < group; ++g) {
            // wt[Mg*k, Cg] = transpose of the group's W rows [Cg, Mg*k].
            for (int64_t c = 0; c < Cg; ++c)
                for (int64_t j = 0; j < rows; ++j)
                    wt[static_cast<size_t>(j * Cg + c)] = wv[static_cast<size_t>((g * Cg + c) * rows + j)];
            for (int64_t n = 0; n < N; ++n) {
                matProduct<S>(wt.data(), xv.data() + (n * C + g * Cg) * inCount, col.data(), rows, Cg,
                              inCount);
                for (int64_t m = 0; m < Mg; ++m) {
                    S* ym = y.data() + (n * M + g * Mg + m) * outCount;
                    for (int64_t i = 0; i < kCount * inCount; ++i) {
                        const int64_t off = table[static_cast<size_t>(i)];
                        if (off >= 0) ym[off] += col[static_cast<size_t>(m * kCount * inCount + i)];
                    }
                }
            }
        }
        std::vector<T> outv(y.size());
        std::vector<T> bias = b ? values<T>(*b) : std::vector<T>();
        for (size_t i = 0; i < y.size(); ++i) {
            S v = y[i];
            if (b)
                v += static_cast<S>(bias[static_cast<size_t>(
                    (static_cast<int64_t>(i) / std::max<int64_t>(outCount, 1)) % M)]);
            outv[i] = static_cast<T>(v);
        }
        return KernelResult::ok(makeTensor<T>(outDims, outv));
    });
}

}  // namespace

void registerConvKernels(KernelRegistry& r) {
    r.add("", "Conv", 1, 0, conv);
    r.add("", "ConvInteger", 10, 0, convInteger);
    r.add("", "QLinearConv", 10, 0, qlinearConv);
    r.add("", "ConvTranspose", 1, 0, convTranspose);
}

}  // namespace passscope::kernels

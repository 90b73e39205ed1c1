// MaxPool, AveragePool, LpPool and their Global* forms over [N, C, D1, ..., Dn] tensors.
//
// Window geometry (kernel_shape, strides, pads or auto_pad, dilations, ceil_mode) comes from
// spatial.h. MaxPool takes the maximum of the window's in-range elements (NaN propagates) and
// may also output Indices: the flat position of the first maximum in the whole input,
// row-major (storage_order 0) or column-major over the spatial axes (storage_order 1), always
// offset by (n * C + c) * prod(D). AveragePool divides by the number of in-range elements, or
// with count_include_pad by the number of window positions inside the padded input (so windows
// that ceil_mode extends past the end padding are not over-counted, as in ONNX Runtime). LpPool
// computes (sum |x|^p)^(1/p) with padding as zeros. Floating types compute in double (float16/
// bfloat16 in float) and round once; MaxPool also takes int8/uint8 (opset 12).
#include "kernels/kernel_registry.h"
#include "kernels/nn/spatial.h"

namespace passscope::kernels {
namespace {

using namespace red;
using namespace nn;

enum class Pool { Max, Average, Lp };

struct PoolJob {
    Window w;
    int64_t channels = 0;  // N * C
    int64_t inCount = 0, outCount = 0;
    std::vector<int64_t> outDims;
};

PoolJob planPool(const KernelContext& ctx, const Tensor& x, bool global, bool ceilMode, bool dilations) {
    PoolJob j;
    auto spatial = spatialDims(x);
    if (global) {
        j.w.in = spatial;
        j.w.kernel = spatial;
        j.w.strides.assign(spatial.size(), 1);
        j.w.dilations.assign(spatial.size(), 1);
        j.w.padBegin.assign(spatial.size(), 0);
        j.w.padEnd.assign(spatial.size(), 0);
        j.w.out.assign(spatial.size(), 1);
    } else {
        if (!ctx.hasAttr("kernel_shape")) throw KernelError("kernel_shape is required");
        j.w = makeWindow(ctx, spatial, {}, ceilMode, dilations);
    }
    j.channels = x.dims()[0] * x.dims()[1];
    j.inCount = product(spatial);
    j.outCount = product(j.w.out);
    j.outDims = {x.dims()[0], x.dims()[1]};
    j.outDims.insert(j.outDims.end(), j.w.out.begin(), j.w.out.end());
    checkBuildable(j.outDims);
    return j;
}

// Visits every output position of one channel: fn(outFlat, positions, count, padded) with the
// in-range input positions (flat within the channel) and the number of window positions inside
// the padded input.
template <typename Fn>
void forEachWindow(const Window& w, Fn fn) {
    const size_t r = w.rank();
    const auto inStrides = stridesOf(w.in);
    const int64_t kCount = product(w.kernel);
    std::vector<int64_t> kIdx;
    kIdx.reserve(static_cast<size_t>(kCount) * r);
    forEachIndex(w.kernel,
                 [&](const std::vector<int64_t>& k) { kIdx.insert(kIdx.end(), k.begin(), k.end()); });
    std::vector<int64_t> inside(static_cast<size_t>(kCount));
    int64_t outFlat = 0;
    forEachIndex(w.out, [&](const std::vector<int64_t>& o) {
        size_t count = 0;
        int64_t padded = 0;
        for (int64_t kc = 0; kc < kCount; ++kc) {
            const int64_t* k = kIdx.data() + static_cast<size_t>(kc) * r;
            int64_t flat = 0;
            bool in = true, inPadded = true;
            for (size_t d = 0; d < r; ++d) {
                const int64_t p = o[d] * w.strides[d] - w.padBegin[d] + k[d] * w.dilations[d];
                if (p < 0 || p >= w.in[d]) in = false;
                if (p < -w.padBegin[d] || p >= w.in[d] + w.padEnd[d]) inPadded = false;
                flat += p * inStrides[d];
            }
            if (in) inside[count++] = flat;
            if (inPadded) ++padded;
        }
        fn(outFlat++, static_cast<const int64_t*>(inside.data()), count, padded);
    });
}

template <Pool op>
KernelResult pool(const KernelContext& ctx, bool global) {
    const Tensor& x = required(ctx, 0);
    const bool ceilMode = ctx.attrInt("ceil_mode", 0) != 0;
    const bool dilations =
        op == Pool::Max ? ctx.opset() >= 10 : (op == Pool::Average ? ctx.opset() >= 19 : ctx.opset() >= 18);
    const PoolJob j = planPool(ctx, x, global, ceilMode, dilations);
    const bool countPad = ctx.attrInt("count_include_pad", 0) != 0;
    double p = 2.0;
    if constexpr (op == Pool::Lp) {
        p = ctx.opset() >= 2 ? static_cast<double>(ctx.attrInt("p", 2)) : ctx.attrFloat("p", 2.0);
        if (p <= 0) throw KernelError("LpPool needs p > 0");
    }
    // Indices are computed whenever the node lists them (even unnamed): every output gets a tensor.
    const bool wantIndices = op == Pool::Max && ctx.outputCount() > 1;
    const int64_t storageOrder = ctx.attrInt("storage_order", 0);
    if (wantIndices && storageOrder != 0 && storageOrder != 1) throw KernelError("bad storage_order");
    // Column-major strides over the spatial axes for storage_order 1: within a channel, index
    // h + w * H for 2-D, as ONNX Runtime computes it (test_maxpool_with_argmax_2d_precomputed_strides).
    std::vector<int64_t> colStrides(j.w.rank(), 1);
    for (size_t d = 1; d < j.w.rank(); ++d) colStrides[d] = colStrides[d - 1] * j.w.in[d - 1];
    const auto rowStrides = stridesOf(j.w.in);

    constexpr unsigned types = op == Pool::Max ? (kFloats | kSigned | kUnsigned) : kFloats;
    return dispatch<types>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        using A = Acc<T>;
        auto v = values<T>(x);
        std::vector<T> out(static_cast<size_t>(j.channels * j.outCount));
        std::vector<int64_t> indices(wantIndices ? out.size() : 0);
        for (int64_t c = 0; c < j.channels; ++c) {
            const T* in = v.data() + c * j.inCount;
            T* o = out.data() + c * j.outCount;
            forEachWindow(j.w, [&](int64_t of, const int64_t* pos, size_t npos, int64_t padded) {
                if constexpr (op == Pool::Max) {
                    A best = std::numeric_limits<A>::has_infinity ? -std::numeric_limits<A>::infinity()
                                                                  : std::numeric_limits<A>::lowest();
                    int64_t bestPos = npos == 0 ? 0 : pos[0];
                    bool nan = false;
                    for (size_t qi = 0; qi < npos; ++qi) {
                        const int64_t q = pos[qi];
                        const A e = static_cast<A>(in[q]);
                        if constexpr (isFloatLike<T>) {
                            if (std::isnan(e)) {
                                if (!nan) bestPos = q;
                                nan = true;
                                continue;
                            }
                        }
                        if (!nan && e > best) {
                            best = e;
                            bestPos = q;
                        }
                    }
                    if constexpr (isFloatLike<T>) {
                        if (nan) best = std::numeric_limits<A>::quiet_NaN();
                    }
                    o[of] = static_cast<T>(best);
                    if (wantIndices) {
                        int64_t flat = bestPos;
                        if (storageOrder == 1) {
                            flat = 0;
                            int64_t rest = bestPos;
                            for (size_t d = 0; d < j.w.rank(); ++d) {
                                flat += (rest / rowStrides[d]) * colStrides[d];
                                rest %= rowStrides[d];
                            }
                        }
                        indices[static_cast<size_t>(c * j.outCount + of)] = c * j.inCount + flat;
                    }
                } else if constexpr (op == Pool::Average) {
                    A sum = 0;
                    for (size_t qi = 0; qi < npos; ++qi) sum += static_cast<A>(in[pos[qi]]);
                    const int64_t count = countPad ? padded : static_cast<int64_t>(npos);
                    o[of] = static_cast<T>(sum / static_cast<A>(count));
                } else {
                    A sum = 0;
                    for (size_t qi = 0; qi < npos; ++qi)
                        sum += static_cast<A>(std::pow(std::fabs(static_cast<double>(in[pos[qi]])), p));
                    o[of] = static_cast<T>(std::pow(static_cast<double>(sum), 1.0 / p));
                }
            });
        }
        std::vector<Tensor> outs;
        outs.push_back(makeTensor<T>(j.outDims, out));
        if (wantIndices) outs.push_back(makeTensor<int64_t>(j.outDims, indices));
        return KernelResult::ok(std::move(outs));
    });
}

KernelResult maxPool(const KernelContext& ctx) {
    return pool<Pool::Max>(ctx, false);
}
KernelResult averagePool(const KernelContext& ctx) {
    return pool<Pool::Average>(ctx, false);
}
KernelResult lpPool(const KernelContext& ctx) {
    return pool<Pool::Lp>(ctx, false);
}
KernelResult globalMaxPool(const KernelContext& ctx) {
    return pool<Pool::Max>(ctx, true);
}
KernelResult globalAveragePool(const KernelContext& ctx) {
    return pool<Pool::Average>(ctx, true);
}
KernelResult globalLpPool(const KernelContext& ctx) {
    return pool<Pool::Lp>(ctx, true);
}

}  // namespace

void registerPoolKernels(KernelRegistry& r) {
    r.add("", "MaxPool", 1, 0, maxPool);
    r.add("", "AveragePool", 1, 0, averagePool);
    r.add("", "LpPool", 1, 0, lpPool);
    r.add("", "GlobalMaxPool", 1, 0, globalMaxPool);
    r.add("", "GlobalAveragePool", 1, 0, globalAveragePool);
    r.add("", "GlobalLpPool", 1, 0, globalLpPool);
}

}  // namespace passscope::kernels

// ArgMax, ArgMin: the index (int64) of the largest / smallest element along `axis` (default 0).
// keepdims (default 1) keeps the axis as size 1. select_last_index (opset 12) picks the last of
// equal extremes instead of the first. NaN counts as the extreme, as in numpy (the reference):
// the first NaN wins (the last one with select_last_index). An empty axis has no index and is
// unsupported.
#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

using namespace red;

template <bool isMax>
KernelResult argExtreme(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    const int64_t rank = static_cast<int64_t>(x.dims().size());
    if (rank == 0) throw KernelError("ArgMax/ArgMin need a tensor of rank >= 1");
    const int64_t axis = normalizeAxis(ctx.attrInt("axis", 0), rank);
    const bool keepdims = ctx.attrInt("keepdims", 1) != 0;
    const bool selectLast = ctx.opset() >= 12 && ctx.attrInt("select_last_index", 0) != 0;
    const AxisLayout l = layoutAround(x.dims(), axis);
    std::vector<int64_t> outDims;
    for (int64_t a = 0; a < rank; ++a) {
        if (a != axis)
            outDims.push_back(x.dims()[static_cast<size_t>(a)]);
        else if (keepdims)
            outDims.push_back(1);
    }
    if (l.n == 0 && l.outer * l.inner > 0) throw KernelError("ArgMax/ArgMin over an empty axis");
    return dispatch<kNumeric>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        auto v = values<T>(x);
        std::vector<int64_t> out(static_cast<size_t>(l.outer * l.inner));
        for (int64_t o = 0; o < l.outer; ++o) {
            for (int64_t in = 0; in < l.inner; ++in) {
                const int64_t base = o * l.n * l.inner + in;
                int64_t best = 0;
                T bv = v[static_cast<size_t>(base)];
                for (int64_t k = 1; k < l.n; ++k) {
                    const T e = v[static_cast<size_t>(base + k * l.inner)];
                    bool take;
                    if constexpr (isFloatLike<T>) {
                        const bool en = !(e == e),
                                   bn = !(bv == bv);  // NaN is the only value unequal to itself
                        if (bn)
                            take = en && selectLast;
                        else if (en)
                            take = true;
                        else if (selectLast)
                            take = isMax ? !(e < bv) : !(bv < e);
                        else
                            take = isMax ? bv < e : e < bv;
                    } else {
                        if (selectLast)
                            take = isMax ? !(e < bv) : !(bv < e);
                        else
                            take = isMax ? bv < e : e < bv;
                    }
                    if (take) {
                        best = k;
                        bv = e;
                    }
                }
                out[static_cast<size_t>(o * l.inner + in)] = best;
            }
        }
        return KernelResult::ok(makeTensor<int64_t>(outDims, out));
    });
}

}  // namespace

void registerArgMinMaxKernels(KernelRegistry& r) {
    r.add("", "ArgMax", 1, 0, argExtreme<true>);
    r.add("", "ArgMin", 1, 0, argExtreme<false>);
}

}  // namespace passscope::kernels

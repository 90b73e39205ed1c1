// Softmax, LogSoftmax, Hardmax.
//
// Before opset 13 the input is coerced to 2-D [prod(dims[:axis]), prod(dims[axis:])] (axis
// default 1) and the op runs over each row; from opset 13 it runs along the single axis `axis`
// (default -1). Softmax and LogSoftmax subtract the maximum first (exact in real arithmetic,
// avoids overflow), compute in double (float16/bfloat16 in float) and round each result once.
// NaN propagates to its whole row. Hardmax puts 1 at the first maximum of each row (NaN counts
// as the maximum, like numpy's argmax used by the reference) and 0 elsewhere.
#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

using namespace red;

enum class Sm { Softmax, LogSoftmax, Hardmax };

template <Sm op>
KernelResult softmaxLike(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    const auto& dims = x.dims();
    const int64_t rank = static_cast<int64_t>(dims.size());
    AxisLayout l;
    if (ctx.opset() < 13) {
        const int64_t axis = rank == 0 ? 0 : normalizeAxis(ctx.attrInt("axis", 1), rank);
        l.outer = product(dims, 0, static_cast<size_t>(axis));
        l.n = product(dims, static_cast<size_t>(axis));
        l.inner = 1;
    } else {
        if (rank == 0) throw KernelError("Softmax needs a tensor of rank >= 1");
        l = layoutAround(dims, normalizeAxis(ctx.attrInt("axis", -1), rank));
    }
    return dispatch<kFloats>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        using A = FloatAcc<T>;
        auto v = values<T>(x);
        std::vector<T> out(v.size());
        std::vector<A> row(static_cast<size_t>(l.n));
        for (int64_t o = 0; o < l.outer; ++o) {
            for (int64_t in = 0; in < l.inner; ++in) {
                const int64_t base = o * l.n * l.inner + in;
                auto at = [&](int64_t k) { return static_cast<size_t>(base + k * l.inner); };
                for (int64_t k = 0; k < l.n; ++k) row[static_cast<size_t>(k)] = static_cast<A>(v[at(k)]);
                if constexpr (op == Sm::Hardmax) {
                    int64_t best = 0;
                    for (int64_t k = 1; k < l.n; ++k) {
                        const A b = row[static_cast<size_t>(best)], e = row[static_cast<size_t>(k)];
                        if (!std::isnan(b) && (std::isnan(e) || e > b)) best = k;
                    }
                    for (int64_t k = 0; k < l.n; ++k) out[at(k)] = T(k == best ? 1.0f : 0.0f);
                } else {
                    A m = -std::numeric_limits<A>::infinity();
                    bool nan = false;
                    for (A e : row) {
                        if (std::isnan(e))
                            nan = true;
                        else if (e > m)
                            m = e;
                    }
                    A sum = 0;
                    for (A e : row) sum += std::exp(e - m);
                    for (int64_t k = 0; k < l.n; ++k) {
                        const A e = row[static_cast<size_t>(k)];
                        A r;
                        if (nan)
                            r = std::numeric_limits<A>::quiet_NaN();
                        else if (op == Sm::Softmax)
                            r = std::exp(e - m) / sum;
                        else
                            r = e - m - std::log(sum);
                        out[at(k)] = T(r);
                    }
                }
            }
        }
        return KernelResult::ok(makeTensor<T>(dims, out));
    });
}

}  // namespace

void registerSoftmaxKernels(KernelRegistry& r) {
    r.add("", "Softmax", 1, 0, softmaxLike<Sm::Softmax>);
    r.add("", "LogSoftmax", 1, 0, softmaxLike<Sm::LogSoftmax>);
    r.add("", "Hardmax", 1, 0, softmaxLike<Sm::Hardmax>);
}

}  // namespace passscope::kernels

// ScatterElements (and the deprecated Scatter), ScatterND: a copy of data with the elements
// addressed by indices replaced by (reduction "none") or combined with the updates, applied in
// the updates' order — so with duplicate indices the last update wins, as in ONNX's reference
// and ONNX Runtime. Reductions: add/mul from opset 16, min/max from 18. Integer add/mul wrap.
#include <cmath>

#include "kernels/indexing/index_util.h"
#include "kernels/indexing/indexing_kernels.h"

namespace passscope::kernels::indexing_ops {
namespace {

enum class Reduction { None, Add, Mul, Min, Max };

Reduction reductionOf(const KernelContext& ctx) {
    if (ctx.opset() < 16) return Reduction::None;
    const std::string r = ctx.attrString("reduction", "none");
    if (r == "none") return Reduction::None;
    if (r == "add") return Reduction::Add;
    if (r == "mul") return Reduction::Mul;
    if (ctx.opset() >= 18 && r == "min") return Reduction::Min;
    if (ctx.opset() >= 18 && r == "max") return Reduction::Max;
    throw KernelError("unknown reduction " + r);
}

template <typename T>
T combine(Reduction r, T a, T b) {
    if constexpr (std::is_same_v<T, bool>) {
        // numpy's add/maximum on bool are "or", multiply/minimum are "and".
        return (r == Reduction::Add || r == Reduction::Max) ? (a || b) : (a && b);
    } else if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        using P =
            std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;  // no int promotion overflow
        switch (r) {
            case Reduction::Add:
                return static_cast<T>(
                    static_cast<U>(static_cast<P>(static_cast<U>(a)) + static_cast<P>(static_cast<U>(b))));
            case Reduction::Mul:
                return static_cast<T>(
                    static_cast<U>(static_cast<P>(static_cast<U>(a)) * static_cast<P>(static_cast<U>(b))));
            case Reduction::Min:
                return std::min(a, b);
            case Reduction::Max:
                return std::max(a, b);
            default:
                return b;
        }
    } else {
        switch (r) {
            case Reduction::Add:
                return static_cast<T>(a + b);
            case Reduction::Mul:
                return static_cast<T>(a * b);
            case Reduction::Min:
            case Reduction::Max: {
                // numpy.minimum / maximum: NaN propagates.
                if (std::isnan(static_cast<double>(a))) return a;
                if (std::isnan(static_cast<double>(b))) return b;
                return r == Reduction::Min ? (b < a ? b : a) : (a < b ? b : a);
            }
            default:
                return b;
        }
    }
}

// out = data; out[targets[i]] = combine(out[targets[i]], updates[i]) in order.
Tensor scatterInto(const Tensor& data, const Tensor& updates, const std::vector<int64_t>& targets,
                   Reduction r) {
    const int64_t total = checkedInputCount(data);
    if (checkedInputCount(updates) != static_cast<int64_t>(targets.size()))
        throw KernelError("internal: update count mismatch");
    if (updates.dtype() != data.dtype()) throw KernelError("updates dtype differs from data");
    if (r == Reduction::None) {
        ElementWriter w(data.dtype(), total);
        w.copyRun(0, data, 0, total);
        for (size_t i = 0; i < targets.size(); ++i) w.copy(targets[i], updates, static_cast<int64_t>(i));
        return w.finish(data.dims());
    }
    return dispatch<kNumeric | kBool>(data.dtype(), [&](auto tag) -> Tensor {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, bool>) {
            auto out = boolValues(data);
            auto up = boolValues(updates);
            for (size_t i = 0; i < targets.size(); ++i) {
                auto& o = out[static_cast<size_t>(targets[i])];
                o = combine<bool>(r, o != 0, up[i] != 0) ? 1 : 0;
            }
            std::vector<bool> b(out.begin(), out.end());
            return makeTensor<bool>(data.dims(), b);
        } else {
            auto out = values<T>(data);
            auto up = values<T>(updates);
            for (size_t i = 0; i < targets.size(); ++i) {
                auto& o = out[static_cast<size_t>(targets[i])];
                o = combine<T>(r, o, up[i]);
            }
            return makeTensor<T>(data.dims(), out);
        }
    });
}

}  // namespace

// ScatterElements-11/13/16/18 and Scatter-9/11: indices and updates share a shape of the data's
// rank; updates[c] goes to data[c with c[axis] = indices[c]].
KernelResult scatterElements(const KernelContext& ctx) {
    requireInputs(ctx, 3);
    const Tensor& data = ctx.input(0);
    const Tensor& indices = ctx.input(1);
    const Tensor& updates = ctx.input(2);
    checkedInputCount(data);
    const auto idx = indexValues(indices);
    if (indices.dims() != updates.dims()) throw KernelError("indices and updates differ in shape");
    const auto& dims = data.dims();
    if (dims.empty()) throw KernelError("scatter into a scalar");
    const size_t axis =
        static_cast<size_t>(existingAxis(ctx.attrInt("axis", 0), static_cast<int64_t>(dims.size())));
    const Reduction r = ctx.node().opType() == "Scatter" ? Reduction::None : reductionOf(ctx);
    const auto targets = elementTargets(dims, indices.dims(), idx, axis);
    return KernelResult::ok(scatterInto(data, updates, targets, r));
}

// ScatterND-11/13/16/18: each index tuple (last indices dim k) addresses a slice data[i_0, ...,
// i_{k-1}]; updates has shape indices.shape[:-1] + data.shape[k:].
KernelResult scatterND(const KernelContext& ctx) {
    requireInputs(ctx, 3);
    const Tensor& data = ctx.input(0);
    const Tensor& indices = ctx.input(1);
    const Tensor& updates = ctx.input(2);
    checkedInputCount(data);
    const auto idx = indexValues(indices);
    const auto& dims = data.dims();
    const auto& idims = indices.dims();
    if (idims.empty()) throw KernelError("ScatterND indices must have rank >= 1");
    const int64_t k = idims.back();
    if (k < 0 || k > static_cast<int64_t>(dims.size()))
        throw KernelError("ScatterND index tuples are too long");
    std::vector<int64_t> expected(idims.begin(), idims.end() - 1);
    expected.insert(expected.end(), dims.begin() + static_cast<std::ptrdiff_t>(k), dims.end());
    if (updates.dims() != expected) throw KernelError("ScatterND updates have the wrong shape");
    const Reduction r = reductionOf(ctx);
    const int64_t slice = product(dims, static_cast<size_t>(k));
    const int64_t tuples = product(idims, 0, idims.size() - 1);
    const auto strides = stridesOf(dims);
    const int64_t updateCount = checkedInputCount(updates);
    std::vector<int64_t> targets;
    targets.reserve(static_cast<size_t>(updateCount));
    size_t p = 0;
    for (int64_t t = 0; updateCount > 0 && t < tuples; ++t) {
        int64_t base = 0;
        for (size_t j = 0; j < static_cast<size_t>(k); ++j, ++p)
            base += resolveIndex(idx[p], dims[j]) * strides[j];
        for (int64_t s = 0; s < slice; ++s) targets.push_back(base + s);
    }
    return KernelResult::ok(scatterInto(data, updates, targets, r));
}

}  // namespace passscope::kernels::indexing_ops

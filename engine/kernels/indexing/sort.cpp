// Unique and TopK: ops that order elements. Comparisons are done in the element's own type
// (integers exactly, float16/bfloat16 through float); NaN sorts after every number and, in
// Unique, all NaNs are one value — numpy's behaviour, which ONNX's reference implementation uses.
#include <numeric>

#include "kernels/indexing/index_util.h"
#include "kernels/indexing/indexing_kernels.h"

namespace passscope::kernels::indexing_ops {
namespace {

// Three-way comparison: -1, 0, 1.
template <typename T>
int compare3(const T& a, const T& b) {
    if constexpr (isFloatLike<T>) {
        const double x = static_cast<double>(a), y = static_cast<double>(b);
        const bool nx = std::isnan(x), ny = std::isnan(y);
        if (nx || ny) return nx == ny ? 0 : (nx ? 1 : -1);
        return x < y ? -1 : (y < x ? 1 : 0);
    } else {
        return a < b ? -1 : (b < a ? 1 : 0);
    }
}

template <typename T>
std::vector<T> elementsOf(const Tensor& t) {
    if constexpr (std::is_same_v<T, bool>) {
        const auto b = boolValues(t);
        return std::vector<T>(b.begin(), b.end());
    } else {
        return values<T>(t);
    }
}

}  // namespace

// Unique-11: the distinct elements (or, with `axis`, the distinct slices along axis) of X.
// sorted=1 (default) orders them ascending (slices lexicographically, their elements taken in
// row-major order of the other axes, like numpy.unique); sorted=0 keeps first-occurrence order.
// Outputs: Y, indices (first occurrence in X), inverse_indices (for each element/slice of X, its
// position in Y), counts — the last three int64 1-D.
KernelResult unique(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    const int64_t total = checkedInputCount(data);
    std::vector<int64_t> dims = data.dims();
    size_t axis = 0;
    const bool hasAxis = ctx.hasAttr("axis");
    if (hasAxis) {
        axis = static_cast<size_t>(existingAxis(ctx.attrInt("axis", 0), static_cast<int64_t>(dims.size())));
    } else {
        dims = {total};
    }
    const bool sorted = ctx.attrInt("sorted", 1) != 0;
    const int64_t outer = product(dims, 0, axis);
    const int64_t n = dims[axis];
    const int64_t inner = product(dims, axis + 1);
    // Order slices (stable: among equal slices the first occurrence comes first).
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), int64_t{0});
    std::vector<uint8_t> sameAsPrev(static_cast<size_t>(n), 0);
    dispatch<kNumeric | kBool | kStrings>(data.dtype(), [&](auto tag) {
        using T = decltype(tag);
        const auto v = elementsOf<T>(data);
        auto cmpSlices = [&](int64_t i, int64_t j) {
            if (total == 0) return 0;
            for (int64_t a = 0; a < outer; ++a)
                for (int64_t k = 0; k < inner; ++k) {
                    const int c = compare3(v[static_cast<size_t>((a * n + i) * inner + k)],
                                           v[static_cast<size_t>((a * n + j) * inner + k)]);
                    if (c != 0) return c;
                }
            return 0;
        };
        std::stable_sort(order.begin(), order.end(),
                         [&](int64_t i, int64_t j) { return cmpSlices(i, j) < 0; });
        for (size_t p = 1; p < order.size(); ++p) sameAsPrev[p] = cmpSlices(order[p - 1], order[p]) == 0;
    });
    // Groups of equal slices, in sorted order; each group's first member is its first occurrence.
    std::vector<int64_t> first, counts, inverse(static_cast<size_t>(n));
    for (size_t p = 0; p < order.size(); ++p) {
        if (p == 0 || !sameAsPrev[p]) {
            first.push_back(order[p]);
            counts.push_back(0);
        }
        ++counts.back();
        inverse[static_cast<size_t>(order[p])] = static_cast<int64_t>(first.size()) - 1;
    }
    const size_t groups = first.size();
    if (!sorted) {
        // Renumber groups by first occurrence.
        std::vector<size_t> byFirst(groups);
        std::iota(byFirst.begin(), byFirst.end(), size_t{0});
        std::sort(byFirst.begin(), byFirst.end(), [&](size_t a, size_t b) { return first[a] < first[b]; });
        std::vector<int64_t> newId(groups);
        std::vector<int64_t> f2(groups), c2(groups);
        for (size_t g = 0; g < groups; ++g) {
            newId[byFirst[g]] = static_cast<int64_t>(g);
            f2[g] = first[byFirst[g]];
            c2[g] = counts[byFirst[g]];
        }
        for (auto& i : inverse) i = newId[static_cast<size_t>(i)];
        first = std::move(f2);
        counts = std::move(c2);
    }
    const int64_t u = static_cast<int64_t>(groups);
    std::vector<int64_t> yDims = dims;
    yDims[axis] = u;
    if (!hasAxis) yDims = {u};
    const int64_t yTotal = outputElementCount(yDims);
    ElementWriter w(data.dtype(), yTotal);
    int64_t dst = 0;
    for (int64_t a = 0; yTotal > 0 && a < outer; ++a)
        for (int64_t f : first) {
            w.copyRun(dst, data, (a * n + f) * inner, inner);
            dst += inner;
        }
    std::vector<Tensor> outs;
    outs.push_back(w.finish(std::move(yDims)));
    outs.push_back(makeTensor<int64_t>({u}, first));
    outs.push_back(makeTensor<int64_t>({n}, inverse));
    outs.push_back(makeTensor<int64_t>({u}, counts));
    outs.resize(std::min<size_t>(outs.size(), std::max<size_t>(ctx.outputCount(), 1)));
    return KernelResult::ok(std::move(outs));
}

// TopK-1 (k attribute), -10 (k input), -11 (largest, sorted, negative axis): the k largest (or
// smallest) elements along axis and their int64 indices. Equal values keep the lower index first
// (the ONNX spec); NaN ranks after every number. With sorted=0 the order is unspecified by ONNX;
// the sorted order is returned, which is one valid answer.
KernelResult topK(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto& dims = data.dims();
    if (dims.empty()) throw KernelError("TopK of a scalar");
    const size_t axis =
        static_cast<size_t>(existingAxis(ctx.attrInt("axis", -1), static_cast<int64_t>(dims.size())));
    int64_t k;
    if (ctx.opset() >= 10) {
        if (!ctx.hasInput(1)) throw KernelError("TopK needs k");
        checkedInputCount(ctx.input(1));
        k = scalarInt(ctx.input(1));
    } else {
        if (!ctx.hasAttr("k")) throw KernelError("TopK needs k");
        k = ctx.attrInt("k", 0);
    }
    const int64_t n = dims[axis];
    if (k < 0 || k > n) throw KernelError("TopK k out of range");
    const bool largest = ctx.opset() < 11 || ctx.attrInt("largest", 1) != 0;
    std::vector<int64_t> outDims = dims;
    outDims[axis] = k;
    const int64_t outTotal = outputElementCount(outDims);
    const int64_t outer = product(dims, 0, axis);
    const int64_t inner = product(dims, axis + 1);
    std::vector<int64_t> picked(static_cast<size_t>(outTotal));  // indices along the axis
    dispatch<kNumeric>(data.dtype(), [&](auto tag) {
        using T = decltype(tag);
        const auto v = values<T>(data);
        std::vector<int64_t> line(static_cast<size_t>(n));
        for (int64_t o = 0; outTotal > 0 && o < outer; ++o)
            for (int64_t i = 0; i < inner; ++i) {
                auto at = [&](int64_t j) -> const T& {
                    return v[static_cast<size_t>((o * n + j) * inner + i)];
                };
                std::iota(line.begin(), line.end(), int64_t{0});
                std::partial_sort(line.begin(), line.begin() + k, line.end(), [&](int64_t a, int64_t b) {
                    int c = compare3(at(a), at(b));
                    if constexpr (isFloatLike<T>) {
                        // NaN last in both directions.
                        const bool na = std::isnan(static_cast<double>(at(a))),
                                   nb = std::isnan(static_cast<double>(at(b)));
                        if (na != nb) return nb;
                    }
                    if (largest) c = -c;
                    return c != 0 ? c < 0 : a < b;
                });
                for (int64_t j = 0; j < k; ++j)
                    picked[static_cast<size_t>((o * k + j) * inner + i)] = line[static_cast<size_t>(j)];
            }
    });
    ElementWriter w(data.dtype(), outTotal);
    for (int64_t e = 0; e < outTotal; ++e) {
        const int64_t i = e % inner;
        const int64_t o = e / (inner * k);
        w.copy(e, data, (o * n + picked[static_cast<size_t>(e)]) * inner + i);
    }
    std::vector<Tensor> outs;
    outs.push_back(w.finish(outDims));
    outs.push_back(makeTensor<int64_t>(outDims, picked));
    return KernelResult::ok(std::move(outs));
}

}  // namespace passscope::kernels::indexing_ops

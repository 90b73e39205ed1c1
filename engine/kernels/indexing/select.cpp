// Compress, NonZero, ReverseSequence: selections and reorderings driven by a condition or
// lengths rather than by index tensors.
#include "kernels/indexing/index_util.h"
#include "kernels/indexing/indexing_kernels.h"

namespace passscope::kernels::indexing_ops {

// Compress-9/11: keeps the slices along `axis` (or the elements of the flattened input when no
// axis is given) whose condition is true. A condition shorter than the axis drops the rest, as
// numpy.compress does; a true entry past the end of the axis is an error.
KernelResult compress(const KernelContext& ctx) {
    requireInputs(ctx, 2);
    const Tensor& data = ctx.input(0);
    const int64_t total = checkedInputCount(data);
    const Tensor& condT = ctx.input(1);
    checkedInputCount(condT);
    if (condT.dims().size() != 1) throw KernelError("Compress condition must be 1-D");
    const auto cond = boolValues(condT);
    std::vector<int64_t> dims = data.dims();
    size_t axis = 0;
    if (ctx.hasAttr("axis")) {
        axis = static_cast<size_t>(existingAxis(ctx.attrInt("axis", 0), static_cast<int64_t>(dims.size())));
    } else {
        dims = {total};
    }
    const int64_t n = dims[axis];
    std::vector<int64_t> kept;
    for (size_t i = 0; i < cond.size(); ++i) {
        if (!cond[i]) continue;
        if (static_cast<int64_t>(i) >= n)
            throw KernelError("Compress condition selects past the end of the axis");
        kept.push_back(static_cast<int64_t>(i));
    }
    std::vector<int64_t> outDims = dims;
    outDims[axis] = static_cast<int64_t>(kept.size());
    const int64_t outTotal = outputElementCount(outDims);
    const int64_t outer = product(dims, 0, axis);
    const int64_t inner = product(dims, axis + 1);
    ElementWriter w(data.dtype(), outTotal);
    int64_t dst = 0;
    for (int64_t o = 0; outTotal > 0 && o < outer; ++o) {
        for (int64_t i : kept) {
            w.copyRun(dst, data, (o * n + i) * inner, inner);
            dst += inner;
        }
    }
    return KernelResult::ok(w.finish(std::move(outDims)));
}

// NonZero-9/13: int64 [rank, count] of the coordinates of non-zero elements in row-major order
// (NaN is non-zero). A scalar is treated as a 1-D tensor of one element, like numpy and ONNX
// Runtime: [1, count].
KernelResult nonZero(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    const int64_t total = checkedInputCount(data);
    std::vector<uint8_t> nz = dispatch<kNumeric | kBool>(data.dtype(), [&](auto tag) {
        using T = decltype(tag);
        std::vector<uint8_t> out;
        if constexpr (std::is_same_v<T, bool>) {
            out = boolValues(data);
        } else {
            for (T v : values<T>(data)) {
                if constexpr (isFloatLike<T>)
                    out.push_back(static_cast<double>(v) != 0.0);
                else
                    out.push_back(v != 0);
            }
        }
        return out;
    });
    std::vector<int64_t> dims = data.dims();
    if (dims.empty()) dims = {1};
    const size_t rank = dims.size();
    int64_t count = 0;
    for (uint8_t v : nz) count += v ? 1 : 0;
    std::vector<int64_t> out(rank * static_cast<size_t>(count));
    std::vector<int64_t> coord(rank, 0);
    int64_t col = 0;
    for (int64_t e = 0; e < total; ++e) {
        if (nz[static_cast<size_t>(e)]) {
            for (size_t d = 0; d < rank; ++d)
                out[d * static_cast<size_t>(count) + static_cast<size_t>(col)] = coord[d];
            ++col;
        }
        for (size_t d = rank; d-- > 0;) {
            if (++coord[d] < dims[d]) break;
            coord[d] = 0;
        }
    }
    return KernelResult::ok(makeTensor<int64_t>({static_cast<int64_t>(rank), count}, out));
}

// ReverseSequence-10: for each batch entry b, the first sequence_lens[b] elements along the time
// axis are reversed; the rest are copied. batch_axis and time_axis are 0 and 1 in some order.
KernelResult reverseSequence(const KernelContext& ctx) {
    requireInputs(ctx, 2);
    const Tensor& data = ctx.input(0);
    const int64_t total = checkedInputCount(data);
    const auto lens = indexValues(ctx.input(1));
    const auto& dims = data.dims();
    if (dims.size() < 2) throw KernelError("ReverseSequence needs rank >= 2");
    const int64_t batchAxis = ctx.attrInt("batch_axis", 1);
    const int64_t timeAxis = ctx.attrInt("time_axis", 0);
    if (!((batchAxis == 0 && timeAxis == 1) || (batchAxis == 1 && timeAxis == 0)))
        throw KernelError("batch_axis and time_axis must be 0 and 1");
    const int64_t batch = dims[static_cast<size_t>(batchAxis)];
    const int64_t time = dims[static_cast<size_t>(timeAxis)];
    if (static_cast<int64_t>(lens.size()) != batch)
        throw KernelError("sequence_lens must have one value per batch entry");
    for (int64_t l : lens)
        if (l < 0 || l > time) throw KernelError("sequence length out of range");
    const int64_t inner = product(dims, 2);
    ElementWriter w(data.dtype(), total);
    for (int64_t i0 = 0; total > 0 && i0 < dims[0]; ++i0) {
        for (int64_t i1 = 0; i1 < dims[1]; ++i1) {
            const int64_t b = batchAxis == 0 ? i0 : i1;
            const int64_t t = timeAxis == 0 ? i0 : i1;
            const int64_t len = lens[static_cast<size_t>(b)];
            const int64_t srcT = t < len ? len - 1 - t : t;
            const int64_t s0 = timeAxis == 0 ? srcT : i0;
            const int64_t s1 = timeAxis == 1 ? srcT : i1;
            w.copyRun((i0 * dims[1] + i1) * inner, data, (s0 * dims[1] + s1) * inner, inner);
        }
    }
    return KernelResult::ok(w.finish(dims));
}

}  // namespace passscope::kernels::indexing_ops

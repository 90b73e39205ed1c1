// Gather, GatherElements, GatherND: copy input elements (any dtype) selected by int32/int64
// indices. Negative indices count from the end of their axis; an index outside [-n, n) is
// malformed input (KernelError), never an out-of-bounds read.
#include "kernels/indexing/index_util.h"
#include "kernels/indexing/indexing_kernels.h"

namespace passscope::kernels::indexing_ops {

// Gather: output = data.shape[:axis] + indices.shape + data.shape[axis+1:].
KernelResult gather(const KernelContext& ctx) {
    requireInputs(ctx, 2);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto idx = indexValues(ctx.input(1));
    const auto& dims = data.dims();
    if (dims.empty()) throw KernelError("Gather of a scalar");
    const size_t axis =
        static_cast<size_t>(existingAxis(ctx.attrInt("axis", 0), static_cast<int64_t>(dims.size())));
    const int64_t n = dims[axis];
    std::vector<int64_t> outDims(dims.begin(), dims.begin() + static_cast<std::ptrdiff_t>(axis));
    for (int64_t d : ctx.input(1).dims()) outDims.push_back(d);
    outDims.insert(outDims.end(), dims.begin() + static_cast<std::ptrdiff_t>(axis) + 1, dims.end());
    const int64_t total = outputElementCount(outDims);
    std::vector<int64_t> resolved(idx.size());
    for (size_t j = 0; j < idx.size(); ++j) resolved[j] = resolveIndex(idx[j], n);
    const int64_t outer = product(dims, 0, axis);
    const int64_t inner = product(dims, axis + 1);
    ElementWriter w(data.dtype(), total);
    int64_t dst = 0;
    for (int64_t o = 0; total > 0 && o < outer; ++o) {
        for (int64_t j : resolved) {
            w.copyRun(dst, data, (o * n + j) * inner, inner);
            dst += inner;
        }
    }
    return KernelResult::ok(w.finish(std::move(outDims)));
}

// GatherElements-11: output has the indices' shape; out[c] = data[c with c[axis] = indices[c]].
KernelResult gatherElements(const KernelContext& ctx) {
    requireInputs(ctx, 2);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const Tensor& indices = ctx.input(1);
    const auto idx = indexValues(indices);
    const auto& dims = data.dims();
    if (dims.empty()) throw KernelError("GatherElements of a scalar");
    const size_t axis =
        static_cast<size_t>(existingAxis(ctx.attrInt("axis", 0), static_cast<int64_t>(dims.size())));
    const auto targets = elementTargets(dims, indices.dims(), idx, axis);
    return KernelResult::ok(gatherByIndex(data, indices.dims(), targets));
}

// GatherND-11/12: the last indices dim m addresses data dims [b, b+m) (b = batch_dims, whose
// leading dims indices and data share); output = indices.shape[:-1] + data.shape[b+m:].
KernelResult gatherND(const KernelContext& ctx) {
    requireInputs(ctx, 2);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const Tensor& indices = ctx.input(1);
    const auto idx = indexValues(indices);
    const auto& dims = data.dims();
    const auto& idims = indices.dims();
    const int64_t b = ctx.attrInt("batch_dims", 0);
    if (idims.empty()) throw KernelError("GatherND indices must have rank >= 1");
    if (b < 0 || b >= static_cast<int64_t>(std::min(dims.size(), idims.size())))
        throw KernelError("batch_dims out of range");
    const size_t bd = static_cast<size_t>(b);
    const int64_t m = idims.back();
    if (m < 0 || m > static_cast<int64_t>(dims.size()) - b)
        throw KernelError("GatherND index tuples are too long");
    for (size_t d = 0; d < bd; ++d)
        if (dims[d] != idims[d]) throw KernelError("GatherND batch dims differ");
    std::vector<int64_t> outDims(idims.begin(), idims.end() - 1);
    outDims.insert(outDims.end(), dims.begin() + static_cast<std::ptrdiff_t>(b + m), dims.end());
    const int64_t total = outputElementCount(outDims);
    const size_t tail = bd + static_cast<size_t>(m);
    const int64_t slice = product(dims, tail);
    const int64_t batches = product(dims, 0, bd);
    const int64_t batchStride = product(dims, bd);
    const int64_t tuplesPerBatch = product(idims, bd, idims.size() - 1);
    const auto strides = stridesOf(dims);
    ElementWriter w(data.dtype(), total);
    int64_t dst = 0;
    size_t k = 0;
    for (int64_t bi = 0; total > 0 && bi < batches; ++bi) {
        for (int64_t t = 0; t < tuplesPerBatch; ++t) {
            int64_t src = bi * batchStride;
            for (size_t j = 0; j < static_cast<size_t>(m); ++j, ++k)
                src += resolveIndex(idx[k], dims[bd + j]) * strides[bd + j];
            w.copyRun(dst, data, src, slice);
            dst += slice;
        }
    }
    return KernelResult::ok(w.finish(std::move(outDims)));
}

}  // namespace passscope::kernels::indexing_ops

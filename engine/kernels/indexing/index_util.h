#pragma once
// Index handling shared by the indexing kernels. Element copying of any dtype comes from the
// shape family's copy_util.h.
#include <string>
#include <vector>

#include "kernels/shape/copy_util.h"

namespace passscope::kernels {

// An index tensor's values (int32/int64 in ONNX; any integer type accepted) after checking
// its payload.
inline std::vector<int64_t> indexValues(const Tensor& t) {
    checkedInputCount(t);
    if (t.dtype() == DataType::Bool) throw KernelError("indices must be integers");
    return toInt64s(t);
}

// i in [-n, n) -> [0, n); anything else is malformed input.
inline int64_t resolveIndex(int64_t i, int64_t n) {
    if (i < -n || i >= n)
        throw KernelError("index " + std::to_string(i) + " out of range for an axis of " + std::to_string(n));
    return i < 0 ? i + n : i;
}

// GatherElements / ScatterElements: for each element of an indices tensor (idxDims, same rank
// as data), the flat data index of the element it addresses: its own coordinates, with the axis
// coordinate replaced by the index value. Off the axis, indices may not be larger than data.
inline std::vector<int64_t> elementTargets(const std::vector<int64_t>& dataDims,
                                           const std::vector<int64_t>& idxDims,
                                           const std::vector<int64_t>& idx, size_t axis) {
    const size_t rank = dataDims.size();
    if (idxDims.size() != rank) throw KernelError("indices must have the data's rank");
    for (size_t d = 0; d < rank; ++d)
        if (d != axis && idxDims[d] > dataDims[d])
            throw KernelError("indices are larger than data off the axis");
    const auto strides = stridesOf(dataDims);
    std::vector<int64_t> targets(idx.size());
    std::vector<int64_t> counter(rank, 0);
    for (size_t e = 0; e < idx.size(); ++e) {
        int64_t flat = 0;
        for (size_t d = 0; d < rank; ++d)
            flat += (d == axis ? resolveIndex(idx[e], dataDims[d]) : counter[d]) * strides[d];
        targets[e] = flat;
        for (size_t d = rank; d-- > 0;) {
            if (++counter[d] < idxDims[d]) break;
            counter[d] = 0;
        }
    }
    return targets;
}

}  // namespace passscope::kernels

#pragma once
// Helpers for data-movement kernels (shape and indexing families): they copy elements of any
// dtype without interpreting them — whole elements of elementSize() bytes for numeric, bool and
// complex tensors, std::string for string tensors — so one implementation serves every dtype an
// op allows. Outputs are described by index maps (for each output element, the flat index of the
// input element it copies), built with the helpers below.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "ir/shape.h"
#include "kernels/tensor_util.h"

namespace passscope::kernels {

// Largest output these kernels build: 2^27 elements, 2 GiB. Shapes come from constant inputs
// and can be absurd (Expand to [1e9, 1e9]); refusing them keeps the folder from exhausting
// memory, which under AddressSanitizer is a crash rather than std::bad_alloc.
inline constexpr int64_t kMaxOutputElements = int64_t{1} << 27;
inline constexpr size_t kMaxOutputBytes = size_t{1} << 31;

// Element count of an output shape; throws KernelError for negative dims, overflow or outputs
// larger than kMaxOutputElements.
inline int64_t outputElementCount(const std::vector<int64_t>& dims) {
    auto n = checkedElementCount(dims);
    if (!n) throw KernelError("invalid output shape " + Shape::fromExtents(dims).toString());
    if (*n > kMaxOutputElements) throw KernelError("output too large to compute");
    return *n;
}

// Throws KernelError unless the first n inputs are present (a malformed node may omit a
// required input; KernelContext::input() must not be called on an absent one).
inline void requireInputs(const KernelContext& ctx, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (!ctx.hasInput(i))
            throw KernelError(ctx.node().opType() + " is missing required input " + std::to_string(i));
}

// a * b for dims and counts; throws KernelError on overflow.
inline int64_t mulChecked(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) throw KernelError("dimension arithmetic overflows");
    return r;
}
inline int64_t addChecked(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) throw KernelError("dimension arithmetic overflows");
    return r;
}

// Element count of an input, after checking that its payload really holds that many elements,
// so later reads by flat index stay in bounds.
inline int64_t checkedInputCount(const Tensor& t) {
    auto n = checkedElementCount(t.dims());
    if (!n) throw KernelError("invalid tensor shape");
    if (t.dtype() == DataType::String) {
        if (t.strings().size() < static_cast<size_t>(*n))
            throw KernelError("string tensor has fewer strings than its shape");
    } else {
        const size_t es = elementSize(t.dtype());
        if (es == 0) throw KernelError("no kernel for dtype " + std::string(dataTypeName(t.dtype())));
        if (*n > 0 && (t.rawData() == nullptr || t.byteSize() / es < static_cast<size_t>(*n)))
            throw KernelError("tensor payload is shorter than its shape");
    }
    return *n;
}

// The elements of t (sharing its buffer, no copy) under dims with the same element count; the
// result carries no name or external-data location of its own.
inline Tensor withDims(const Tensor& t, std::vector<int64_t> dims) {
    if (t.dtype() == DataType::String) return Tensor(std::move(dims), t.strings());
    return Tensor(t.dtype(), std::move(dims), t.buffer());
}

// Output under construction, of any dtype. Elements not written are zero (numeric, bool,
// complex: all bytes zero) or the empty string.
class ElementWriter {
  public:
    ElementWriter(DataType dtype, int64_t count) : dtype_(dtype) {
        if (count < 0 || count > kMaxOutputElements) throw KernelError("output too large to compute");
        if (dtype == DataType::String) {
            strings_.resize(static_cast<size_t>(count));
        } else {
            size_ = elementSize(dtype);
            if (size_ == 0) throw KernelError("no kernel for dtype " + std::string(dataTypeName(dtype)));
            if (static_cast<size_t>(count) * size_ > kMaxOutputBytes)
                throw KernelError("output too large to compute");
            bytes_.assign(static_cast<size_t>(count) * size_, '\0');
        }
    }

    DataType dtype() const { return dtype_; }

    // out[dst .. dst+n) = src[srcIndex .. srcIndex+n). src must have been checked with
    // checkedInputCount(); indices are the caller's responsibility.
    void copyRun(int64_t dst, const Tensor& src, int64_t srcIndex, int64_t n) {
        if (n <= 0) return;
        if (src.dtype() != dtype_) throw KernelError("inputs have different dtypes");
        if (dtype_ == DataType::String) {
            const auto& s = src.strings();
            std::copy(s.begin() + srcIndex, s.begin() + srcIndex + n, strings_.begin() + dst);
        } else {
            std::memcpy(bytes_.data() + static_cast<size_t>(dst) * size_,
                        src.rawData() + static_cast<size_t>(srcIndex) * size_,
                        static_cast<size_t>(n) * size_);
        }
    }
    void copy(int64_t dst, const Tensor& src, int64_t srcIndex) { copyRun(dst, src, srcIndex, 1); }

    Tensor finish(std::vector<int64_t> dims) {
        if (dtype_ == DataType::String) return Tensor(std::move(dims), std::move(strings_));
        return Tensor(dtype_, std::move(dims), std::make_shared<StringBuffer>(std::move(bytes_)));
    }

  private:
    DataType dtype_;
    size_t size_ = 0;
    std::string bytes_;
    std::vector<std::string> strings_;
};

// out[i] = src[index[i]]; index[i] < 0 takes fill's first element instead (fill may be null
// when no index is negative; then such elements stay zero).
inline Tensor gatherByIndex(const Tensor& src, std::vector<int64_t> dims, const std::vector<int64_t>& index,
                            const Tensor* fill = nullptr) {
    const int64_t count = outputElementCount(dims);
    if (static_cast<int64_t>(index.size()) != count) throw KernelError("internal: index map size mismatch");
    ElementWriter w(src.dtype(), count);
    for (int64_t i = 0; i < count; ++i) {
        const int64_t j = index[static_cast<size_t>(i)];
        if (j >= 0)
            w.copy(i, src, j);
        else if (fill)
            w.copy(i, *fill, 0);
    }
    return w.finish(std::move(dims));
}

// For each element of an output whose axis d has maps[d].size() entries (row-major), the flat
// index of the input element (input dims inDims) whose coordinate along d is maps[d][coordinate];
// -1 when any of those coordinates is -1 (an element that is not copied from the input, e.g.
// constant padding). Every non-negative map entry must be < inDims[d].
inline std::vector<int64_t> axisMappedIndex(const std::vector<int64_t>& inDims,
                                            const std::vector<std::vector<int64_t>>& maps) {
    const size_t rank = maps.size();
    if (inDims.size() != rank) throw KernelError("internal: rank mismatch in index map");
    std::vector<int64_t> outDims(rank);
    for (size_t d = 0; d < rank; ++d) outDims[d] = static_cast<int64_t>(maps[d].size());
    const int64_t total = outputElementCount(outDims);
    const auto strides = stridesOf(inDims);
    std::vector<int64_t> index;
    index.reserve(static_cast<size_t>(total));
    std::vector<size_t> counter(rank, 0);
    for (int64_t n = 0; n < total; ++n) {
        int64_t flat = 0;
        for (size_t d = 0; d < rank; ++d) {
            const int64_t c = maps[d][counter[d]];
            if (c < 0) {
                flat = -1;
                break;
            }
            flat += c * strides[d];
        }
        index.push_back(flat);
        for (size_t d = rank; d-- > 0;) {
            if (++counter[d] < maps[d].size()) break;
            counter[d] = 0;
        }
    }
    return index;
}

// The identity map of one axis of size n: 0, 1, ..., n-1.
inline std::vector<int64_t> iotaMap(int64_t n) {
    std::vector<int64_t> m(static_cast<size_t>(std::max<int64_t>(n, 0)));
    for (size_t i = 0; i < m.size(); ++i) m[i] = static_cast<int64_t>(i);
    return m;
}

// The flat input index of each output element of transpose(input of inDims, perm).
inline std::vector<int64_t> transposeIndex(const std::vector<int64_t>& inDims,
                                           const std::vector<int64_t>& perm) {
    const size_t rank = inDims.size();
    const auto inStrides = stridesOf(inDims);
    std::vector<int64_t> outDims(rank), strides(rank);
    for (size_t d = 0; d < rank; ++d) {
        outDims[d] = inDims[static_cast<size_t>(perm[d])];
        strides[d] = inStrides[static_cast<size_t>(perm[d])];
    }
    const int64_t total = outputElementCount(outDims);
    std::vector<int64_t> index(static_cast<size_t>(total));
    std::vector<int64_t> counter(rank, 0);
    int64_t flat = 0;
    for (int64_t n = 0; n < total; ++n) {
        index[static_cast<size_t>(n)] = flat;
        for (size_t d = rank; d-- > 0;) {
            flat += strides[d];
            if (++counter[d] < outDims[d]) break;
            flat -= strides[d] * counter[d];
            counter[d] = 0;
        }
    }
    return index;
}

// normalizeAxis for an axis that must name an existing dim (tensor_util's normalizeAxis accepts
// axis 0 of a scalar): negative counts from the end; out of range, or any axis of a scalar,
// throws KernelError.
inline int64_t existingAxis(int64_t axis, int64_t rank) {
    if (rank <= 0) throw KernelError("a scalar has no axis " + std::to_string(axis));
    return normalizeAxis(axis, rank);
}

// Axis attribute/input normalisation for ops whose axis may also equal rank (Flatten,
// Unsqueeze-style "insert before"): accepts [-bound, bound] and maps negatives by adding bound.
inline int64_t normalizeAxisInclusive(int64_t axis, int64_t bound) {
    if (axis < -bound || axis > bound)
        throw KernelError("axis " + std::to_string(axis) + " out of range [" + std::to_string(-bound) + ", " +
                          std::to_string(bound) + "]");
    return axis < 0 ? axis + bound : axis;
}

// double -> T without undefined behaviour: NaN becomes 0 for integers, out-of-range values
// saturate (ONNX leaves these cases undefined; saturation is what most runtimes produce).
template <typename T>
T castFromDouble(double v) {
    if constexpr (std::is_same_v<T, bool>) {
        return v != 0;
    } else if constexpr (std::is_integral_v<T>) {
        if (std::isnan(v)) return T(0);
        if (v <= static_cast<double>(std::numeric_limits<T>::lowest()))
            return std::numeric_limits<T>::lowest();
        if (v >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
        return static_cast<T>(v);
    } else if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16>) {
        return static_cast<T>(static_cast<float>(v));
    } else if constexpr (std::is_same_v<T, std::string>) {
        return std::string();
    } else {
        return static_cast<T>(v);
    }
}

// A one-element tensor of dtype holding v (converted with castFromDouble).
inline Tensor scalarOfDtype(DataType dtype, double v, std::vector<int64_t> dims = {}) {
    return dispatch<kAll>(dtype, [&](auto tag) -> Tensor {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
            return makeTensor<T>(std::move(dims), {T(static_cast<typename T::value_type>(v))});
        } else {
            return makeTensor<T>(std::move(dims), std::vector<T>{castFromDouble<T>(v)});
        }
    });
}

// Integer values of an optional index-like input (int32/int64), or the fallback when absent.
inline std::vector<int64_t> optionalInts(const KernelContext& ctx, size_t i,
                                         const std::vector<int64_t>& fallback) {
    return ctx.hasInput(i) ? toInt64s(ctx.input(i)) : fallback;
}

}  // namespace passscope::kernels

#pragma once
// Helpers shared by the reduction, linalg and nn kernel families: accumulator types, wrapping
// integer arithmetic without signed-overflow UB, checked input access, and the split of a tensor
// into "kept" and "reduced" axes that every reduce-like kernel walks.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "kernels/tensor_util.h"

namespace passscope::kernels::red {

// Accumulator for a floating element type: double stays double, float accumulates in double (the
// result is rounded to float once), float16/bfloat16 compute in float and round once at the end
// (docs/ge-constant-folding.md §9.2: "computed in float, rounded in their own type").
template <typename T>
using FloatAcc = std::conditional_t<std::is_same_v<T, half> || std::is_same_v<T, bfloat16>, float, double>;

// Accumulator for any numeric element type: integers accumulate in their own type (wrapping).
template <typename T>
using Acc = std::conditional_t<isFloatLike<T>, FloatAcc<T>, T>;

using kernels::wrapAdd;
using kernels::wrapMul;
using kernels::wrapSub;

template <typename T>
T wrapAbs(T a) {
    if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
        return a < 0 ? wrapSub<T>(T(0), a) : a;  // abs(MIN) wraps to MIN, as in two's complement
    } else if constexpr (std::is_integral_v<T>) {
        return a;
    } else {
        return a < T(0) ? T(-a) : a;
    }
}

// Converts a finite double to an integer type; false when NaN or out of range (the conversion
// would be UB), so the caller can refuse instead.
template <typename T>
bool toIntChecked(double v, T& out) {
    if (!std::isfinite(v)) return false;
    const double t = std::trunc(v);
    const double lo = static_cast<double>(std::numeric_limits<T>::lowest());
    const double hiExclusive = std::ldexp(1.0, std::numeric_limits<T>::digits);  // max + 1
    if (t < lo || t >= hiExclusive) return false;
    out = static_cast<T>(t);
    return true;
}

// Saturating conversion of a double to an integer type (NaN -> 0), rounding already applied by
// the caller. Used by quantized kernels, whose outputs saturate by definition.
template <typename T>
T saturate(double v) {
    if (std::isnan(v)) return T(0);
    if (v <= static_cast<double>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
    if (v >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    return static_cast<T>(v);
}

// Largest tensor a kernel builds (elements): folding exists for small constants, and attributes
// such as pads, output_shape or Resize sizes must not make a kernel allocate without bound.
inline constexpr double kMaxFoldElements = double(int64_t(1) << 28);
// Attribute values (kernel extents, strides, pads, ...) beyond this are rejected before any
// arithmetic on them can overflow.
inline constexpr int64_t kMaxExtent = int64_t(1) << 32;

// Throws unless a tensor of `dims` is small enough to build (and no dim is negative).
inline void checkBuildable(const std::vector<int64_t>& dims) {
    double n = 1;
    for (int64_t d : dims) {
        if (d < 0) throw KernelError("negative output extent");
        n *= static_cast<double>(d);
    }
    if (n > kMaxFoldElements) throw KernelError("output too large to fold");
}

// Input i, which the op requires.
inline const Tensor& required(const KernelContext& ctx, size_t i) {
    if (!ctx.hasInput(i)) throw KernelError("required input " + std::to_string(i) + " is missing");
    return ctx.input(i);
}

// Flat offsets (into a row-major tensor of `dims`) of every combination of the axes in `axes`,
// enumerated row-major in the order given, the other axes at 0.
inline std::vector<int64_t> axisOffsets(const std::vector<int64_t>& dims, const std::vector<int64_t>& axes) {
    auto strides = stridesOf(dims);
    int64_t count = 1;
    for (int64_t a : axes) count *= dims[static_cast<size_t>(a)];
    std::vector<int64_t> out(static_cast<size_t>(count));
    std::vector<int64_t> counter(axes.size(), 0);
    int64_t flat = 0;
    for (int64_t n = 0; n < count; ++n) {
        out[static_cast<size_t>(n)] = flat;
        for (size_t k = axes.size(); k-- > 0;) {
            const size_t a = static_cast<size_t>(axes[k]);
            ++counter[k];
            flat += strides[a];
            if (counter[k] < dims[a]) break;
            flat -= strides[a] * counter[k];
            counter[k] = 0;
        }
    }
    return out;
}

// A tensor split into kept axes (outer, in order) and reduced axes: element (o, i) of the split
// lives at kept[o] + reduced[i].
struct AxisSplit {
    std::vector<int64_t> kept;
    std::vector<int64_t> reduced;
    std::vector<int64_t> outDims;  // with or without the reduced axes (as 1), per keepdims
};

// `axes` must already be normalized and free of duplicates.
inline AxisSplit splitAxes(const std::vector<int64_t>& dims, const std::vector<int64_t>& axes,
                           bool keepdims) {
    const int64_t rank = static_cast<int64_t>(dims.size());
    std::vector<bool> isReduced(dims.size(), false);
    for (int64_t a : axes) {
        // normalizeAxis lets axis 0 through for a scalar (rank 0); there is no axis 0 to reduce.
        if (a < 0 || a >= rank)
            throw KernelError("axis " + std::to_string(a) + " out of range for rank " + std::to_string(rank));
        isReduced[static_cast<size_t>(a)] = true;
    }
    std::vector<int64_t> keptAxes;
    AxisSplit s;
    for (int64_t a = 0; a < rank; ++a) {
        if (isReduced[static_cast<size_t>(a)]) {
            if (keepdims) s.outDims.push_back(1);
        } else {
            keptAxes.push_back(a);
            s.outDims.push_back(dims[static_cast<size_t>(a)]);
        }
    }
    std::vector<int64_t> reducedAxes;
    for (int64_t a = 0; a < rank; ++a)
        if (isReduced[static_cast<size_t>(a)]) reducedAxes.push_back(a);
    s.kept = axisOffsets(dims, keptAxes);
    s.reduced = axisOffsets(dims, reducedAxes);
    return s;
}

// Normalizes axes against `rank` and rejects duplicates.
inline std::vector<int64_t> normalizeAxes(const std::vector<int64_t>& axes, int64_t rank) {
    std::vector<int64_t> out;
    for (int64_t a : axes) {
        int64_t n = normalizeAxis(a, rank);
        if (std::find(out.begin(), out.end(), n) != out.end())
            throw KernelError("duplicate axis " + std::to_string(a));
        out.push_back(n);
    }
    return out;
}

// Dims split around `axis` into (outer, n, inner) for kernels that work along one axis.
struct AxisLayout {
    int64_t outer = 1, n = 1, inner = 1;
};
inline AxisLayout layoutAround(const std::vector<int64_t>& dims, int64_t axis) {
    AxisLayout l;
    l.outer = product(dims, 0, static_cast<size_t>(axis));
    l.n = dims.empty() ? 1 : dims[static_cast<size_t>(axis)];
    l.inner = product(dims, static_cast<size_t>(axis) + 1);
    return l;
}

}  // namespace passscope::kernels::red

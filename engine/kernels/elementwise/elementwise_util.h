#pragma once
// Helpers shared by the elementwise, unary and logic kernel families: wrapping integer
// arithmetic, NaN-aware min/max, exact rounding and range-checked conversions between element
// types, variadic numpy broadcasting and the legacy (opset < 7) "broadcast"/"axis" attributes.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "kernels/tensor_util.h"

namespace passscope::kernels::ew {

// ---- wrapping integer arithmetic: kernels/tensor_util.h, and the negation built on it ----
using kernels::wrapAdd;
using kernels::wrapMul;
using kernels::wrapSub;

template <typename T>
T wrapNeg(T a) {
    return wrapSub<T>(T(0), a);
}

// ---- floating point helpers ----
// The type a floating element is computed in: half and bfloat16 compute in float and round back
// to their own type once per op; float in float; double in double.
template <typename T>
using ComputeT = std::conditional_t<std::is_same_v<T, double>, double, float>;

template <typename T>
bool isNaN(T v) {
    if constexpr (isFloatLike<T>)
        return std::isnan(static_cast<double>(v));
    else
        return false;
}

// Round half to even, independent of the floating-point environment's rounding mode.
template <typename F>
F roundHalfEven(F x) {
    if (!std::isfinite(x)) return x;
    F r = std::round(x);  // half away from zero
    if (std::fabs(x - std::trunc(x)) == F(0.5)) r = F(2) * std::round(x / F(2));
    return r;
}

// NaN-propagating max / min (numpy maximum / minimum).
template <typename T>
T nanMax(T a, T b) {
    if constexpr (isFloatLike<T>) {
        if (isNaN(a)) return a;
        if (isNaN(b)) return b;
    }
    return a < b ? b : a;
}
template <typename T>
T nanMin(T a, T b) {
    if constexpr (isFloatLike<T>) {
        if (isNaN(a)) return a;
        if (isNaN(b)) return b;
    }
    return b < a ? b : a;
}

// double -> float rounding to nearest even, with overflow to +-inf spelled out instead of relying
// on an out-of-range static_cast (undefined behaviour in C++).
inline float doubleToFloat(double d) {
    constexpr double fmax = static_cast<double>(std::numeric_limits<float>::max());
    if (std::isfinite(d) && std::fabs(d) > fmax) {
        // Half an ulp above FLT_MAX is 0x1.ffffffp127; ties go to the even neighbour, infinity.
        const bool toInf = std::fabs(d) >= 0x1.ffffffp127;
        const float m = toInf ? std::numeric_limits<float>::infinity() : std::numeric_limits<float>::max();
        return d < 0 ? -m : m;
    }
    return static_cast<float>(d);
}

// double -> float rounding to odd (truncate, then set the last mantissa bit when inexact). A
// second rounding of that float to a type with at most 22 mantissa bits (half, bfloat16) is then
// the same as one correct rounding of the double: no double-rounding error.
inline float doubleToFloatOdd(double d) {
    if (!std::isfinite(d)) return static_cast<float>(d);
    float f = doubleToFloat(d);
    if (std::isinf(f)) return f;
    if (static_cast<double>(f) == d) return f;
    if (std::fabs(static_cast<double>(f)) > std::fabs(d)) f = std::nextafter(f, 0.0f);
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    bits |= 1u;
    std::memcpy(&f, &bits, sizeof bits);
    return f;
}

// A double rounded once to the floating element type T.
template <typename T>
T fromDouble(double d) {
    if constexpr (std::is_same_v<T, double>)
        return d;
    else if constexpr (std::is_same_v<T, float>)
        return doubleToFloat(d);
    else
        return static_cast<T>(doubleToFloatOdd(d));
}

// A value computed in ComputeT<T> rounded to the floating element type T.
template <typename T, typename C>
T fromCompute(C v) {
    if constexpr (std::is_same_v<C, double>)
        return fromDouble<T>(v);
    else
        return static_cast<T>(v);
}

// Truncation toward zero of a floating value into the integer type I; nullopt when the value is
// NaN or the truncated value does not fit (the conversion would be undefined behaviour).
template <typename I>
std::optional<I> truncToInt(double v) {
    if (std::isnan(v)) return std::nullopt;
    const double t = std::trunc(v);
    // min is 0 or -2^(bits-1) and max+1 is a power of two: both exact in a double.
    constexpr double lo = static_cast<double>(std::numeric_limits<I>::min());
    constexpr double hiExcl = 2.0 * static_cast<double>(std::numeric_limits<I>::max() / 2 + 1);
    if (t < lo || t >= hiExcl) return std::nullopt;
    return static_cast<I>(t);
}

// Integer value of a float when it is one exactly and fits in int64 (exact exponents).
inline std::optional<int64_t> exactInt64(double v) {
    if (!std::isfinite(v) || std::trunc(v) != v) return std::nullopt;
    return truncToInt<int64_t>(v);
}

// ---- element storage ----
// bool elements are read and written as one byte each (std::vector<bool> has no data()).
template <typename T>
using Storage = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;

template <typename T>
std::vector<Storage<T>> readAs(const Tensor& t) {
    if constexpr (std::is_same_v<T, bool>)
        return boolValues(t);
    else
        return values<T>(t);
}

template <typename T>
Tensor makeAs(std::vector<int64_t> dims, const std::vector<Storage<T>>& v) {
    if constexpr (std::is_same_v<T, bool>) {
        std::string bytes(v.size(), '\0');
        for (size_t i = 0; i < v.size(); ++i) bytes[i] = v[i] ? 1 : 0;
        return Tensor(DataType::Bool, std::move(dims), std::make_shared<StringBuffer>(std::move(bytes)));
    } else {
        return makeTensor<T>(std::move(dims), v);
    }
}

// ---- shapes ----
// A tensor with the same payload viewed with other dims (same element count).
inline Tensor withDims(const Tensor& t, std::vector<int64_t> dims) {
    if (t.dtype() == DataType::String) return Tensor(std::move(dims), t.strings());
    return Tensor(t.dtype(), std::move(dims), t.buffer());
}

// Opset < 7 binary ops had no numpy broadcasting: with broadcast=0 both shapes must be equal;
// with broadcast=1, B's shape matches a contiguous run of A's dims starting at `axis` (default:
// A's trailing dims), or B is a one-element tensor. Returns B viewed with A's rank so that numpy
// broadcasting then gives exactly the legacy result (output shape = A's shape).
inline Tensor legacyBroadcastB(const KernelContext& ctx, const Tensor& a, const Tensor& b) {
    const auto& ad = a.dims();
    const auto& bd = b.dims();
    if (ctx.attrInt("broadcast", 0) == 0) {
        if (ad != bd) throw KernelError("shapes differ and broadcast=0 (opset < 7)");
        return b;
    }
    const int64_t ra = static_cast<int64_t>(ad.size());
    const int64_t rb = static_cast<int64_t>(bd.size());
    if (b.elementCount() == 1) return withDims(b, std::vector<int64_t>(ad.size(), 1));
    if (rb > ra) throw KernelError("B has a higher rank than A (legacy broadcast)");
    int64_t axis = ctx.hasAttr("axis") ? ctx.attrInt("axis", 0) : ra - rb;
    if (axis < 0) axis += ra;
    if (axis < 0 || axis + rb > ra) throw KernelError("legacy broadcast axis out of range");
    std::vector<int64_t> dims(ad.size(), 1);
    for (int64_t i = 0; i < rb; ++i) {
        if (bd[i] != ad[axis + i]) throw KernelError("B's shape does not match A's at the broadcast axis");
        dims[axis + i] = bd[i];
    }
    return withDims(b, std::move(dims));
}

// Inputs of a binary op, with B adapted to the legacy broadcast rules when opset < 7.
inline Tensor binaryB(const KernelContext& ctx) {
    if (ctx.opset() < 7) return legacyBroadcastB(ctx, ctx.input(0), ctx.input(1));
    return ctx.input(1);
}

}  // namespace passscope::kernels::ew

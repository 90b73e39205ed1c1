#pragma once
// Helpers every kernel uses: typed reads and writes of Tensor payloads (memcpy, so unaligned
// mapped data is fine), dtype dispatch, numpy broadcasting, axis handling. float16 and bfloat16
// use Eigen::half / Eigen::bfloat16: arithmetic computes in float and rounds back to the 16-bit
// type after each operation, so results are rounded in their own type (docs/ge-constant-folding.md §9.2).
#include <complex>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include <Eigen/Core>

#include "ir/shape.h"
#include "ir/tensor.h"
#include "kernels/kernel.h"

namespace passscope::kernels {

using half = Eigen::half;
using bfloat16 = Eigen::bfloat16;

// ---- C++ type <-> DataType ----
template <typename T>
struct DataTypeOf;
template <>
struct DataTypeOf<float> {
    static constexpr DataType value = DataType::Float;
};
template <>
struct DataTypeOf<double> {
    static constexpr DataType value = DataType::Double;
};
template <>
struct DataTypeOf<int8_t> {
    static constexpr DataType value = DataType::Int8;
};
template <>
struct DataTypeOf<int16_t> {
    static constexpr DataType value = DataType::Int16;
};
template <>
struct DataTypeOf<int32_t> {
    static constexpr DataType value = DataType::Int32;
};
template <>
struct DataTypeOf<int64_t> {
    static constexpr DataType value = DataType::Int64;
};
template <>
struct DataTypeOf<uint8_t> {
    static constexpr DataType value = DataType::UInt8;
};
template <>
struct DataTypeOf<uint16_t> {
    static constexpr DataType value = DataType::UInt16;
};
template <>
struct DataTypeOf<uint32_t> {
    static constexpr DataType value = DataType::UInt32;
};
template <>
struct DataTypeOf<uint64_t> {
    static constexpr DataType value = DataType::UInt64;
};
template <>
struct DataTypeOf<bool> {
    static constexpr DataType value = DataType::Bool;
};
template <>
struct DataTypeOf<half> {
    static constexpr DataType value = DataType::Float16;
};
template <>
struct DataTypeOf<bfloat16> {
    static constexpr DataType value = DataType::BFloat16;
};
template <>
struct DataTypeOf<std::complex<float>> {
    static constexpr DataType value = DataType::Complex64;
};
template <>
struct DataTypeOf<std::complex<double>> {
    static constexpr DataType value = DataType::Complex128;
};
template <>
struct DataTypeOf<std::string> {
    static constexpr DataType value = DataType::String;
};

template <typename T>
inline constexpr bool isFloatLike =
    std::is_floating_point_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16>;

// ---- reading and writing payloads ----
template <typename T>
std::vector<T> values(const Tensor& t) {
    if constexpr (std::is_same_v<T, std::string>) {
        return t.strings();
    } else {
        if (t.dtype() != DataTypeOf<T>::value)
            throw KernelError("expected " + std::string(dataTypeName(DataTypeOf<T>::value)) +
                              " tensor, got " + std::string(dataTypeName(t.dtype())));
        std::vector<T> out(static_cast<size_t>(t.elementCount()));
        if (!out.empty()) std::memcpy(static_cast<void*>(out.data()), t.rawData(), out.size() * sizeof(T));
        return out;
    }
}

template <typename T>
Tensor makeTensor(std::vector<int64_t> dims, const std::vector<T>& data) {
    if constexpr (std::is_same_v<T, std::string>) {
        return Tensor(std::move(dims), data);
    } else if constexpr (std::is_same_v<T, bool>) {
        std::string bytes(data.size(), '\0');
        for (size_t i = 0; i < data.size(); ++i) bytes[i] = data[i] ? 1 : 0;
        return Tensor(DataType::Bool, std::move(dims), std::make_shared<StringBuffer>(std::move(bytes)));
    } else {
        std::string bytes(data.size() * sizeof(T), '\0');
        if (!data.empty()) std::memcpy(bytes.data(), static_cast<const void*>(data.data()), bytes.size());
        return Tensor(DataTypeOf<T>::value, std::move(dims),
                      std::make_shared<StringBuffer>(std::move(bytes)));
    }
}

// bool payloads are one byte each; read them without relying on std::vector<bool>.
std::vector<uint8_t> boolValues(const Tensor& t);
// Integer tensors (any width) as int64 — shapes, axes, indices.
std::vector<int64_t> toInt64s(const Tensor& t);
// Any real numeric tensor as double (for attributes-as-inputs such as Clip bounds, alpha).
std::vector<double> toDoubles(const Tensor& t);
// A scalar or one-element tensor as double / int64.
double scalarDouble(const Tensor& t);
int64_t scalarInt(const Tensor& t);

// ---- dtype dispatch ----
// Calls fn(T{}) with the C++ type of `dtype`. Types not listed throw KernelError (-> Unsupported).
enum TypeSet : unsigned {
    kFloats = 1,    // float, double, half, bfloat16
    kSigned = 2,    // int8..int64
    kUnsigned = 4,  // uint8..uint64
    kBool = 8,
    kStrings = 16,
    kComplex = 32,
    kNumeric = kFloats | kSigned | kUnsigned,
    kAll = kNumeric | kBool | kStrings | kComplex,
};

template <unsigned Allowed, typename Fn>
decltype(auto) dispatch(DataType dtype, Fn&& fn) {
    switch (dtype) {
        case DataType::Float:
            if constexpr (Allowed & kFloats) return fn(float{});
            break;
        case DataType::Double:
            if constexpr (Allowed & kFloats) return fn(double{});
            break;
        case DataType::Float16:
            if constexpr (Allowed & kFloats) return fn(half{});
            break;
        case DataType::BFloat16:
            if constexpr (Allowed & kFloats) return fn(bfloat16{});
            break;
        case DataType::Int8:
            if constexpr (Allowed & kSigned) return fn(int8_t{});
            break;
        case DataType::Int16:
            if constexpr (Allowed & kSigned) return fn(int16_t{});
            break;
        case DataType::Int32:
            if constexpr (Allowed & kSigned) return fn(int32_t{});
            break;
        case DataType::Int64:
            if constexpr (Allowed & kSigned) return fn(int64_t{});
            break;
        case DataType::UInt8:
            if constexpr (Allowed & kUnsigned) return fn(uint8_t{});
            break;
        case DataType::UInt16:
            if constexpr (Allowed & kUnsigned) return fn(uint16_t{});
            break;
        case DataType::UInt32:
            if constexpr (Allowed & kUnsigned) return fn(uint32_t{});
            break;
        case DataType::UInt64:
            if constexpr (Allowed & kUnsigned) return fn(uint64_t{});
            break;
        case DataType::Bool:
            if constexpr (Allowed & kBool) return fn(bool{});
            break;
        case DataType::String:
            if constexpr (Allowed & kStrings) return fn(std::string{});
            break;
        case DataType::Complex64:
            if constexpr (Allowed & kComplex) return fn(std::complex<float>{});
            break;
        case DataType::Complex128:
            if constexpr (Allowed & kComplex) return fn(std::complex<double>{});
            break;
        default:
            break;
    }
    throw KernelError("no kernel for dtype " + std::string(dataTypeName(dtype)));
}

// Throws KernelError (-> Unsupported) unless `t` holds floating-point values.
inline void requireFloat(const Tensor& t) {
    dispatch<kFloats>(t.dtype(), [](auto) { return 0; });
}

// Values computed in double, rounded to T (or to the floating-point type `dt`).
template <typename T>
Tensor fromDoubles(const std::vector<int64_t>& dims, const std::vector<double>& v) {
    std::vector<T> out(v.size());
    for (size_t i = 0; i < v.size(); ++i) out[i] = static_cast<T>(v[i]);
    return makeTensor<T>(dims, out);
}
inline Tensor fromDoubles(DataType dt, const std::vector<int64_t>& dims, const std::vector<double>& v) {
    return dispatch<kFloats>(dt, [&](auto tag) { return fromDoubles<decltype(tag)>(dims, v); });
}

// An int8/uint8 tensor as int32 (quantized kernels); throws KernelError for other types.
inline std::vector<int32_t> int8Values(const Tensor& t) {
    return dispatch<kSigned | kUnsigned>(t.dtype(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (!(std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>)) {
            throw KernelError("expected an int8 or uint8 tensor");
            return std::vector<int32_t>{};
        } else {
            auto v = values<T>(t);
            return std::vector<int32_t>(v.begin(), v.end());
        }
    });
}

// ---- shapes ----
std::vector<int64_t> stridesOf(const std::vector<int64_t>& dims);
// numpy multidirectional broadcast; throws KernelError when incompatible.
std::vector<int64_t> broadcastShapes(const std::vector<std::vector<int64_t>>& shapes);
// For each output element (row-major over outDims), the flat index into an input of `inDims`
// broadcast to outDims. Takes 8 bytes per output element: for small maps (batch dims) only;
// elementwise kernels walk the output with BroadcastWalker instead.
std::vector<int64_t> broadcastIndex(const std::vector<int64_t>& inDims, const std::vector<int64_t>& outDims);

// Walks the output of a numpy broadcast in row-major order, keeping for each input the flat
// index of the element that output element reads. Memory is O(rank x inputs) whatever the
// output size, where a full index vector per input would take 8 bytes per output element.
//   BroadcastWalker w(out, {a.dims(), b.dims()});
//   for (int64_t i = 0; i < w.size(); ++i, w.next()) r[i] = f(va[w.index(0)], vb[w.index(1)]);
class BroadcastWalker {
  public:
    BroadcastWalker(const std::vector<int64_t>& outDims, const std::vector<std::vector<int64_t>>& inDims);
    int64_t size() const { return total_; }
    size_t index(size_t input) const { return static_cast<size_t>(flat_[input]); }
    void next();

  private:
    std::vector<int64_t> outDims_;
    std::vector<std::vector<int64_t>> strides_;  // per input and output axis; 0 where broadcast
    std::vector<int64_t> counter_;
    std::vector<int64_t> flat_;
    int64_t total_ = 0;
};
// Negative axes count from the end; throws KernelError when out of range.
int64_t normalizeAxis(int64_t axis, int64_t rank);
int64_t product(const std::vector<int64_t>& dims, size_t from = 0, size_t to = SIZE_MAX);

// out[i] = f(a[ia[i]], b[ib[i]]) with numpy broadcasting; R is the result element type.
template <typename R, typename A, typename B, typename F>
Tensor broadcastBinary(const Tensor& a, const Tensor& b, F f) {
    auto out = broadcastShapes({a.dims(), b.dims()});
    auto va = values<A>(a);
    auto vb = values<B>(b);
    BroadcastWalker w(out, {a.dims(), b.dims()});
    std::vector<R> r(static_cast<size_t>(w.size()));
    for (size_t i = 0; i < r.size(); ++i, w.next()) r[i] = f(va[w.index(0)], vb[w.index(1)]);
    return makeTensor<R>(out, r);
}

template <typename R, typename A, typename F>
Tensor mapUnary(const Tensor& a, F f) {
    auto va = values<A>(a);
    std::vector<R> r(va.size());
    for (size_t i = 0; i < r.size(); ++i) r[i] = f(va[i]);
    return makeTensor<R>(a.dims(), r);
}

// Arithmetic that wraps on integer overflow (two's complement, as ONNX Runtime's kernels do) without
// signed-overflow UB; plain arithmetic for floating types. The one home of it for every kernel family.
template <typename T>
T wrapAdd(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
    } else {
        return a + b;
    }
}
template <typename T>
T wrapSub(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
    } else {
        return a - b;
    }
}
template <typename T>
T wrapMul(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        // Promote to at least unsigned int so that uint16*uint16 does not overflow a signed int.
        using P = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
        return static_cast<T>(
            static_cast<U>(static_cast<P>(static_cast<U>(a)) * static_cast<P>(static_cast<U>(b))));
    } else {
        return a * b;
    }
}
}  // namespace passscope::kernels

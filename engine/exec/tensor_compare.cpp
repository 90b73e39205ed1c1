#include "exec/tensor_compare.h"

#include <cmath>
#include <limits>

#include "ir/shape.h"
#include "kernels/tensor_util.h"

namespace passscope {
namespace {

std::string dimsText(const std::vector<int64_t>& d) {
    return Shape::fromExtents(d).toString();
}

bool closeEnough(double e, double a, double rtol, double atol, TensorComparison& c) {
    // A NaN or an infinity on one side only (or infinities of opposite signs) is an infinite
    // difference: bisect and verify report it as such rather than as 0.
    const bool special = std::isnan(e) || std::isnan(a) || std::isinf(e) || std::isinf(a);
    if (special && (e == a || (std::isnan(e) && std::isnan(a)))) return true;
    if (special) {
        c.maxAbsDiff = c.maxRelDiff = std::numeric_limits<double>::infinity();
        return false;
    }
    const double diff = std::fabs(a - e);
    c.maxAbsDiff = std::max(c.maxAbsDiff, diff);
    if (e != 0) c.maxRelDiff = std::max(c.maxRelDiff, diff / std::fabs(e));
    return diff <= atol + rtol * std::fabs(e);
}

}  // namespace

TensorComparison compareTensors(const Tensor& expected, const Tensor& actual, double rtol, double atol) {
    using namespace kernels;
    TensorComparison c;
    if (expected.dtype() != actual.dtype()) {
        c.equal = false;
        c.detail = "dtype " + std::string(dataTypeName(actual.dtype())) + ", expected " +
                   std::string(dataTypeName(expected.dtype()));
        return c;
    }
    if (expected.dims() != actual.dims()) {
        c.equal = false;
        c.detail = "shape " + dimsText(actual.dims()) + ", expected " + dimsText(expected.dims());
        return c;
    }
    dispatch<kAll>(expected.dtype(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, bool>) {
            if (boolValues(expected) != boolValues(actual)) {
                c.equal = false;
                c.detail = "bool values differ";
            }
        } else {
            auto e = values<T>(expected);
            auto a = values<T>(actual);
            for (size_t i = 0; i < e.size(); ++i) {
                bool ok;
                if constexpr (isFloatLike<T>) {
                    ok = closeEnough(static_cast<double>(e[i]), static_cast<double>(a[i]), rtol, atol, c);
                } else if constexpr (std::is_same_v<T, std::complex<float>> ||
                                     std::is_same_v<T, std::complex<double>>) {
                    // Both parts, so that the maxima see each (no short circuit).
                    const bool real = closeEnough(e[i].real(), a[i].real(), rtol, atol, c);
                    ok = closeEnough(e[i].imag(), a[i].imag(), rtol, atol, c) && real;
                } else {
                    ok = e[i] == a[i];
                }
                if (!ok && c.equal) {  // the first mismatch in words; the maxima cover all elements
                    c.equal = false;
                    if constexpr (std::is_same_v<T, std::string>) {
                        c.detail =
                            "element " + std::to_string(i) + ": '" + a[i] + "', expected '" + e[i] + "'";
                    } else if constexpr (std::is_same_v<T, std::complex<float>> ||
                                         std::is_same_v<T, std::complex<double>>) {
                        c.detail = "complex element " + std::to_string(i) + " differs";
                    } else {
                        c.detail = "element " + std::to_string(i) + ": " +
                                   std::to_string(static_cast<double>(a[i])) + ", expected " +
                                   std::to_string(static_cast<double>(e[i]));
                    }
                }
            }
        }
    });
    return c;
}

}  // namespace passscope

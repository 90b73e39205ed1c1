// Cast (opset 1: `to` is a type name; from 6: a TensorProto.DataType; strings from 9, bfloat16
// from 13) and CastLike (opset 15: the target is the dtype of the second input).
//
// Between numeric and bool dtypes, following ONNX Runtime's static_casts but without their
// undefined cases:
//  * float -> float: rounded once, to nearest even (double -> float16 / bfloat16 goes through a
//    round-to-odd float so there is no double-rounding error); overflow gives +-inf;
//  * float -> integer: truncation toward zero; NaN or a value outside the target's range has no
//    defined result (C++ UB, runtimes disagree), so the node is refused;
//  * integer -> integer: two's-complement wrap (modular), as static_cast in C++20;
//  * integer -> float: rounded to nearest even;
//  * x -> bool: x != 0 (NaN is true); bool -> x: 0 or 1.
// Strings (the ONNX spec's rules):
//  * number -> string: integers in decimal; floating values in the shortest form that reads
//    back to the same value in their own type, laid out as numpy prints them (what ONNX's
//    tests expect): positional with at least one fractional digit ("0.5", "100.0") when
//    1e-4 <= |x| < 1e16, otherwise scientific ("1e-05", "1.5e+20"); NaN, INF and -INF as
//    spelled by the spec;
//  * string -> floating: plain or scientific decimal, with "INF", "+INF", "-INF", "NaN" in any
//    case; string -> integer: a plain decimal integer that fits the target. Anything else is
//    undefined by the spec and left unsupported, as are bool <-> string.
// Complex dtypes are not Cast types.
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstdlib>

#include "kernels/elementwise/elementwise_kernels.h"
#include "kernels/elementwise/elementwise_util.h"

namespace passscope::kernels {
namespace {

constexpr unsigned kCastable = kNumeric | kBool;

// int -> float rounded to odd (see doubleToFloatOdd), so that a second rounding to float16 /
// bfloat16 equals one correct rounding of the integer.
template <typename I>
float intToFloatOdd(I v) {
    float f = static_cast<float>(v);  // correctly rounded
    const auto back = ew::truncToInt<I>(static_cast<double>(f));
    if (back && *back == v) return f;
    // Out of I's range can only be the rounding up of a large positive value.
    const bool awayFromZero = !back || (v > 0 ? *back > v : *back < v);
    if (awayFromZero) f = std::nextafter(f, 0.0f);
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    bits |= 1u;
    std::memcpy(&f, &bits, sizeof bits);
    return f;
}

template <typename D, typename S>
std::optional<ew::Storage<D>> convert(ew::Storage<S> s) {
    if constexpr (std::is_same_v<S, bool>) {
        if constexpr (std::is_same_v<D, bool>)
            return s;
        else if constexpr (isFloatLike<D>)
            return static_cast<D>(s ? 1.0f : 0.0f);
        else
            return static_cast<D>(s ? 1 : 0);
    } else if constexpr (std::is_same_v<D, bool>) {
        if constexpr (isFloatLike<S>)
            return static_cast<uint8_t>(static_cast<double>(s) != 0.0);
        else
            return static_cast<uint8_t>(s != 0);
    } else if constexpr (isFloatLike<S> && isFloatLike<D>) {
        if constexpr (std::is_same_v<D, bfloat16> &&
                      (std::is_same_v<S, float> || std::is_same_v<S, double>)) {
            // References disagree here: ONNX Runtime rounds to nearest even, ONNX's own test data
            // (1.12) truncates to the upper 16 bits. Fold only where both give the same value.
            const float f = static_cast<float>(s);
            uint32_t bits;
            std::memcpy(&bits, &f, sizeof bits);
            const bool finite = std::isfinite(f);
            const ew::Storage<D> rounded = ew::fromDouble<D>(static_cast<double>(s));
            if (finite && static_cast<uint16_t>(bits >> 16) != Eigen::numext::bit_cast<uint16_t>(rounded))
                return std::nullopt;
            return rounded;
        }
        return ew::fromDouble<D>(static_cast<double>(s));
    } else if constexpr (isFloatLike<S>) {
        return ew::truncToInt<D>(static_cast<double>(s));
    } else if constexpr (isFloatLike<D>) {
        if constexpr (std::is_same_v<D, double> || std::is_same_v<D, float>)
            return static_cast<D>(s);
        else
            return static_cast<D>(intToFloatOdd<S>(s));
    } else {
        return static_cast<D>(s);
    }
}

// ---- number -> string ----

// Shortest decimal digits that read back to v in its own type: v = d.ddd * 10^exponent.
struct Digits {
    bool negative = false;
    std::string digits;
    int exponent = 0;
};

Digits parseScientific(const std::string& text) {
    Digits d;
    size_t i = 0;
    if (text[i] == '-') {
        d.negative = true;
        ++i;
    }
    for (; i < text.size() && text[i] != 'e' && text[i] != 'E'; ++i)
        if (text[i] != '.') d.digits += text[i];
    if (i < text.size()) d.exponent = std::atoi(text.c_str() + i + 1);
    while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
    return d;
}

template <typename T>
Digits shortestDigits(T v) {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        char buf[64];
        auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
        return parseScientific(std::string(buf, res.ptr));
    } else {
        // float16 / bfloat16: the fewest significant digits that round back to the same value.
        const double x = static_cast<double>(v);
        char buf[64];
        for (int precision = 0; precision < 17; ++precision) {
            std::snprintf(buf, sizeof buf, "%.*e", precision, x);
            const T back = ew::fromDouble<T>(std::strtod(buf, nullptr));
            if (static_cast<double>(back) == x) break;
        }
        return parseScientific(buf);
    }
}

template <typename T>
std::string floatToString(T v) {
    const double x = static_cast<double>(v);
    if (std::isnan(x)) return "NaN";
    if (std::isinf(x)) return x < 0 ? "-INF" : "INF";
    if (x == 0) return std::signbit(x) ? "-0.0" : "0.0";
    const Digits d = shortestDigits(v);
    std::string out = d.negative ? "-" : "";
    const int n = static_cast<int>(d.digits.size());
    if (d.exponent >= -4 && d.exponent < 16) {
        if (d.exponent >= 0) {
            const int intDigits = d.exponent + 1;
            out += d.digits.substr(0, static_cast<size_t>(std::min(n, intDigits)));
            if (n < intDigits) out += std::string(static_cast<size_t>(intDigits - n), '0');
            out += '.';
            out += n > intDigits ? d.digits.substr(static_cast<size_t>(intDigits)) : "0";
        } else {
            out += "0.";
            out += std::string(static_cast<size_t>(-d.exponent - 1), '0');
            out += d.digits;
        }
    } else {
        out += d.digits[0];
        if (n > 1) out += "." + d.digits.substr(1);
        char exp[16];
        std::snprintf(exp, sizeof exp, "e%c%02d", d.exponent < 0 ? '-' : '+', std::abs(d.exponent));
        out += exp;
    }
    return out;
}

// ---- string -> number ----

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

template <typename F>
std::optional<F> parseFloating(std::string_view s) {
    s = trimmed(s);
    if (!s.empty() && s.front() == '+') {
        s.remove_prefix(1);
        if (!s.empty() && s.front() == '-') return std::nullopt;
    }
    F v{};
    auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    // Out-of-range values (result_out_of_range) are left to the caller as unparsed.
    if (res.ec != std::errc() || res.ptr != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

template <typename I>
std::optional<I> parseInteger(std::string_view s) {
    s = trimmed(s);
    if (!s.empty() && s.front() == '+') {
        s.remove_prefix(1);
        if (!s.empty() && s.front() == '-') return std::nullopt;
    }
    using W = std::conditional_t<std::is_signed_v<I>, int64_t, uint64_t>;
    W v{};
    auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    if (res.ec != std::errc() || res.ptr != s.data() + s.size() || s.empty()) return std::nullopt;
    if (v < static_cast<W>(std::numeric_limits<I>::min()) ||
        v > static_cast<W>(std::numeric_limits<I>::max()))
        return std::nullopt;
    return static_cast<I>(v);
}

KernelResult castTo(const Tensor& x, DataType to) {
    if (!isKnownDataType(static_cast<int32_t>(to)) || to == DataType::Undefined)
        throw KernelError("Cast to an unknown dtype " + std::to_string(static_cast<int32_t>(to)));
    // Same dtype: the same payload, without the input's name or external-data origin.
    if (x.dtype() == to) return KernelResult::ok(ew::withDims(x, x.dims()));
    if ((to == DataType::String && x.dtype() == DataType::Bool) ||
        (to == DataType::Bool && x.dtype() == DataType::String))
        return KernelResult::unsupported(
            "Cast between bool and string is not defined (runtimes disagree on the spelling)");
    if (to == DataType::String) {
        return dispatch<kNumeric>(x.dtype(), [&](auto tag) -> KernelResult {
            using S = decltype(tag);
            const auto v = values<S>(x);
            std::vector<std::string> out(v.size());
            for (size_t i = 0; i < v.size(); ++i) {
                if constexpr (isFloatLike<S>)
                    out[i] = floatToString(v[i]);
                else
                    out[i] = std::to_string(v[i]);
            }
            return KernelResult::ok(Tensor(x.dims(), std::move(out)));
        });
    }
    if (x.dtype() == DataType::String) {
        return dispatch<kNumeric>(to, [&](auto tag) -> KernelResult {
            using D = decltype(tag);
            const auto& s = x.strings();
            std::vector<D> out(s.size());
            for (size_t i = 0; i < s.size(); ++i) {
                std::optional<D> v;
                if constexpr (std::is_same_v<D, float> || std::is_same_v<D, double>) {
                    v = parseFloating<D>(s[i]);
                } else if constexpr (isFloatLike<D>) {
                    if (auto d = parseFloating<double>(s[i])) v = ew::fromDouble<D>(*d);
                } else {
                    v = parseInteger<D>(s[i]);
                }
                if (!v)
                    return KernelResult::unsupported("cannot cast string '" + s[i] + "' to " +
                                                     std::string(dataTypeName(to)));
                out[i] = *v;
            }
            return KernelResult::ok(makeTensor<D>(x.dims(), out));
        });
    }
    return dispatch<kCastable>(x.dtype(), [&](auto srcTag) -> KernelResult {
        using S = decltype(srcTag);
        return dispatch<kCastable>(to, [&](auto dstTag) -> KernelResult {
            using D = decltype(dstTag);
            const auto v = ew::readAs<S>(x);
            std::vector<ew::Storage<D>> out(v.size());
            for (size_t i = 0; i < v.size(); ++i) {
                auto c = convert<D, S>(v[i]);
                if (!c)
                    return KernelResult::refused(
                        to == DataType::BFloat16
                            ? "Cast to bfloat16 where rounding and truncation differ (runtimes disagree)"
                            : "Cast of NaN or an out-of-range value to " + std::string(dataTypeName(to)));
                out[i] = *c;
            }
            return KernelResult::ok(ew::makeAs<D>(x.dims(), out));
        });
    });
}

KernelResult cast(const KernelContext& ctx) {
    // 'to' is an int (ONNX) or a dtype name (GE's spelling): read it by its own type.
    const Attribute* toAttr = ctx.node().findAttr("to");
    const std::string name =
        toAttr && toAttr->kind == AttrKind::String ? ctx.attrString("to", "") : std::string();
    if (!name.empty()) {
        auto t = parseDataType(name);
        if (!t) throw KernelError("Cast to unknown type '" + name + "'");
        return castTo(ctx.input(0), *t);
    }
    if (!ctx.hasAttr("to")) throw KernelError("Cast needs the 'to' attribute");
    const int64_t to = ctx.attrInt("to", 0);
    if (to <= 0 || to > std::numeric_limits<int32_t>::max() || !isKnownDataType(static_cast<int32_t>(to)))
        throw KernelError("Cast to an unknown dtype " + std::to_string(to));
    return castTo(ctx.input(0), static_cast<DataType>(to));
}

KernelResult castLike(const KernelContext& ctx) {
    return castTo(ctx.input(0), ctx.input(1).dtype());
}

}  // namespace

void registerCastKernels(KernelRegistry& r) {
    r.add("", "Cast", 1, 0, cast);
    r.add("", "CastLike", 15, 0, castLike);
}

}  // namespace passscope::kernels

#include "ir/format.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace passscope {
namespace {

constexpr std::array<std::pair<Format, std::string_view>, 10> kFormats{{
    {Format::ND, "ND"},
    {Format::NCHW, "NCHW"},
    {Format::NHWC, "NHWC"},
    {Format::HWCN, "HWCN"},
    {Format::NCDHW, "NCDHW"},
    {Format::NDHWC, "NDHWC"},
    {Format::NC1HWC0, "NC1HWC0"},
    {Format::FRACTAL_Z, "FRACTAL_Z"},
    {Format::FRACTAL_NZ, "FRACTAL_NZ"},
    {Format::RESERVED, "RESERVED"},
}};

}  // namespace

std::string_view formatName(Format format) {
    for (const auto& [value, name] : kFormats)
        if (value == format) return name;
    return "RESERVED";
}

std::optional<Format> parseFormat(std::string_view text) {
    std::string upper(text);
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return std::toupper(c); });
    if (upper.rfind("FORMAT_", 0) == 0) upper.erase(0, 7);
    for (const auto& [value, name] : kFormats)
        if (upper == name) return value;
    return std::nullopt;
}

std::string formatText(Format format, int64_t subFormat) {
    std::string text(formatName(format));
    if (subFormatOfGroups(format, subFormat) != 0) text += ":" + std::to_string(subFormat);
    return text;
}

std::optional<FormatWithSub> parseFormatWithSub(std::string_view text) {
    const size_t colon = text.find(':');
    auto format = parseFormat(text.substr(0, colon));
    if (!format) return std::nullopt;
    if (colon == std::string_view::npos) return FormatWithSub{*format, 0};
    const std::string_view digits = text.substr(colon + 1);
    if (*format != Format::FRACTAL_Z || digits.empty() || digits.size() > 5) return std::nullopt;
    int64_t value = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    if (value < 1 || value > 0xffff) return std::nullopt;
    return FormatWithSub{*format, subFormatOfGroups(*format, value)};
}

bool isInternalFormat(Format format) {
    return format == Format::NC1HWC0 || format == Format::FRACTAL_Z || format == Format::FRACTAL_NZ;
}

}  // namespace passscope

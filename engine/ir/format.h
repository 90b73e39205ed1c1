#pragma once
// Tensor memory formats, as GE names them (docs/ge-formats.md §3). Origin format is what the user's
// graph means; storage format is the layout on the device. Both live on every TensorDesc.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace passscope {

enum class Format {
    ND,
    NCHW,
    NHWC,
    HWCN,
    NCDHW,
    NDHWC,
    NC1HWC0,
    FRACTAL_Z,
    FRACTAL_NZ,
    RESERVED,
};

std::string_view formatName(Format format);
// Accepts "NCHW", "FORMAT_NCHW" (GE's enum spelling) and lower case.
std::optional<Format> parseFormat(std::string_view text);
// Internal (device) formats never become an origin format (docs/ge-formats.md §4 step 2).
bool isInternalFormat(Format format);

// A format with GE's sub-format (GetSubFormat: bits 8-23 of GE's format value). The one sub-format
// PassScope models is the conv groups a FRACTAL_Z weight is laid out for; 0 means none (one group).
struct FormatWithSub {
    FormatWithSub() = default;
    FormatWithSub(Format f, int64_t sub = 0) : format(f), subFormat(sub) {}  // NOLINT: a Format is one
    Format format = Format::ND;
    int64_t subFormat = 0;
    bool operator==(const FormatWithSub&) const = default;
};
// "FRACTAL_Z:16" as GE's FormatToSerialString spells a format with a sub-format; the plain name
// when there is none (`subFormat` 0 or 1 on FRACTAL_Z, anything on other formats).
std::string formatText(Format format, int64_t subFormat);
// Reads "FRACTAL_Z", "FRACTAL_Z:16", "FORMAT_FRACTAL_Z:16"; a sub-format is only accepted on
// FRACTAL_Z, as a positive integer below 2^16. nullopt for anything else.
std::optional<FormatWithSub> parseFormatWithSub(std::string_view text);
// The groups a sub-format stands for: `subFormat` when above 1, else 1.
inline int64_t groupsOfSubFormat(int64_t subFormat) {
    return subFormat > 1 ? subFormat : 1;
}
// The sub-format kept for `groups` in `format`: the groups of a grouped FRACTAL_Z, else 0.
inline int64_t subFormatOfGroups(Format format, int64_t groups) {
    return format == Format::FRACTAL_Z && groups > 1 ? groups : 0;
}

}  // namespace passscope

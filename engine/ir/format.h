#pragma once
// Tensor memory formats, as GE names them (docs/ge-formats.md §3). Origin format is what the user's
// graph means; storage format is the layout on the device. Both live on every TensorDesc.
#include <optional>
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

}  // namespace passscope

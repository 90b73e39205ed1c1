#pragma once
// The data rearrangement of GE's TransData (docs/ge-formats.md §6): NCHW/NHWC/HWCN to and from
// NC1HWC0 and FRACTAL_Z (with conv groups), any layout of rank >= 1 to and from FRACTAL_NZ. Works on
// bytes by element size, so every fixed-size dtype is handled; padding added on the way in is zero
// and is stripped on the way back.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ir/format.h"
#include "ir/node.h"
#include "ir/tensor.h"

namespace passscope::formats {

// Rearranges `in` (laid out as `src`) into `dst`. `originDims`/`originFormat` name the logical
// tensor: a tensor in a non-internal format holds exactly the origin bytes (its storage shape is
// the origin shape, see storageShapeOf), an internal one holds them rearranged and padded. So
// src internal -> origin -> dst internal also works (NC1HWC0 -> FRACTAL_NZ via the origin).
// The result has the storage dims of `dst` (the origin dims for a non-internal `dst`).
// `groups` lays out a FRACTAL_Z side; `dstGroups` (when > 0) the destination's, for a regrouping
// FRACTAL_Z -> FRACTAL_Z between two convolutions of different groups.
// Throws kernels::KernelError when the pair is unsupported, a dim does not fit or `in` does not
// have the dims `src` implies.
Tensor transData(const Tensor& in, Format src, Format dst, const std::vector<int64_t>& originDims,
                 Format originFormat, int64_t groups = 1, int64_t dstGroups = 0);

// GE's TransData attributes for groups (transformation_ops.h): `groups` for the FRACTAL_Z side,
// and `src_subformat` / `dst_subformat`, each side's own sub-format (written by PassScope on a
// regrouping TransData, where the two sides differ).
inline constexpr std::string_view kTransDataGroupsAttr = "groups";
inline constexpr std::string_view kTransDataSrcSubFormatAttr = "src_subformat";
inline constexpr std::string_view kTransDataDstSubFormatAttr = "dst_subformat";

// The groups of each side of a TransData from its attributes: a side's sub-format when given
// (0 and 1 both mean one group), else `groups`.
struct TransDataSides {
    int64_t srcGroups = 1;
    int64_t dstGroups = 1;
};
inline TransDataSides transDataSides(int64_t groups, std::optional<int64_t> srcSubFormat,
                                     std::optional<int64_t> dstSubFormat) {
    return {srcSubFormat ? groupsOfSubFormat(*srcSubFormat) : groups,
            dstSubFormat ? groupsOfSubFormat(*dstSubFormat) : groups};
}
// The same, read from TransData node `td`'s attributes (an attribute of the wrong kind counts as
// absent; the kernel, which refuses one, reads them itself).
TransDataSides transDataSides(const Node& td);

// Bytes of zero padding (for grouped FRACTAL_Z also the off-diagonal zeros) a tensor of
// `originDims` in `originFormat` gains when stored as `storage`: storage bytes minus origin bytes.
// nullopt when storageShapeOf gives no shape.
std::optional<uint64_t> paddingBytes(const std::vector<int64_t>& originDims, Format originFormat,
                                     Format storage, DataType dtype, int64_t groups = 1);

}  // namespace passscope::formats

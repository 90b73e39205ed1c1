#pragma once
// Storage shapes of GE's internal formats (docs/ge-formats.md §6): how many elements a tensor has
// once it is laid out as NC1HWC0, FRACTAL_Z or FRACTAL_NZ, with the zero padding those layouts add.
// Shared by the format passes (storage-format selection, TransData insertion) and the TransData
// kernel (engine/formats/transdata_layout.h).
#include <cstddef>
#include <cstdint>
#include <optional>

#include "ir/data_type.h"
#include "ir/format.h"
#include "ir/shape.h"

namespace passscope::formats {

// The tile edge of the Ascend "cube" unit in GE (kCubeSize = 16).
inline constexpr int64_t kCubeSize = 16;

// C0 of a dtype, as GE's GetCubeSizeByDataType (formats_trans_utils.cc) computes it: 32 for the
// 1-byte dtypes (int8, uint8, bool: a 32-byte cube line), 16 for every other dtype. Undefined and
// String (no element size) get 16 too; storageShapeOf refuses them.
int64_t cubeC0(DataType dtype);

// Storage shape of a tensor whose origin dims are `origin` in `originFormat`, stored as `storage`
// (docs/ge-formats.md §6):
//  - storage == originFormat, or neither is internal: the origin shape (storage equals origin);
//  - NCHW/NHWC/HWCN -> NC1HWC0: [N, ceil(C/C0), H, W, C0] (C must be known; N, H, W may be
//    unknown and stay as they are);
//  - NCHW/NHWC/HWCN -> FRACTAL_Z (a conv weight: N = Cout*groups, C = Cin per group):
//    [ceil(g/e)*ceil(e*Cin/C0)*H*W, ceil(e*Cout/16), 16, C0] with
//    e = min(lcm(lcm(Cin,C0)/Cin, lcm(Cout,16)/Cout), g); every dim must be known;
//  - any non-internal format of rank >= 1 -> FRACTAL_NZ: (..., H, W) -> [..., ceil(W/C0),
//    ceil(H/16), 16, C0], a 1-D (W) is read as (1, W); H and W must be known.
// nullopt for other pairs, an unknown rank or a needed dim unknown, the wrong rank, groups < 1 or
// not dividing N, or a dtype without an element size.
std::optional<Shape> storageShapeOf(const Shape& origin, Format originFormat, Format storage, DataType dtype,
                                    int64_t groups = 1);

// Whether a tensor of rank `originRank` can be converted between `from` and `to` (either
// direction: one of them is the origin side, the other may be internal). Two different internal
// formats are not directly convertible.
bool convertible(Format from, Format to, size_t originRank);

// Bytes of a tensor of `shape` in `dtype`; nullopt when a dim is unknown, the dtype has no element
// size, or the count overflows.
std::optional<uint64_t> tensorBytes(const Shape& shape, DataType dtype);

// Positions of N, C, H, W in a 4-D NCHW, NHWC or HWCN tensor; nullopt for other formats.
struct Axes4d {
    size_t n, c, h, w;
};
std::optional<Axes4d> axes4d(Format format);

// The grouped FRACTAL_Z parameters of GE's TransFormatWithGroups (format_transfer_fractal_z.cc).
struct FractalZGroups {
    int64_t cin = 0;        // input channels per group (the weight's C)
    int64_t cout = 0;       // output channels per group (the weight's N / groups)
    int64_t e = 1;          // groups packed together into one cube ("e_mult")
    int64_t c1 = 0;         // ceil(e*cin / C0)
    int64_t coutOpt = 0;    // ceil(e*cout / 16) * 16
    int64_t bigGroups = 0;  // ceil(groups / e)
};
std::optional<FractalZGroups> fractalZGroups(int64_t n, int64_t c, int64_t c0, int64_t groups);

}  // namespace passscope::formats

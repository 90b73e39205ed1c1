#pragma once
// The data rearrangement of GE's TransData (docs/ge-formats.md §6): NCHW/NHWC/HWCN to and from
// NC1HWC0 and FRACTAL_Z (with conv groups), any layout of rank >= 1 to and from FRACTAL_NZ. Works on
// bytes by element size, so every fixed-size dtype is handled; padding added on the way in is zero
// and is stripped on the way back.
#include <cstdint>
#include <optional>
#include <vector>

#include "ir/format.h"
#include "ir/tensor.h"

namespace passscope::formats {

// Rearranges `in` (laid out as `src`) into `dst`. `originDims`/`originFormat` name the logical
// tensor: a tensor in a non-internal format holds exactly the origin bytes (its storage shape is
// the origin shape, see storageShapeOf), an internal one holds them rearranged and padded. So
// src internal -> origin -> dst internal also works (NC1HWC0 -> FRACTAL_NZ via the origin).
// The result has the storage dims of `dst` (the origin dims for a non-internal `dst`).
// Throws kernels::KernelError when the pair is unsupported, a dim does not fit or `in` does not
// have the dims `src` implies.
Tensor transData(const Tensor& in, Format src, Format dst, const std::vector<int64_t>& originDims,
                 Format originFormat, int64_t groups = 1);

// Bytes of zero padding (for grouped FRACTAL_Z also the off-diagonal zeros) a tensor of
// `originDims` in `originFormat` gains when stored as `storage`: storage bytes minus origin bytes.
// nullopt when storageShapeOf gives no shape.
std::optional<uint64_t> paddingBytes(const std::vector<int64_t>& originDims, Format originFormat,
                                     Format storage, DataType dtype, int64_t groups = 1);

}  // namespace passscope::formats

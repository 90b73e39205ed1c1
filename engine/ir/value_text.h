#pragma once
// The one spelling of what is known of a value, shared by the diff, the reports, the passes'
// messages and the views (which only wrap it in a QString): its kind, its type, its description
// (dtype, shape, format, storage) and its value range.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ir/tensor_desc.h"

namespace passscope {

// ONNX's names of the value kinds: "tensor", "sparse_tensor", "sequence", "map", "optional";
// "" for an unknown kind.
std::string kindText(ValueKind kind);
// "float16"; "sparse_tensor(float)"; "sequence", "map", "optional" for the other kinds; "" when
// the value has no type.
std::string dtypeText(const TensorDesc& desc);
// Every part of a description in one line, origin first: "float[1,3,224,224]" (format ND),
// "float[1,3,224,224] NCHW", and when the storage differs, the storage after an arrow:
// "float16[1,3,224,224] NCHW → NC1HWC0[1,1,224,224,16]". "" when the value has no type.
std::string descText(const TensorDesc& desc);
// The storage side alone, as the variable passes and VarManager speak of a variable:
// "NC1HWC0 float16 [1,1,224,224,16]".
std::string storageDescText(const TensorDesc& desc);
// "[0..∞, 3, 224, 224]": exact elements as values, the others as min..max (∞ for an open bound);
// at most `maxItems` elements, then "…".
std::string valueRangeText(const std::vector<ValueBounds>& range, size_t maxItems = 16);

// Why a value described by `replacement` cannot stand for one described by `original` (another
// kind, dtype, rank or static dim), in words; nullopt when they agree where both are known.
std::optional<std::string> descIncompatibility(const TensorDesc& replacement, const TensorDesc& original);

}  // namespace passscope

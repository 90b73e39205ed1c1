#pragma once
// Short readable values for a diff (docs/graph-diff.md §4): "float16", "[1,3,224,224]", "NC1HWC0",
// attribute values, and tensors by dtype, shape and a digest of their bytes.
#include <string>

#include "ir/attribute.h"
#include "ir/tensor_desc.h"

namespace passscope::diff {

std::string dtypeText(const TensorDesc& d);  // "" when the value has no type
// Every compared part of a description in one line: "float16[1,1,224,224,16] NC1HWC0 (origin
// [1,3,224,224] NCHW)"; "" when untyped.
std::string descText(const TensorDesc& d);
// "float[64,3,7,7] #1a2b3c4d" (FNV-1a of the bytes), with the values when there are at most 8.
std::string tensorText(const Tensor& t);
// The value of an attribute as text; graphs are shown by name and node count.
std::string attrText(const Attribute& a);
// Same kind and value (tensors by dtype, dims and bytes; graphs are compared by diffGraphs).
bool sameAttrValue(const Attribute& x, const Attribute& y);

}  // namespace passscope::diff

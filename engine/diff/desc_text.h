#pragma once
// Short readable values for a diff (docs/graph-diff.md §4): attribute values, and tensors by dtype,
// shape and a digest of their bytes. Descriptions are spelled by ir/value_text.h (dtypeText,
// descText).
#include <string>

#include "ir/attribute.h"
#include "ir/tensor_desc.h"
#include "ir/value_text.h"

namespace passscope::diff {

// "float[64,3,7,7] #1a2b3c4d" (FNV-1a of the bytes), with the values when there are at most 8.
std::string tensorText(const Tensor& t);
// The value of an attribute as text; graphs are shown by name and node count.
std::string attrText(const Attribute& a);
// Same kind and value (tensors by dtype, dims and bytes; graphs are compared by diffGraphs).
bool sameAttrValue(const Attribute& x, const Attribute& y);

}  // namespace passscope::diff

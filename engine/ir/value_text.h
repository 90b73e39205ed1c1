#pragma once
// Text for what is known of a value: the one spelling of a value range, shared by the engine's
// reports and the views.
#include <cstddef>
#include <string>
#include <vector>

#include "ir/tensor_desc.h"

namespace passscope {

// "[0..∞, 3, 224, 224]": exact elements as values, the others as min..max (∞ for an open bound);
// at most `maxItems` elements, then "…".
std::string valueRangeText(const std::vector<ValueBounds>& range, size_t maxItems = 16);

}  // namespace passscope

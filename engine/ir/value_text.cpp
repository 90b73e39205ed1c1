#include "ir/value_text.h"

namespace passscope {

std::string valueRangeText(const std::vector<ValueBounds>& range, size_t maxItems) {
    auto bound = [](int64_t v, bool upper) {
        if (upper ? v == ValueBounds::kNoMax : v == ValueBounds::kNoMin)
            return std::string(upper ? "∞" : "-∞");
        return std::to_string(v);
    };
    std::string s = "[";
    for (size_t i = 0; i < range.size(); ++i) {
        if (i == maxItems) {
            s += ", …";
            break;
        }
        if (i) s += ", ";
        const ValueBounds& b = range[i];
        s += b.known() ? std::to_string(b.min) : bound(b.min, false) + ".." + bound(b.max, true);
    }
    return s + "]";
}

}  // namespace passscope

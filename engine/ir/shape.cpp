#include "ir/shape.h"

namespace passscope {

Shape Shape::fromExtents(const std::vector<int64_t>& extents) {
    std::vector<Dim> dims;
    dims.reserve(extents.size());
    for (int64_t e : extents) dims.push_back(Dim::known(e));
    return Shape(std::move(dims));
}

bool Shape::isStatic() const {
    if (!rankKnown_) return false;
    for (const Dim& d : dims_)
        if (!d.isKnown()) return false;
    return true;
}

std::optional<std::vector<int64_t>> Shape::extents() const {
    if (!isStatic()) return std::nullopt;
    std::vector<int64_t> out;
    out.reserve(dims_.size());
    for (const Dim& d : dims_) out.push_back(d.value);
    return out;
}

std::optional<int64_t> Shape::elementCount() const {
    auto e = extents();
    if (!e) return std::nullopt;
    return checkedElementCount(*e);
}

std::string Shape::toString() const {
    if (!rankKnown_) return "?";
    std::string out = "[";
    for (size_t i = 0; i < dims_.size(); ++i) {
        if (i) out += ',';
        const Dim& d = dims_[i];
        if (d.isKnown())
            out += std::to_string(d.value);
        else
            out += d.symbol.empty() ? "?" : d.symbol;
    }
    return out + "]";
}

std::optional<int64_t> checkedElementCount(const std::vector<int64_t>& extents) {
    int64_t count = 1;
    for (int64_t e : extents) {
        if (e < 0) return std::nullopt;
        if (e != 0 && count > INT64_MAX / e) return std::nullopt;
        count *= e;
    }
    return count;
}

}  // namespace passscope

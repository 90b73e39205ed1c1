#include "ir/value_text.h"

namespace passscope {

std::string kindText(ValueKind kind) {
    switch (kind) {
        case ValueKind::Tensor:
            return "tensor";
        case ValueKind::SparseTensor:
            return "sparse_tensor";
        case ValueKind::Sequence:
            return "sequence";
        case ValueKind::Map:
            return "map";
        case ValueKind::Optional:
            return "optional";
        case ValueKind::Unknown:
            break;
    }
    return {};
}

std::string dtypeText(const TensorDesc& desc) {
    switch (desc.kind) {
        case ValueKind::Tensor:
            return std::string(dataTypeName(desc.dtype));
        case ValueKind::SparseTensor:
            return kindText(desc.kind) + "(" + std::string(dataTypeName(desc.dtype)) + ")";
        default:
            return kindText(desc.kind);
    }
}

std::string descText(const TensorDesc& desc) {
    if (!desc.hasType()) return {};
    std::string text = dtypeText(desc) + desc.originShape.toString();
    if (desc.originFormat != Format::ND) text.append(" ").append(formatName(desc.originFormat));
    if (desc.storageDiffers())
        text.append(" → ").append(desc.storageFormatText()).append(desc.storageShape.toString());
    return text;
}

std::string storageDescText(const TensorDesc& desc) {
    std::string text = desc.storageFormatText();
    text.append(" ").append(dataTypeName(desc.dtype)).append(" ").append(desc.storageShape.toString());
    return text;
}

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

namespace {

// "a sequence", "a sparse_tensor"; "a value of unknown kind".
std::string aKind(ValueKind k) {
    const std::string kind = kindText(k);
    return "a " + (kind.empty() ? std::string("value of unknown kind") : kind);
}

}  // namespace

std::optional<std::string> descIncompatibility(const TensorDesc& replacement, const TensorDesc& original) {
    if (!replacement.hasType() || !original.hasType()) return std::nullopt;
    if (replacement.kind != original.kind)
        return aKind(replacement.kind) + " where " + aKind(original.kind) + " is expected";
    if (replacement.kind != ValueKind::Tensor) return std::nullopt;
    if (replacement.dtype != DataType::Undefined && original.dtype != DataType::Undefined &&
        replacement.dtype != original.dtype)
        return std::string(dataTypeName(replacement.dtype)) + " where " +
               std::string(dataTypeName(original.dtype)) + " is expected";
    const Shape& a = replacement.originShape;
    const Shape& b = original.originShape;
    if (!a.rankKnown() || !b.rankKnown()) return std::nullopt;
    bool differs = a.rank() != b.rank();
    for (size_t i = 0; !differs && i < a.rank(); ++i)
        differs = a[i].isKnown() && b[i].isKnown() && a[i].value != b[i].value;
    if (differs) return "shape " + a.toString() + " where " + b.toString() + " is expected";
    return std::nullopt;
}

}  // namespace passscope

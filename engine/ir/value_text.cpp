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

}  // namespace passscope

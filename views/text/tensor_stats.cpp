#include "text/tensor_stats.h"

#include <cmath>
#include <cstring>
#include <limits>

#include <Eigen/Core>
#include <QStringList>

namespace passscope::views {

namespace {

template <typename T>
double valueAt(const uint8_t* data, int64_t i) {
    T v;
    std::memcpy(&v, data + i * sizeof(T), sizeof(T));
    if constexpr (std::is_same_v<T, Eigen::half> || std::is_same_v<T, Eigen::bfloat16>)
        return static_cast<double>(static_cast<float>(v));
    else
        return static_cast<double>(v);
}

template <typename T>
TensorStats compute(const Tensor& t, int previewCount) {
    TensorStats s;
    s.elements = t.elementCount();
    s.examined = std::min<int64_t>(s.elements, kMaxStatElements);
    const uint8_t* data = t.rawData();
    if (!data || t.byteSize() < static_cast<size_t>(s.examined) * sizeof(T)) {
        s.examined = 0;
        return s;
    }
    double sum = 0;
    int64_t finite = 0;
    s.min = std::numeric_limits<double>::infinity();
    s.max = -std::numeric_limits<double>::infinity();
    QStringList preview;
    for (int64_t i = 0; i < s.examined; ++i) {
        const double v = valueAt<T>(data, i);
        if (i < previewCount) preview << QString::number(v, 'g', 6);
        if (std::isnan(v)) {
            ++s.nans;
            continue;
        }
        if (v == 0) ++s.zeros;
        if (std::isinf(v)) ++s.infs;
        s.min = std::min(s.min, v);
        s.max = std::max(s.max, v);
        sum += v;
        ++finite;
    }
    s.mean = finite ? sum / finite : 0;
    if (finite == 0) s.min = s.max = 0;
    if (s.elements > previewCount) preview << QStringLiteral("…");
    s.preview = preview.join(QStringLiteral(", "));
    return s;
}

}  // namespace

std::optional<TensorStats> tensorStats(const Tensor& tensor, int previewCount) {
    switch (tensor.dtype()) {
        case DataType::Float:
            return compute<float>(tensor, previewCount);
        case DataType::Double:
            return compute<double>(tensor, previewCount);
        case DataType::Float16:
            return compute<Eigen::half>(tensor, previewCount);
        case DataType::BFloat16:
            return compute<Eigen::bfloat16>(tensor, previewCount);
        case DataType::Int8:
            return compute<int8_t>(tensor, previewCount);
        case DataType::Int16:
            return compute<int16_t>(tensor, previewCount);
        case DataType::Int32:
            return compute<int32_t>(tensor, previewCount);
        case DataType::Int64:
            return compute<int64_t>(tensor, previewCount);
        case DataType::UInt8:
            return compute<uint8_t>(tensor, previewCount);
        case DataType::UInt16:
            return compute<uint16_t>(tensor, previewCount);
        case DataType::UInt32:
            return compute<uint32_t>(tensor, previewCount);
        case DataType::UInt64:
            return compute<uint64_t>(tensor, previewCount);
        case DataType::Bool:
            return compute<uint8_t>(tensor, previewCount);
        default:
            return std::nullopt;
    }
}

}  // namespace passscope::views

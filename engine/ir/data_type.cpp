#include "ir/data_type.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace passscope {
namespace {

struct TypeInfo {
    DataType type;
    size_t size;
    std::string_view onnx;
    std::string_view ge;
};

constexpr std::array<TypeInfo, 17> kTypes{{
    {DataType::Undefined, 0, "undefined", "DT_UNDEFINED"},
    {DataType::Float, 4, "float", "DT_FLOAT"},
    {DataType::UInt8, 1, "uint8", "DT_UINT8"},
    {DataType::Int8, 1, "int8", "DT_INT8"},
    {DataType::UInt16, 2, "uint16", "DT_UINT16"},
    {DataType::Int16, 2, "int16", "DT_INT16"},
    {DataType::Int32, 4, "int32", "DT_INT32"},
    {DataType::Int64, 8, "int64", "DT_INT64"},
    {DataType::String, 0, "string", "DT_STRING"},
    {DataType::Bool, 1, "bool", "DT_BOOL"},
    {DataType::Float16, 2, "float16", "DT_FLOAT16"},
    {DataType::Double, 8, "double", "DT_DOUBLE"},
    {DataType::UInt32, 4, "uint32", "DT_UINT32"},
    {DataType::UInt64, 8, "uint64", "DT_UINT64"},
    {DataType::Complex64, 8, "complex64", "DT_COMPLEX64"},
    {DataType::Complex128, 16, "complex128", "DT_COMPLEX128"},
    {DataType::BFloat16, 2, "bfloat16", "DT_BF16"},
}};

const TypeInfo* find(DataType type) {
    auto index = static_cast<size_t>(type);
    return index < kTypes.size() ? &kTypes[index] : nullptr;
}

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

}  // namespace

size_t elementSize(DataType type) {
    const TypeInfo* info = find(type);
    return info ? info->size : 0;
}

std::string_view dataTypeName(DataType type) {
    const TypeInfo* info = find(type);
    return info ? info->onnx : std::string_view("invalid");
}

std::string_view geDataTypeName(DataType type) {
    const TypeInfo* info = find(type);
    return info ? info->ge : std::string_view("DT_UNDEFINED");
}

std::optional<DataType> parseDataType(std::string_view text) {
    const std::string wanted = lower(text);
    for (const TypeInfo& info : kTypes) {
        if (wanted == info.onnx || wanted == lower(info.ge)) return info.type;
    }
    if (wanted == "dt_bfloat16") return DataType::BFloat16;
    return std::nullopt;
}

bool isKnownDataType(int32_t value) {
    return value >= 0 && value < static_cast<int32_t>(kTypes.size());
}

bool isIntegerType(DataType type) {
    switch (type) {
        case DataType::Int8:
        case DataType::Int16:
        case DataType::Int32:
        case DataType::Int64:
        case DataType::UInt8:
        case DataType::UInt16:
        case DataType::UInt32:
        case DataType::UInt64:
            return true;
        default:
            return false;
    }
}

bool isFloatingType(DataType type) {
    return type == DataType::Float || type == DataType::Double || type == DataType::Float16 ||
           type == DataType::BFloat16;
}

}  // namespace passscope

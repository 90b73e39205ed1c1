#pragma once
// Element types of tensors. The numeric values are ONNX's TensorProto.DataType so that import and
// export are a cast, and GE dumps (DT_FLOAT16, ...) map onto the same enum by name.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace passscope {

enum class DataType : int32_t {
    Undefined = 0,
    Float = 1,
    UInt8 = 2,
    Int8 = 3,
    UInt16 = 4,
    Int16 = 5,
    Int32 = 6,
    Int64 = 7,
    String = 8,
    Bool = 9,
    Float16 = 10,
    Double = 11,
    UInt32 = 12,
    UInt64 = 13,
    Complex64 = 14,
    Complex128 = 15,
    BFloat16 = 16,
};

// Bytes of one element; 0 for String and Undefined (variable or unknown size).
size_t elementSize(DataType type);
// ONNX spelling in lower case, e.g. "float16", "bfloat16", "complex64".
std::string_view dataTypeName(DataType type);
// GE spelling, e.g. "DT_FLOAT16" (docs/ge-formats.md §7: dump attributes input_desc_dtype:<i>).
std::string_view geDataTypeName(DataType type);
// Accepts both spellings ("float16", "DT_FLOAT16", "FLOAT16").
std::optional<DataType> parseDataType(std::string_view text);
// True for values ONNX defines (0..16 in IR 8).
bool isKnownDataType(int32_t value);
// Signed and unsigned integers of 8 to 64 bits (not Bool).
bool isIntegerType(DataType type);
// Float, Double, Float16 and BFloat16.
bool isFloatingType(DataType type);

}  // namespace passscope

#pragma once
// Description of one value flowing along an edge: dtype plus origin and storage format and shape
// (docs/ge-formats.md §2: origin = what the user's graph means, storage = layout on the device). For a
// plain ONNX model storage equals origin; format refinement (a later pass family) changes storage.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "ir/data_type.h"
#include "ir/format.h"
#include "ir/shape.h"

namespace passscope {

// ONNX values are not always tensors. Non-tensor kinds keep their ONNX TypeProto verbatim
// (serialized) so that import then export loses nothing the engine does not interpret.
enum class ValueKind { Unknown, Tensor, SparseTensor, Sequence, Map, Optional };

// The closed interval one element of an integer tensor lies in (GE's value range, set by
// InferValueRangePass on shape tensors). A bound at the int64 limit is open: unknown that way.
struct ValueBounds {
    static constexpr int64_t kNoMin = std::numeric_limits<int64_t>::min();
    static constexpr int64_t kNoMax = std::numeric_limits<int64_t>::max();
    int64_t min = kNoMin;
    int64_t max = kNoMax;
    bool known() const { return min == max; }
    bool operator==(const ValueBounds&) const = default;
};

struct TensorDesc {
    ValueKind kind = ValueKind::Unknown;
    DataType dtype = DataType::Undefined;
    Format originFormat = Format::ND;
    Shape originShape;
    Format storageFormat = Format::ND;
    // GE's sub-format of the storage format: the conv groups a FRACTAL_Z weight is laid out for
    // (docs/ge-formats.md §6); 0 for none. Kept 0 unless the storage is FRACTAL_Z with groups > 1
    // (subFormatOfGroups), so that equal layouts compare equal.
    int64_t storageSubFormat = 0;
    Shape storageShape;
    std::string opaqueType;  // serialized onnx::TypeProto for Sequence/Map/Optional (and SparseTensor)
    // Per element, in row-major order, for small integer tensors whose values are not all constant
    // (e.g. Shape of a tensor with a symbolic dim); empty when unknown. Not exported to ONNX.
    std::vector<ValueBounds> valueRange;

    // A dense tensor whose storage equals its origin.
    static TensorDesc tensor(DataType dtype, Shape shape, Format format = Format::ND) {
        TensorDesc d;
        d.kind = ValueKind::Tensor;
        d.dtype = dtype;
        d.originFormat = d.storageFormat = format;
        d.originShape = d.storageShape = std::move(shape);
        return d;
    }
    bool hasType() const { return kind != ValueKind::Unknown; }
    // The groups of the storage layout (1 unless a grouped FRACTAL_Z).
    int64_t storageGroups() const { return groupsOfSubFormat(storageSubFormat); }
    // "FRACTAL_Z:16", "NC1HWC0": the storage format as GE spells it with its sub-format.
    std::string storageFormatText() const { return formatText(storageFormat, storageSubFormat); }
    // docs/ge-formats.md §5 (DiffStorageFormat): a TransData is needed where these differ.
    bool storageDiffers() const {
        return storageFormat != originFormat || storageSubFormat != 0 || !(storageShape == originShape);
    }
    // GE's IsOpDescSame: the same bytes in memory (storage format, sub-format, dtype, storage dims).
    bool sameStorage(const TensorDesc& other) const {
        return dtype == other.dtype && storageFormat == other.storageFormat &&
               storageSubFormat == other.storageSubFormat && storageShape == other.storageShape;
    }
    bool operator==(const TensorDesc&) const = default;
};

}  // namespace passscope

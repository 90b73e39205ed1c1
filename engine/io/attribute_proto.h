#pragma once
// The attribute kinds that hold plain values (a float, an int, a string and their lists), read from
// an AttributeProto the same way by the ONNX importer and the GE ge_onnx dump reader. Tensors,
// graphs and the opaque kinds need each reader's own context (external data, body scopes).
#include <optional>

#include <onnx/onnx_pb.h>

#include "ir/attribute.h"

namespace passscope::io {

// `ap`'s value as an Attribute named like it, when `type` is FLOAT, INT, STRING, FLOATS, INTS or
// STRINGS; nullopt for any other type.
std::optional<Attribute> plainAttributeFromProto(const onnx::AttributeProto& ap,
                                                 onnx::AttributeProto::AttributeType type);

}  // namespace passscope::io

#pragma once
// Text for the engine's descriptions (dtype, shape, format, tensor descriptions, attribute values),
// shared by the node table and the properties panel, and later by the graph view's labels. The
// descriptions are spelled once, by the engine (ir/value_text.h); "?" stands for an unknown type.
#include <QString>

#include "ir/attribute.h"
#include "ir/graph.h"
#include "ir/tensor_desc.h"

namespace passscope::views {

// "float", "int64", "sequence", ...; "?" when the type is unknown.
QString dtypeText(const TensorDesc& desc);
// "[1,3,32,32]", "[batch,?,64]", "?" for an unknown rank.
QString shapeText(const Shape& shape);
// "NCHW", "ND", "NC1HWC0", ...
QString formatText(Format format);
// The storage format with GE's sub-format: "NC1HWC0", "FRACTAL_Z:16" (a grouped conv weight).
QString storageFormatText(const TensorDesc& desc);
// passscope::descText: "float[1,3,32,32] NCHW"; when the storage differs from the origin:
// "float[1,3,32,32] NCHW → NC1HWC0[1,1,32,32,16]".
QString descText(const TensorDesc& desc);
// The value range of an integer value (InferValueRangePass), "[0..∞, 3, 224, 224]"; empty when
// none is known.
QString valueRangeText(const TensorDesc& desc);
// The description of a node's i-th input: the declared per-input one when typed, else the producer's.
TensorDesc inputDesc(const Graph& graph, const Node& node, size_t index);
// The value name of a node's i-th input; empty for an omitted optional input.
QString inputName(const Graph& graph, const Node& node, size_t index);
// An attribute value, shortened for display (long lists end in "…").
QString attributeValueText(const Attribute& attr, int maxItems = 16);
// "float", "ints", "graph", ...
QString attributeKindText(const Attribute& attr);

}  // namespace passscope::views

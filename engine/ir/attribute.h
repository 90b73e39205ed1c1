#pragma once
// Node attributes of every ONNX kind. Sparse tensors and type protos, which the engine does not
// interpret, are kept as serialized protobuf bytes so a round trip loses nothing.
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "ir/tensor.h"

namespace passscope {

class Graph;
using GraphPtr = std::shared_ptr<Graph>;

enum class AttrKind {
    Float,
    Int,
    String,
    Tensor,
    Graph,
    SparseTensor,
    TypeProto,
    Floats,
    Ints,
    Strings,
    Tensors,
    Graphs,
    SparseTensors,
    TypeProtos,
};

std::string_view attrKindName(AttrKind kind);

// Serialized protobuf bytes of a message the engine carries but does not interpret.
struct OpaqueProto {
    std::string bytes;
    bool operator==(const OpaqueProto&) const = default;
};

using AttrValue = std::variant<double, int64_t, std::string, Tensor, GraphPtr, OpaqueProto,
                               std::vector<double>, std::vector<int64_t>, std::vector<std::string>,
                               std::vector<Tensor>, std::vector<GraphPtr>, std::vector<OpaqueProto>>;

struct Attribute {
    std::string name;
    AttrKind kind = AttrKind::Int;
    AttrValue value;
    std::string refAttrName;  // set inside function bodies: the value comes from the caller
    std::string docString;

    static Attribute makeInt(std::string name, int64_t v) {
        return {std::move(name), AttrKind::Int, v, {}, {}};
    }
    static Attribute makeFloat(std::string name, double v) {
        return {std::move(name), AttrKind::Float, v, {}, {}};
    }
    static Attribute makeString(std::string name, std::string v) {
        return {std::move(name), AttrKind::String, std::move(v), {}, {}};
    }
    static Attribute makeInts(std::string name, std::vector<int64_t> v) {
        return {std::move(name), AttrKind::Ints, std::move(v), {}, {}};
    }
    static Attribute makeTensor(std::string name, Tensor v) {
        return {std::move(name), AttrKind::Tensor, std::move(v), {}, {}};
    }
    static Attribute makeGraph(std::string name, GraphPtr g) {
        return {std::move(name), AttrKind::Graph, std::move(g), {}, {}};
    }

    // Subgraphs held by this attribute (0, 1 or many).
    std::vector<Graph*> graphs() const;
};

}  // namespace passscope

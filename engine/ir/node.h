#pragma once
// One operation of a graph. Nodes are owned by their Graph and change only through the Graph's
// editing API, which keeps use lists consistent and lets observers (the journal) record changes.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "ir/attribute.h"
#include "ir/tensor_desc.h"

namespace passscope {

using NodeId = uint32_t;
inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

// A reference to one output of a producer node. depth 0 is the graph the consumer lives in;
// depth k > 0 is the k-th enclosing graph (an outer-scope value read by an If/Loop/Scan body).
struct ValueRef {
    NodeId node = kNoNode;
    uint32_t output = 0;
    uint32_t depth = 0;

    bool valid() const { return node != kNoNode; }
    bool operator==(const ValueRef&) const = default;
};

// A consumer of a value. input >= 0 is a data input; kImplicit means the consumer owns a subgraph
// that reads the value from the outer scope.
struct Use {
    static constexpr int32_t kImplicit = -1;
    NodeId node = kNoNode;
    int32_t input = 0;
    bool operator==(const Use&) const = default;
};

struct NodeOutput {
    std::string name;  // the ONNX value name; empty for an omitted optional output
    TensorDesc desc;
    std::string docString;  // from the value's ValueInfoProto
    std::vector<Use> uses;  // maintained by Graph
};

class Node {
  public:
    NodeId id() const { return id_; }
    const std::string& name() const { return name_; }
    const std::string& opType() const { return opType_; }
    const std::string& domain() const { return domain_; }
    const std::string& docString() const { return doc_; }
    // "name" when set, otherwise "<opType>#<id>" so every node can be named in a message.
    std::string displayName() const;

    const std::vector<ValueRef>& inputs() const { return inputs_; }
    const ValueRef& input(size_t i) const { return inputs_.at(i); }
    const std::vector<NodeOutput>& outputs() const { return outputs_; }
    const NodeOutput& output(size_t i) const { return outputs_.at(i); }
    // Per-input descriptions where they differ from the producer's output (NetOutput keeps the
    // graph outputs' declared types here). Empty or shorter than inputs() otherwise.
    const std::vector<TensorDesc>& inputDescs() const { return inputDescs_; }
    const std::vector<NodeId>& controlInputs() const { return controlInputs_; }
    const std::vector<NodeId>& controlOutputs() const { return controlOutputs_; }

    const std::vector<Attribute>& attributes() const { return attrs_; }
    const Attribute* findAttr(std::string_view name) const;
    bool hasAttr(std::string_view name) const { return findAttr(name) != nullptr; }
    // Typed reads with a fallback when absent or of another kind.
    int64_t attrInt(std::string_view name, int64_t fallback) const;
    std::string attrString(std::string_view name, std::string fallback = {}) const;
    const Tensor* attrTensor(std::string_view name) const;
    // Every subgraph this node owns (If branches, Loop/Scan bodies).
    std::vector<Graph*> subgraphs() const;

  private:
    friend class Graph;
    NodeId id_ = kNoNode;
    std::string name_;
    std::string opType_;
    std::string domain_;
    std::string doc_;
    std::vector<Attribute> attrs_;
    std::vector<ValueRef> inputs_;
    std::vector<NodeOutput> outputs_;
    std::vector<TensorDesc> inputDescs_;
    std::vector<NodeId> controlInputs_;
    std::vector<NodeId> controlOutputs_;
};

}  // namespace passscope

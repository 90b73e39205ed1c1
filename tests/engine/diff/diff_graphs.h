#pragma once
// Small graphs for the diff tests, built with the Graph API so that node names (or their absence)
// are exactly what a test says.
#include <memory>
#include <string>
#include <vector>

#include "ir/graph.h"
#include "ir/op_types.h"

namespace passscope::test {

class GraphBuilder {
  public:
    GraphBuilder() : g_(std::make_unique<Graph>()) {}
    Graph& graph() { return *g_; }

    NodeId data(const std::string& name, Shape shape = Shape::fromExtents({1, 3, 8, 8})) {
        Node& n = g_->addNode(std::string(op::kData), "", name, 1);
        g_->setOutputName(n.id(), 0, name);
        g_->setOutputDesc(n.id(), 0, TensorDesc::tensor(DataType::Float, std::move(shape), Format::NCHW));
        std::vector<NodeId> in = g_->inputs();
        in.push_back(n.id());
        g_->setInputs(in);
        return n.id();
    }
    // A computation node with one output named `value` (default "<name>:0", or "v<id>" unnamed).
    NodeId node(const std::string& type, const std::string& name, const std::vector<NodeId>& inputs,
                const std::string& value = {}) {
        Node& n = g_->addNode(type, "", name, 1);
        const NodeId id = n.id();
        for (NodeId in : inputs) g_->addInput(id, ValueRef{in, 0, 0});
        g_->setOutputName(id, 0,
                          !value.empty() ? value
                          : name.empty() ? "v" + std::to_string(id)
                                         : name + ":0");
        g_->setOutputDesc(
            id, 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents({1, 3, 8, 8}), Format::NCHW));
        return id;
    }
    // A node holding `value`: type "Const" (an initializer after import, a GE Const) or
    // "Constant" (the ONNX op, as Paddle2ONNX and torch.onnx write weights), its output named
    // `valueName`.
    NodeId constant(const std::string& type, const std::string& name, const std::string& valueName,
                    Tensor value) {
        Node& n = g_->addNode(type, "", name, 1);
        const NodeId id = n.id();
        g_->setOutputName(id, 0, valueName);
        g_->setOutputDesc(id, 0, TensorDesc::tensor(value.dtype(), Shape::fromExtents(value.dims())));
        g_->setAttribute(id, Attribute::makeTensor(std::string(op::attr::kValue), std::move(value)));
        return id;
    }
    NodeId output(const std::vector<NodeId>& producers) {
        Node& n = g_->addNode(std::string(op::kNetOutput), "", "", 0);
        for (NodeId p : producers) g_->addInput(n.id(), ValueRef{p, 0, 0});
        g_->setNetOutput(n.id());
        return n.id();
    }

  private:
    std::unique_ptr<Graph> g_;
};

}  // namespace passscope::test

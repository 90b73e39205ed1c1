// Implementation of the node-appending helper declared in graph_builder.h.
#include "graph_builder.h"

#include <utility>

namespace passscope::bench_model {

onnx::AttributeProto int_attr(std::string name, std::int64_t value) {
    onnx::AttributeProto attr;
    attr.set_name(std::move(name));
    attr.set_type(onnx::AttributeProto::INT);
    attr.set_i(value);
    return attr;
}

onnx::AttributeProto ints_attr(std::string name, const std::vector<std::int64_t>& values) {
    onnx::AttributeProto attr;
    attr.set_name(std::move(name));
    attr.set_type(onnx::AttributeProto::INTS);
    for (std::int64_t v : values) attr.add_ints(v);
    return attr;
}

onnx::AttributeProto tensor_attr(std::string name, onnx::TensorProto value) {
    onnx::AttributeProto attr;
    attr.set_name(std::move(name));
    attr.set_type(onnx::AttributeProto::TENSOR);
    *attr.mutable_t() = std::move(value);
    return attr;
}

std::string GraphBuilder::add(std::string_view scope, std::string_view op_type,
                              const std::vector<std::string>& inputs,
                              std::vector<onnx::AttributeProto> attributes) {
    std::string name = std::string(scope) + "/" + std::string(op_type);
    const int used = uses_[name]++;
    if (used > 0) name += "_" + std::to_string(used);

    onnx::NodeProto* node = graph_.add_node();
    node->set_op_type(std::string(op_type));
    for (const std::string& input : inputs) node->add_input(input);
    std::string output = name + "_output_0";
    node->add_output(output);
    node->set_name(std::move(name));
    for (onnx::AttributeProto& attr : attributes) *node->add_attribute() = std::move(attr);
    return output;
}

void GraphBuilder::rename_last_output(const std::string& name) {
    graph_.mutable_node(graph_.node_size() - 1)->set_output(0, name);
}

}  // namespace passscope::bench_model

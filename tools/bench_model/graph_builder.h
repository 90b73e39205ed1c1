// Appends nodes to a GraphProto with exporter-style names.
//
// Names follow the PyTorch exporter's convention: node `/encoder/layer.3/attn/MatMul`
// (op type suffixed _1, _2, ... when repeated inside a scope) producing tensor
// `/encoder/layer.3/attn/MatMul_output_0`. The GUI groups nodes by these scopes, so
// the benchmark model exercises that grouping the way real exported models do.
#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace passscope::bench_model {

onnx::AttributeProto int_attr(std::string name, std::int64_t value);
onnx::AttributeProto ints_attr(std::string name, const std::vector<std::int64_t>& values);
onnx::AttributeProto tensor_attr(std::string name, onnx::TensorProto value);

class GraphBuilder {
  public:
    explicit GraphBuilder(onnx::GraphProto& graph) : graph_(graph) {}

    // Adds one single-output node in `scope` and returns the name of its output.
    std::string add(std::string_view scope, std::string_view op_type, const std::vector<std::string>& inputs,
                    std::vector<onnx::AttributeProto> attributes = {});

    // Renames the output of the most recent node, for the graph's public output name.
    void rename_last_output(const std::string& name);

    std::int64_t node_count() const { return graph_.node_size(); }

  private:
    onnx::GraphProto& graph_;
    std::unordered_map<std::string, int> uses_;  // "<scope>/<op>" -> times used so far
};

}  // namespace passscope::bench_model

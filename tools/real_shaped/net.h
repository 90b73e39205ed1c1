// Naming and weight-placement policies over samples::GraphBuilder, so one network definition can
// be written out the way different exporters name and store it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "builder.h"

namespace passscope::real_shaped {

using samples::float_scalar;
using samples::float_tensor;
using samples::int64_tensor;
using samples::kFloat;
using samples::NodeRef;
using samples::SplitMix64;

inline constexpr int kUint8 = onnx::TensorProto_DataType_UINT8;
inline constexpr int kInt8 = onnx::TensorProto_DataType_INT8;

// How node and output names are made from an op and the module scope it belongs to.
enum class Naming {
    Torch2,      // PyTorch >= 1.13: node /enc/conv/Conv, output /enc/conv/Conv_output_0
    TorchFlat,   // PyTorch < 1.13: node Conv_12, output "12" (a running number; no scopes)
    Paddle2Onnx  // Paddle2ONNX: node p2o.Conv.12, output conv2d_12.tmp_0 (no scopes)
};

// Where trained weights go: the initializer list, or one Constant node each (as Paddle2ONNX and
// some PyTorch exports do).
enum class Weights { Initializers, ConstantNodes };

class Net {
  public:
    Net(onnx::GraphProto& graph, Naming naming, Weights weights, std::uint64_t seed)
        : graph_(graph), g_(graph), naming_(naming), weights_(weights), rng_(seed) {}

    // Adds op `op_type` of module `scope` ("/stage1/conv"; ignored by scopeless namings).
    NodeRef op(std::string_view op_type, std::string_view scope, std::vector<std::string> inputs,
               int num_outputs = 1);
    // Sets a string attribute on the node added last (GraphBuilder has none).
    void attr_s(std::string_view name, std::string_view value);

    // A trained weight named like the framework's parameter ("stage1.conv.weight").
    std::string weight(const std::string& name, onnx::TensorProto value);
    // A helper constant the exporter made (axes, indices, shapes): an initializer under Torch2
    // with initializer weights, a Constant node otherwise.
    std::string constant(std::string_view scope, onnx::TensorProto value);

    samples::GraphBuilder& builder() { return g_; }
    SplitMix64& rng() { return rng_; }
    Naming naming() const { return naming_; }

    // Paddle2ONNX writes all weight Constants first, then the network: moves them to the front.
    void weights_first();

  private:
    std::pair<std::string, std::string> names(std::string_view op_type, std::string_view scope);

    onnx::GraphProto& graph_;
    samples::GraphBuilder g_;
    Naming naming_;
    Weights weights_;
    SplitMix64 rng_;
    int counter_ = 0;                          // TorchFlat's running number
    std::map<std::string, int> used_;          // Torch2 names in use, Paddle2Onnx per-op counters
    std::vector<std::string> weight_outputs_;  // weight Constant outputs, for weights_first()
};

// Quantized tensors for DequantizeLinear inputs (typed int32_data fields, stable bytes).
onnx::TensorProto int8_tensor(SplitMix64& rng, std::vector<std::int64_t> dims);
onnx::TensorProto int8_scalar(std::int8_t value);
onnx::TensorProto uint8_scalar(std::uint8_t value);

}  // namespace passscope::real_shaped

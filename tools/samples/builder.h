// Small helpers for building ONNX graphs by hand with the protobuf API.
//
// The raw protobuf API needs five or six calls per node; these helpers keep the sample
// definitions readable enough that a reviewer can compare them with the README. They
// deliberately do no validation of their own: each finished model goes through the
// ONNX checker and strict shape inference (validate.h), which is the authority.
#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "prng.h"

namespace passscope::samples {

inline constexpr int kFloat = onnx::TensorProto_DataType_FLOAT;
inline constexpr int kInt64 = onnx::TensorProto_DataType_INT64;
inline constexpr int kBool = onnx::TensorProto_DataType_BOOL;

// One dimension of a declared shape: a fixed size or a symbolic name such as "batch".
// Implicit on purpose so shapes read like {"batch", "seq", 64}.
struct Dim {
    Dim(std::int64_t size) : value(size) {}
    Dim(const char* symbol) : param(symbol) {}
    std::int64_t value = -1;
    std::string param;
};
using Shape = std::vector<Dim>;

// Tensors are stored in the typed repeated fields (float_data / int64_data) rather than
// raw_data so the bytes do not depend on the host's endianness.
onnx::TensorProto float_tensor(std::vector<std::int64_t> dims, const std::vector<float>& values);
onnx::TensorProto int64_tensor(std::vector<std::int64_t> dims, const std::vector<std::int64_t>& values);
onnx::TensorProto float_scalar(float value);
onnx::TensorProto int64_scalar(std::int64_t value);

// Deterministic weights: uniform in [-bound, bound) and uniform in [hi / 2, hi).
onnx::TensorProto random_tensor(SplitMix64& rng, std::vector<std::int64_t> dims, float bound);
onnx::TensorProto positive_tensor(SplitMix64& rng, std::vector<std::int64_t> dims, float hi);

// 1 / sqrt(fan_in), the usual initialisation bound; keeps activations of the samples in a
// sane range so a runtime executing them produces finite, comparable numbers.
float fan_in_bound(std::int64_t fan_in);

// Handle to a node just added, for setting attributes and naming its outputs.
// Converts to the node's first output name so it can be passed straight on as an input.
class NodeRef {
  public:
    explicit NodeRef(onnx::NodeProto* node) : node_(node) {}

    NodeRef& attr_i(std::string_view name, std::int64_t value);
    NodeRef& attr_f(std::string_view name, float value);
    NodeRef& attr_ints(std::string_view name, const std::vector<std::int64_t>& values);
    NodeRef& attr_t(std::string_view name, const onnx::TensorProto& value);

    const std::string& out(int index = 0) const { return node_->output(index); }
    operator const std::string&() const { return out(0); }

  private:
    onnx::NodeProto* node_;
};

class GraphBuilder {
  public:
    explicit GraphBuilder(onnx::GraphProto& graph) : graph_(graph) {}

    // Adds node "<scope>/<op_type>" with outputs "<scope>/<op_type>_output_<i>". This is
    // the naming torch.onnx uses, so the samples exercise the same name-scope grouping
    // as real exported models.
    NodeRef add(std::string_view op_type, std::string_view scope, std::vector<std::string> inputs,
                int num_outputs = 1);

    // Adds a node with an explicit name, output names and domain (custom-domain ops,
    // where the node name itself carries meaning, e.g. a variable's name).
    NodeRef add_named(std::string_view op_type, std::string name, std::vector<std::string> inputs,
                      std::vector<std::string> outputs, std::string_view domain = {});

    // Adds a Constant node "<scope>/Constant" and returns its output name. Constants are
    // nodes rather than initializers where the sample is meant to exercise folding.
    std::string constant(std::string_view scope, onnx::TensorProto value);

    // Adds a named initializer (a trained weight) and returns its name.
    std::string initializer(std::string name, onnx::TensorProto value);

    std::string input(std::string name, int elem_type, const Shape& shape);
    void output(const std::string& name, int elem_type, const Shape& shape);
    void value_info(const std::string& name, int elem_type, const Shape& shape);

  private:
    onnx::GraphProto& graph_;
};

// A model shell with the settings shared by all samples: IR version 8, default-domain
// opset 13, producer "passscope-make-samples", plus any extra (domain, version) imports.
onnx::ModelProto new_model(std::string graph_name, std::string doc_string,
                           const std::vector<std::pair<std::string, std::int64_t>>& extra_opsets = {});

}  // namespace passscope::samples

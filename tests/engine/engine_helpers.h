#pragma once
// Shared by the engine tests: loading a model made with model_builders or a bundled sample,
// finding nodes in the loaded graph, and the small readers several test files need. engine_tests
// is compiled in unity batches, so a helper two files need lives here, not in both.
#include <filesystem>
#include <string>
#include <string_view>

#include <onnx/onnx_pb.h>

#include "ir/model.h"

namespace passscope::test {

// Writes `m` into a fresh folder named `dirName` and loads it with the engine's loader.
Model loadProto(const onnx::ModelProto& m, const std::string& dirName);
// A model of resources/samples/.
Model loadSample(const std::string& name);
// The live node named `name`, or null.
const Node* byName(const Graph& g, const std::string& name);
// Live nodes of type `op` (any domain).
size_t countOp(const Graph& g, const std::string& op);
// Whether `from` has a control edge to `to`.
bool hasControlEdge(const Graph& g, NodeId from, NodeId to);

// A tensor's bytes, to compare byte for byte.
std::string tensorBytes(const Tensor& t);
// A shape of known extents.
Shape dims(std::vector<int64_t> extents);
// A float32 tensor of `values`, of shape `dims` (1-D when empty).
Tensor floatTensor(std::vector<float> values, std::vector<int64_t> dims = {});
// A float32 scalar.
Tensor scalarFloat(float v);
// A file's bytes ("" when it cannot be read).
std::string fileBytes(const std::filesystem::path& p);
// The ModelError message loading `p` gives, or "(no error)".
std::string loadError(const std::filesystem::path& p);
// Whether one of `warnings` contains `text`.
bool anyWarningHas(const std::vector<std::string>& warnings, std::string_view text);

}  // namespace passscope::test

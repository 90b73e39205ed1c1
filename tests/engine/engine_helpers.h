#pragma once
// Shared by the engine tests: loading a model made with model_builders or a bundled sample, and
// finding nodes in the loaded graph.
#include <string>

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

}  // namespace passscope::test

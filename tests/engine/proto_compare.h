#pragma once
// Structural comparison of two ONNX models, used by the round-trip tests: nodes (order, names,
// op types, domains, inputs, outputs), attributes (values; tensors by decoded bytes; subgraphs
// recursively), graph inputs and outputs, initializers by decoded bytes, opsets and metadata.
// value_info is not compared: the exporter adds inferred descriptions on purpose.
#include <filesystem>
#include <string>

#include <onnx/onnx_pb.h>

namespace passscope::test {

// Empty when equal; otherwise the first difference found, in words.
std::string compareModels(const onnx::ModelProto& expected, const std::filesystem::path& expectedDir,
                          const onnx::ModelProto& actual, const std::filesystem::path& actualDir);

}  // namespace passscope::test

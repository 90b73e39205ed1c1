// Writes a model as binary protobuf with stable bytes.
#pragma once

#include <onnx/onnx_pb.h>

#include <filesystem>
#include <string>

namespace passscope::samples {

// Serializes deterministically and writes `path`, replacing any existing file. Returns an
// empty string on success, otherwise the error message.
std::string write_model(const onnx::ModelProto& model, const std::filesystem::path& path);

}  // namespace passscope::samples

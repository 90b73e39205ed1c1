// Validation gate for generated samples: a sample that the reference ONNX tooling rejects
// must never be written, because the app and the tests load these files as known-good.
#pragma once

#include <onnx/onnx_pb.h>

#include <string>

namespace passscope::samples {

// Runs onnx::checker::check_model and strict shape inference (type checking on, node
// errors fatal, no data propagation) on a copy of `model`, through the engine's guarded path
// (io::fullCheckModel): a node libonnx's inference would crash on is refused first. Returns an
// empty string on success, otherwise the error message.
std::string validate_model(const onnx::ModelProto& model);

}  // namespace passscope::samples

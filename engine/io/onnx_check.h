#pragma once
// libonnx's checker and shape inference, wired to the engine: the checker runs with the model's
// folder (so external data resolves), and shape inference fills the engine's tensor descriptions.
#include <filesystem>
#include <optional>
#include <string>

#include <onnx/onnx_pb.h>

#include "ir/model.h"
#include "util/diagnostics.h"

namespace passscope::io {

// onnx::checker::check_model, with the model's folder known. Returns the checker's message on
// failure.
std::optional<std::string> checkModel(const onnx::ModelProto& model, const std::filesystem::path& modelDir);

// The checker plus strict shape inference (type checks on, node errors raised), which is what
// `onnx.checker.check_model(model, full_check=True)` does.
std::optional<std::string> fullCheckModel(const onnx::ModelProto& model,
                                          const std::filesystem::path& modelDir);
// The same on a model the caller gives up (`optimize`'s export structure): no copy is made for
// inference, which writes what it learns into it.
std::optional<std::string> fullCheckModel(onnx::ModelProto&& model, const std::filesystem::path& modelDir);

// What a node that the inference guards (inference_guards.h) stop inside libonnx means.
enum class GuardFinding {
    Warn,    // that node's inference is skipped with a warning (the pipeline, between passes)
    Refuse,  // the model is refused with a ModelError naming the node (loading)
};

// Runs onnx::shape_inference over the model (big weights stay out: only their types are passed)
// and writes dtypes and origin shapes into the output descriptions. Formats are left alone.
// Problems become warnings, except guard findings under GuardFinding::Refuse.
void inferShapes(Model& model, Diagnostics& diag, GuardFinding onGuard = GuardFinding::Warn);

}  // namespace passscope::io

#pragma once
// Builds the engine's Model from a parsed onnx::ModelProto: graph inputs become Data nodes,
// initializers Const (FileConstant when the bytes are external), outputs the inputs of a
// NetOutput node; subgraphs are imported recursively with outer-scope names resolved.
// Structural errors (a value nobody produces, a value produced twice, a cycle) are ModelErrors.
#include <filesystem>

#include <onnx/onnx_pb.h>

#include "io/external_data.h"
#include "io/inline_payloads.h"
#include "ir/model.h"
#include "util/diagnostics.h"

namespace passscope::io {

// Payload bytes are moved out of `proto` (it is left without raw_data); the main graph's
// initializers that `inlined` located in the mapped model file become slices of it.
Model importModel(onnx::ModelProto& proto, const std::filesystem::path& modelDir, Diagnostics& diag,
                  const InlinePayloads* inlined = nullptr);

// Metadata key under which storage formats and shapes that plain ONNX cannot express are kept.
inline constexpr const char* kFormatsMetadataKey = "passscope.tensor_formats";

}  // namespace passscope::io

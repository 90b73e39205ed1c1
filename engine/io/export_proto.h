#pragma once
// The first phase of an export (docs/architecture.md §7, one job per file): the engine's Model as an
// ONNX ModelProto (toProto). For a file, the main graph's initializers are left out of the message
// and listed as DeferredInitializers, whose payloads export_stream.h writes from their buffers.
#include <cstdint>
#include <vector>

#include <onnx/onnx_pb.h>

#include "io/onnx_export.h"

namespace passscope::io {

// A main-graph initializer whose payload is streamed after the graph structure, or written to
// the external data file.
struct DeferredInitializer {
    onnx::TensorProto header;  // everything but the payload
    const Tensor* tensor = nullptr;
    bool streamPayload = false;
};

// Builds `model` into `mp`. With `deferred`, the main graph's initializers (other than what
// PayloadMode::TypesOnly declares as typed inputs) go there instead of into `mp`.
void buildModelProto(const Model& model, const ProtoBuildOptions& options,
                     std::vector<DeferredInitializer>* deferred, onnx::ModelProto& mp);

}  // namespace passscope::io

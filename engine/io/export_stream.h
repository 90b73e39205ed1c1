#pragma once
// The second phase of an export: writing a built ModelProto and its deferred initializers
// (export_proto.h) to staged files. Binary output is streamed field by field, each payload straight
// from its buffer (or mapped file), so an export never holds a second copy of the weights; text
// keeps everything in one message; large payloads may go to an external data file first.
#include <cstdint>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "io/export_proto.h"
#include "io/safe_output.h"

namespace passscope::io {

// The payload bytes of `deferred`, all together.
uint64_t totalPayload(const std::vector<DeferredInitializer>& deferred);
// Moves payloads of at least `threshold` bytes into `out` (64-byte aligned) and points their
// headers at it as `location`; the others stay to be streamed with the model.
void writeExternalData(std::vector<DeferredInitializer>& deferred, StagedFile& out,
                       const std::string& location, uint64_t threshold);
// Writes `mp` with the deferred initializers appended to its graph, as protobuf's wire format.
void streamBinary(onnx::ModelProto& mp, const std::vector<DeferredInitializer>& deferred, StagedFile& file);
// Writes `mp` as protobuf text with the deferred initializers moved back into its graph.
void writeText(onnx::ModelProto& mp, const std::vector<DeferredInitializer>& deferred, StagedFile& file);

}  // namespace passscope::io

#pragma once
// Reads a file into an onnx::ModelProto. Binary protobuf and protobuf text format are told apart
// by content (as Netron does: a text model starts with a field name such as `ir_version:`), not
// by file extension. Errors are ModelError with a message naming the file.
#include <filesystem>

#include <onnx/onnx_pb.h>

namespace passscope::io {

enum class ProtoEncoding { Binary, Text };

// Looks at the first bytes only.
ProtoEncoding sniffEncoding(const std::filesystem::path& path);
// Returns the encoding it read (callers that treat binary files specially need not sniff again).
ProtoEncoding readModelProto(const std::filesystem::path& path, onnx::ModelProto& out);

}  // namespace passscope::io

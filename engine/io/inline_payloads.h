#pragma once
// Large inline weights as slices of the mapped model file (issue 38). A binary model's
// initializers carry their bytes inline (raw_data); parsed, those bytes are process memory, and a
// model whose weights folding replaces held them twice (the replaced ones stay in the journal so
// the window can step back). Located in the file instead, a weight is a read-only mapping whose
// pages the kernel can drop and read again from the file, as external data already is.
//
// Where each raw_data lies is found by walking the file's wire format (ModelProto.graph →
// GraphProto.initializer → TensorProto.raw_data, merged as protobuf merges); a slice is only used
// when its bytes equal what protobuf parsed, so a walk that disagrees with the parser costs the
// mapping, never a value.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <unordered_map>

#include <onnx/onnx_pb.h>

#include "ir/buffer.h"

namespace passscope::io {

class InlinePayloads {
  public:
    // Inline payloads smaller than this stay in process memory: a slice shares its first and last
    // pages with its neighbours, which only pays for itself on tensors of many pages.
    static constexpr size_t kMinMappedBytes = 64 * 1024;

    // Maps the binary model at `path` (already parsed into `parsed`) and locates the raw_data of
    // each main-graph initializer of at least `minTensorBytes`, when those total at least
    // `minTotalBytes`. Empty (every payload stays in memory) otherwise, or when the file cannot be
    // mapped or the walk does not match the parsed initializers.
    static InlinePayloads locate(const std::filesystem::path& path, const onnx::ModelProto& parsed,
                                 uint64_t minTotalBytes, size_t minTensorBytes = kMinMappedBytes);

    // The mapped bytes of `tensor` (one of the parsed main-graph initializers) when they equal its
    // raw_data, else null. The caller then releases the parsed copy.
    std::shared_ptr<const Buffer> take(const onnx::TensorProto& tensor) const;

    size_t size() const { return ranges_.size(); }

    struct Range {  // bytes of the file
        size_t offset;
        size_t length;
    };

  private:
    std::shared_ptr<const MappedFile> file_;
    std::unordered_map<const onnx::TensorProto*, Range> ranges_;
};

}  // namespace passscope::io

#pragma once
// Resolves ONNX external data (TensorProto.data_location == EXTERNAL) against the model's folder.
// Refuses absolute paths, paths escaping the folder (`../`, symlinks) and ranges past the end of
// the file. Each data file is memory-mapped once and shared by all tensors that point into it.
#include <filesystem>
#include <map>
#include <memory>

#include "ir/buffer.h"
#include "ir/tensor.h"

namespace passscope::io {

class ExternalDataResolver {
  public:
    explicit ExternalDataResolver(std::filesystem::path modelDir) : modelDir_(std::move(modelDir)) {}
    // Returns the bytes of [offset, offset+length) of `location`. `what` names the tensor in errors.
    std::shared_ptr<const Buffer> resolve(const ExternalLocation& ext, const std::string& what);
    const std::filesystem::path& modelDir() const { return modelDir_; }

  private:
    std::filesystem::path modelDir_;
    std::map<std::filesystem::path, std::shared_ptr<const MappedFile>> files_;
};

}  // namespace passscope::io

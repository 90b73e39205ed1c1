#pragma once
// A constant tensor value (initializer, Const payload, tensor attribute). Copying a Tensor copies
// a pointer, never the bytes.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/buffer.h"
#include "ir/data_type.h"

namespace passscope {

// Where a tensor's bytes live on disk when they came from ONNX external data (or a FileConstant).
struct ExternalLocation {
    std::string location;  // as written in the model, relative to the model's folder
    uint64_t offset = 0;
    uint64_t length = 0;
};

class Tensor {
  public:
    Tensor() = default;
    // Numeric tensor over shared bytes (little-endian, ONNX raw_data layout).
    Tensor(DataType dtype, std::vector<int64_t> dims, std::shared_ptr<const Buffer> bytes);
    // String tensor.
    Tensor(std::vector<int64_t> dims, std::vector<std::string> strings);

    DataType dtype() const { return dtype_; }
    const std::vector<int64_t>& dims() const { return dims_; }
    int64_t elementCount() const;  // dims are validated at construction by the importer
    // Payload bytes (numeric) or the summed length of the strings.
    size_t byteSize() const;
    const uint8_t* rawData() const { return bytes_ ? bytes_->data() : nullptr; }
    const std::shared_ptr<const Buffer>& buffer() const { return bytes_; }
    const std::vector<std::string>& strings() const;

    const std::string& name() const { return name_; }
    void setName(std::string name) { name_ = std::move(name); }
    const std::string& docString() const { return doc_; }
    void setDocString(std::string doc) { doc_ = std::move(doc); }
    const std::optional<ExternalLocation>& external() const { return external_; }
    void setExternal(std::optional<ExternalLocation> ext) { external_ = std::move(ext); }

    // Same dtype, dims and bytes (or strings). Names and origin are not compared.
    bool sameValue(const Tensor& other) const;

  private:
    DataType dtype_ = DataType::Undefined;
    std::vector<int64_t> dims_;
    std::shared_ptr<const Buffer> bytes_;
    std::shared_ptr<const std::vector<std::string>> strings_;
    std::string name_;
    std::string doc_;
    std::optional<ExternalLocation> external_;
};

}  // namespace passscope

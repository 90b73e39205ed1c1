#include "ir/tensor.h"

#include <cstring>

#include "ir/shape.h"

namespace passscope {

Tensor::Tensor(DataType dtype, std::vector<int64_t> dims, std::shared_ptr<const Buffer> bytes)
    : dtype_(dtype), dims_(std::move(dims)), bytes_(std::move(bytes)) {}

Tensor::Tensor(std::vector<int64_t> dims, std::vector<std::string> strings)
    : dtype_(DataType::String),
      dims_(std::move(dims)),
      strings_(std::make_shared<const std::vector<std::string>>(std::move(strings))) {}

int64_t Tensor::elementCount() const {
    return checkedElementCount(dims_).value_or(0);
}

size_t Tensor::byteSize() const {
    if (dtype_ == DataType::String) {
        size_t total = 0;
        for (const std::string& s : strings()) total += s.size();
        return total;
    }
    return bytes_ ? bytes_->size() : 0;
}

const std::vector<std::string>& Tensor::strings() const {
    static const std::vector<std::string> kEmpty;
    return strings_ ? *strings_ : kEmpty;
}

bool Tensor::sameValue(const Tensor& other) const {
    if (dtype_ != other.dtype_ || dims_ != other.dims_) return false;
    if (dtype_ == DataType::String) return strings() == other.strings();
    size_t n = byteSize();
    if (n != other.byteSize()) return false;
    return n == 0 || std::memcmp(rawData(), other.rawData(), n) == 0;
}

}  // namespace passscope

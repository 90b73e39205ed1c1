// Implementation of initializer storage declared in tensor_sink.h.
#include "tensor_sink.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace passscope::bench_model {

namespace {

// ONNX raw_data and external data are little-endian; copying the in-memory float bytes
// is only correct on a little-endian host.
static_assert(std::endian::native == std::endian::little, "raw_data layout assumes a little-endian host");

constexpr std::size_t kChunkElements = 1 << 16;

std::int64_t element_count(const std::vector<std::int64_t>& dims) {
    std::int64_t count = 1;
    for (std::int64_t d : dims) count *= d;
    return count;
}

void add_entry(onnx::TensorProto* tensor, const char* key, std::string value) {
    onnx::StringStringEntryProto* entry = tensor->add_external_data();
    entry->set_key(key);
    entry->set_value(std::move(value));
}

}  // namespace

TensorSink::TensorSink(onnx::GraphProto& graph) : graph_(graph) {}

TensorSink::TensorSink(onnx::GraphProto& graph, const std::string& data_path, std::string location)
    : graph_(graph), external_(true), location_(std::move(location)) {
    data_.open(data_path, std::ios::binary | std::ios::trunc);
    if (!data_) throw std::runtime_error("cannot create external data file " + data_path);
}

onnx::TensorProto* TensorSink::new_tensor(const std::string& name, const std::vector<std::int64_t>& dims,
                                          int type) {
    onnx::TensorProto* tensor = graph_.add_initializer();
    tensor->set_name(name);
    tensor->set_data_type(type);
    for (std::int64_t d : dims) tensor->add_dims(d);
    return tensor;
}

void TensorSink::add_float(const std::string& name, const std::vector<std::int64_t>& dims,
                           const FloatInit& init) {
    onnx::TensorProto* tensor = new_tensor(name, dims, onnx::TensorProto::FLOAT);
    const std::int64_t count = element_count(dims);
    const std::int64_t bytes = count * static_cast<std::int64_t>(sizeof(float));
    float_bytes_ += bytes;

    const bool to_file = external_ && bytes >= kExternalThreshold;
    std::string* raw = nullptr;
    if (to_file) {
        tensor->set_data_location(onnx::TensorProto::EXTERNAL);
        add_entry(tensor, "location", location_);
        add_entry(tensor, "offset", std::to_string(external_offset_));
        add_entry(tensor, "length", std::to_string(bytes));
        external_offset_ += bytes;
    } else {
        raw = tensor->mutable_raw_data();
        raw->resize(static_cast<std::size_t>(bytes));
    }

    // The PRNG advances identically in both modes, so --external changes only where
    // the bytes live, never their values.
    chunk_.resize(kChunkElements);
    for (std::int64_t done = 0; done < count;) {
        const auto n = static_cast<std::size_t>(std::min<std::int64_t>(count - done, kChunkElements));
        for (std::size_t i = 0; i < n; ++i) chunk_[i] = init.center + init.spread * rng_.next_symmetric();
        const std::size_t n_bytes = n * sizeof(float);
        if (to_file) {
            data_.write(reinterpret_cast<const char*>(chunk_.data()), static_cast<std::streamsize>(n_bytes));
        } else {
            std::memcpy(raw->data() + done * sizeof(float), chunk_.data(), n_bytes);
        }
        done += static_cast<std::int64_t>(n);
    }
    if (to_file && !data_) throw std::runtime_error("writing external data failed (disk full?)");
}

void TensorSink::add_int64(const std::string& name, const std::vector<std::int64_t>& dims,
                           const std::vector<std::int64_t>& values) {
    onnx::TensorProto* tensor = new_tensor(name, dims, onnx::TensorProto::INT64);
    for (std::int64_t v : values) tensor->add_int64_data(v);
}

void TensorSink::finish() {
    if (!external_) return;
    data_.close();
    if (data_.fail()) throw std::runtime_error("closing external data file failed");
}

}  // namespace passscope::bench_model

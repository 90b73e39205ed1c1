// Where initializer data goes: inline raw_data in the GraphProto, or an external data
// file next to the model (--external).
//
// Float data is generated straight into its final place in fixed-size chunks, so the
// weights exist exactly once in memory (inline) or not at all (external: they go to the
// data file as they are made). That keeps a 500 MB model at ~500 MB of RSS and lets
// models above protobuf's 2 GB limit be made with --external.
#pragma once

#include "xorshift.h"

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace passscope::bench_model {

struct FloatInit {
    float center = 0.0f;  // values are center + spread * U[-1, 1)
    float spread = 0.0f;
};

class TensorSink {
  public:
    // Inline storage.
    explicit TensorSink(onnx::GraphProto& graph);
    // External storage: tensors of at least kExternalThreshold bytes are appended to
    // `data_path`; `location` is what the model records (relative to the model's folder).
    TensorSink(onnx::GraphProto& graph, const std::string& data_path, std::string location);

    void add_float(const std::string& name, const std::vector<std::int64_t>& dims, const FloatInit& init);
    void add_int64(const std::string& name, const std::vector<std::int64_t>& dims,
                   const std::vector<std::int64_t>& values);

    // Flushes the external data file; throws if anything could not be written.
    void finish();

    std::int64_t initializer_count() const { return graph_.initializer_size(); }
    std::int64_t float_bytes() const { return float_bytes_; }
    std::int64_t external_bytes() const { return external_offset_; }

    // Same threshold as onnx.external_data_helper's default: tiny constants (shapes,
    // scalars) stay inline where constant folding and shape inference can see them.
    static constexpr std::int64_t kExternalThreshold = 1024;

  private:
    onnx::TensorProto* new_tensor(const std::string& name, const std::vector<std::int64_t>& dims, int type);

    onnx::GraphProto& graph_;
    Xorshift64 rng_{0x9A55'C0DE'2024'0001ull};  // fixed: same bytes on every run
    bool external_ = false;
    std::string location_;
    std::ofstream data_;
    std::int64_t external_offset_ = 0;
    std::int64_t float_bytes_ = 0;
    std::vector<float> chunk_;
};

}  // namespace passscope::bench_model

#pragma once
// An int64 initializer for the models the folding pass tests build (shared by every fixture there).
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

namespace passscope::test {

inline onnx::TensorProto* addInt64Initializer(onnx::GraphProto& g, const std::string& name,
                                              const std::vector<int64_t>& dims,
                                              const std::vector<int64_t>& values) {
    auto* t = g.add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::INT64);
    for (int64_t d : dims) t->add_dims(d);
    t->set_raw_data(
        std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(int64_t)));
    return t;
}

}  // namespace passscope::test

#pragma once
// Int64 and bool initializers for the models the folding pass tests build (shared by every fixture
// there, and by the models tools/test_models writes).
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

inline onnx::TensorProto* addBoolInitializer(onnx::GraphProto& g, const std::string& name,
                                             std::vector<int64_t> dims, bool value) {
    auto* t = g.add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::BOOL);
    for (int64_t d : dims) t->add_dims(d);
    t->set_raw_data(std::string(1, value ? '\1' : '\0'));
    return t;
}

}  // namespace passscope::test

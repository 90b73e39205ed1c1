#include "chain.h"

#include <string>

namespace passscope::bench_model {

onnx::ModelProto foldable_chain(std::int64_t nodes) {
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.set_producer_name("passscope-make-large-model");
    m.add_opset_import()->set_version(13);
    onnx::GraphProto& g = *m.mutable_graph();
    g.set_name("chain");
    onnx::TensorProto* c = g.add_initializer();
    c->set_name("c");
    c->set_data_type(onnx::TensorProto::FLOAT);
    c->add_dims(4);
    for (float v : {1.0f, 2.0f, 3.0f, 4.0f}) c->add_float_data(v);
    std::string prev = "c";
    for (std::int64_t i = 0; i < nodes; ++i) {
        onnx::NodeProto* node = g.add_node();
        node->set_op_type(i % 2 ? "Add" : "Neg");
        node->add_input(prev);
        if (i % 2) {
            onnx::TensorProto* k = g.add_initializer();
            k->set_name("k" + std::to_string(i));
            k->set_data_type(onnx::TensorProto::FLOAT);
            k->add_dims(1);
            k->add_float_data(1.0f);
            node->add_input(k->name());
        }
        prev = "v" + std::to_string(i);
        node->add_output(prev);
    }
    onnx::ValueInfoProto* out = g.add_output();
    out->set_name(prev);
    out->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
    out->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(4);
    return m;
}

}  // namespace passscope::bench_model

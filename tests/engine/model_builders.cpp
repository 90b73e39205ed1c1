#include "model_builders.h"

#include <unistd.h>

#include <fstream>

namespace passscope::test {

onnx::ModelProto emptyModel(int opset) {
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.set_producer_name("passscope-tests");
    auto* o = m.add_opset_import();
    o->set_domain("");
    o->set_version(opset);
    m.mutable_graph()->set_name("g");
    return m;
}

onnx::ValueInfoProto* addTensorValue(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list,
                                     const std::string& name, int elemType,
                                     const std::vector<int64_t>& dims) {
    auto* vi = list->Add();
    vi->set_name(name);
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(elemType);
    tt->mutable_shape();  // main-graph inputs and outputs must carry a shape, even a scalar's
    for (int64_t d : dims) tt->mutable_shape()->add_dim()->set_dim_value(d);
    return vi;
}

onnx::TensorProto* addFloatInitializer(onnx::GraphProto& g, const std::string& name,
                                       const std::vector<int64_t>& dims, const std::vector<float>& values) {
    auto* t = g.add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::FLOAT);
    for (int64_t d : dims) t->add_dims(d);
    t->set_raw_data(std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float)));
    return t;
}

onnx::NodeProto* addNode(onnx::GraphProto& g, const std::string& op, const std::vector<std::string>& inputs,
                         const std::vector<std::string>& outputs, const std::string& name) {
    auto* n = g.add_node();
    n->set_op_type(op);
    n->set_name(name.empty() ? op + "_" + std::to_string(g.node_size()) : name);
    for (const auto& i : inputs) n->add_input(i);
    for (const auto& o : outputs) n->add_output(o);
    return n;
}

onnx::AttributeProto* addIntAttribute(onnx::NodeProto& n, const std::string& name, int64_t value) {
    auto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(value);
    return a;
}

onnx::GraphProto* addBody(onnx::NodeProto& owner, const std::string& attribute) {
    auto* a = owner.add_attribute();
    a->set_name(attribute);
    a->set_type(onnx::AttributeProto::GRAPH);
    auto* body = a->mutable_g();
    body->set_name(attribute);
    return body;
}

onnx::ModelProto addReluModel() {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addFloatInitializer(g, "w", {2, 3}, {1, -2, 3, -4, 5, -6});
    addNode(g, "Add", {"x", "w"}, {"s"}, "add");
    addNode(g, "Relu", {"s"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    return m;
}

onnx::ModelProto weightOverflowModel() {
    auto castTo = [](onnx::NodeProto* node, int to) {
        auto* a = node->add_attribute();
        a->set_name("to");
        a->set_type(onnx::AttributeProto::INT);
        a->set_i(to);
    };
    auto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addFloatInitializer(g, "w", {2}, {1e6f, 2.0f});
    castTo(addNode(g, "Cast", {"w"}, {"w16"}, "cast_w"), onnx::TensorProto::FLOAT16);
    castTo(addNode(g, "Cast", {"x"}, {"x16"}, "cast_x"), onnx::TensorProto::FLOAT16);
    addNode(g, "Add", {"x16", "w16"}, {"s16"}, "add");
    castTo(addNode(g, "Cast", {"s16"}, {"y"}, "cast_y"), onnx::TensorProto::FLOAT);
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    return m;
}

onnx::ModelProto weightClipNanModel() {
    auto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addFloatInitializer(g, "w", {2}, {1e6f, 2.0f});
    addNode(g, "Abs", {"x"}, {"ax"}, "abs");
    addNode(g, "Neg", {"ax"}, {"nx"}, "neg");
    addNode(g, "Relu", {"nx"}, {"r"}, "relu");
    addIntAttribute(*addNode(g, "Cast", {"r"}, {"r16"}, "cast_r"), "to", onnx::TensorProto::FLOAT16);
    addIntAttribute(*addNode(g, "Cast", {"w"}, {"w16"}, "cast_w"), "to", onnx::TensorProto::FLOAT16);
    addNode(g, "Mul", {"r16", "w16"}, {"m16"}, "mul");
    addIntAttribute(*addNode(g, "Cast", {"m16"}, {"y"}, "cast_y"), "to", onnx::TensorProto::FLOAT);
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    return m;
}

onnx::ModelProto weightClipInIfModel() {
    auto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addFloatInitializer(g, "w", {2}, {1e6f, 2.0f});
    addFloatInitializer(g, "minus_one", {}, {-1.0f});
    addIntAttribute(*addNode(g, "Cast", {"w"}, {"w16"}, "cast_w"), "to", onnx::TensorProto::FLOAT16);
    addNode(g, "Abs", {"x"}, {"ax"}, "abs");
    addIntAttribute(*addNode(g, "ReduceSum", {"ax"}, {"sum"}, "sum"), "keepdims", 0);
    addNode(g, "Greater", {"sum", "minus_one"}, {"cond"}, "positive");
    auto* branch = addNode(g, "If", {"cond"}, {"y"}, "if_pos");
    auto& then = *addBody(*branch, "then_branch");
    addIntAttribute(*addNode(then, "Cast", {"x"}, {"tx16"}, "then_cast_x"), "to", onnx::TensorProto::FLOAT16);
    addNode(then, "Mul", {"tx16", "w16"}, {"tm16"}, "then_mul");
    addIntAttribute(*addNode(then, "Cast", {"tm16"}, {"ty"}, "then_cast_y"), "to", onnx::TensorProto::FLOAT);
    addTensorValue(then.mutable_output(), "ty", onnx::TensorProto::FLOAT, {2});
    auto& otherwise = *addBody(*branch, "else_branch");
    addNode(otherwise, "Neg", {"x"}, {"ey"}, "else_neg");
    addTensorValue(otherwise.mutable_output(), "ey", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    return m;
}

std::string npyBytes(const std::vector<float>& values, const std::vector<int64_t>& dims) {
    std::string shape;
    for (int64_t d : dims) shape += std::to_string(d) + ",";
    if (dims.size() > 1) shape.pop_back();
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + shape + "), }";
    header.append(63 - (10 + header.size()) % 64, ' ');  // 10 + header + newline: a multiple of 64
    header += '\n';
    std::string bytes = "\x93NUMPY";
    bytes += '\x01';
    bytes += '\x00';
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
    bytes += header;
    bytes.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
    return bytes;
}

std::string base64(const std::string& bytes) {
    static const char* const kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    unsigned buffer = 0;
    int bits = 0;
    for (unsigned char c : bytes) {
        buffer = (buffer << 8) | c;
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out += kDigits[(buffer >> bits) & 63];
        }
    }
    if (bits > 0) out += kDigits[(buffer << (6 - bits)) & 63];
    while (out.size() % 4) out += '=';
    return out;
}

void writeModel(const onnx::ModelProto& m, const std::filesystem::path& path) {
    std::ofstream out(path, std::ios::binary);
    m.SerializeToOstream(&out);
}

std::filesystem::path freshDir(const std::string& name) {
    auto dir =
        std::filesystem::temp_directory_path() / ("passscope_test_" + std::to_string(::getpid())) / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace passscope::test

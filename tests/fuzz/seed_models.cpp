#include "seed_models.h"

#include <cstdint>
#include <cstring>

#include "model_parts.h"

namespace passscope::fuzz {
namespace {

using fixtures::add_float_initializer;
using fixtures::add_float_input;
using fixtures::add_float_output;
using fixtures::add_node;
using fixtures::empty_model;

onnx::TensorProto* addInt64Initializer(onnx::GraphProto& graph, const std::string& name,
                                       const std::vector<int64_t>& dims, const std::vector<int64_t>& values) {
    onnx::TensorProto* t = graph.add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::INT64);
    for (int64_t d : dims) t->add_dims(d);
    std::string bytes(values.size() * sizeof(int64_t), '\0');
    if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
    t->set_raw_data(bytes);
    return t;
}

void addBoolInitializer(onnx::GraphProto& graph, const std::string& name, bool value) {
    onnx::TensorProto* t = graph.add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::BOOL);
    t->set_raw_data(std::string(1, value ? '\1' : '\0'));
}

void setInts(onnx::NodeProto& node, const std::string& name, const std::vector<int64_t>& values) {
    onnx::AttributeProto* a = node.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t v : values) a->add_ints(v);
}

void setInt(onnx::NodeProto& node, const std::string& name, int64_t value) {
    onnx::AttributeProto* a = node.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(value);
}

void setFloat(onnx::NodeProto& node, const std::string& name, float value) {
    onnx::AttributeProto* a = node.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(value);
}

onnx::GraphProto* setGraph(onnx::NodeProto& node, const std::string& name) {
    onnx::AttributeProto* a = node.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::GRAPH);
    return a->mutable_g();
}

std::vector<float> ramp(size_t n, float start = -1.0f, float step = 0.25f) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = start + step * float(i);
    return v;
}

// x + w -> Mul -> Relu, and a constant-only branch that folds entirely, plus a dead node and a
// duplicate subexpression (DCE and CSE have work).
onnx::ModelProto foldableChain() {
    onnx::ModelProto m = empty_model("foldable_chain");
    auto& g = *m.mutable_graph();
    add_float_input(g, "x", {2, 3});
    add_float_initializer(g, "a", {2, 3}, ramp(6));
    add_float_initializer(g, "b", {2, 3}, ramp(6, 0.5f));
    add_node(g, "ab", "Add", {"a", "b"}, {"ab"});
    add_node(g, "ab2", "Mul", {"ab", "a"}, {"ab2"});
    add_node(g, "neg", "Neg", {"ab2"}, {"nab"});
    add_node(g, "dead", "Exp", {"nab"}, {"unused"});
    add_node(g, "xa", "Add", {"x", "nab"}, {"xa"});
    add_node(g, "xa_dup", "Add", {"x", "nab"}, {"xa_dup"});
    add_node(g, "sum", "Mul", {"xa", "xa_dup"}, {"s"});
    add_node(g, "relu", "Relu", {"s"}, {"y"});
    add_float_output(g, "y", {2, 3});
    return m;
}

// Shape -> Gather -> Concat -> Reshape, Transpose, ReduceSum with axes, Expand, Where, Gemm,
// Slice, Cast: shape arithmetic and the ops the hostile-model classes name.
onnx::ModelProto shapeOps() {
    onnx::ModelProto m = empty_model("shape_ops");
    auto& g = *m.mutable_graph();
    add_float_input(g, "x", {2, 3});
    add_float_initializer(g, "w", {3, 4}, ramp(12));
    add_float_initializer(g, "bias", {4}, ramp(4));
    addInt64Initializer(g, "idx", {1}, {1});
    addInt64Initializer(g, "minus1", {1}, {-1});
    addInt64Initializer(g, "expand_to", {2}, {2, 4});
    addInt64Initializer(g, "axes", {1}, {1});
    addInt64Initializer(g, "starts", {1}, {0});
    addInt64Initializer(g, "ends", {1}, {2});
    addBoolInitializer(g, "cond", true);
    add_node(g, "gemm", "Gemm", {"x", "w", "bias"}, {"h"});
    add_node(g, "shape", "Shape", {"h"}, {"hs"});
    add_node(g, "gather", "Gather", {"hs", "idx"}, {"d1"});
    setInt(*add_node(g, "concat", "Concat", {"minus1", "d1"}, {"new_shape"}), "axis", 0);
    add_node(g, "reshape", "Reshape", {"h", "new_shape"}, {"r"});
    setInts(*add_node(g, "transpose", "Transpose", {"r"}, {"t"}), "perm", {1, 0});
    setInt(*add_node(g, "reduce", "ReduceSum", {"t", "axes"}, {"rs"}), "keepdims", 1);
    add_node(g, "expand", "Expand", {"rs", "expand_to"}, {"e"});
    add_node(g, "slice", "Slice", {"e", "starts", "ends", "axes"}, {"sl"});
    add_node(g, "where", "Where", {"cond", "sl", "sl"}, {"wh"});
    setInt(*add_node(g, "cast", "Cast", {"wh"}, {"y"}), "to", onnx::TensorProto::FLOAT);
    add_float_output(g, "y", {2, 2});
    return m;
}

// Conv -> MaxPool -> BatchNormalization -> Softmax with explicit strides, pads and kernels.
onnx::ModelProto convNet() {
    onnx::ModelProto m = empty_model("conv_net");
    auto& g = *m.mutable_graph();
    add_float_input(g, "x", {1, 2, 6, 6});
    add_float_initializer(g, "k", {2, 2, 3, 3}, ramp(36, -2.0f, 0.1f));
    add_float_initializer(g, "scale", {2}, {1.0f, 0.5f});
    add_float_initializer(g, "shift", {2}, {0.0f, 0.1f});
    add_float_initializer(g, "mean", {2}, {0.2f, -0.2f});
    add_float_initializer(g, "var", {2}, {1.0f, 2.0f});
    onnx::NodeProto* conv = add_node(g, "conv", "Conv", {"x", "k"}, {"c"});
    setInts(*conv, "strides", {1, 1});
    setInts(*conv, "pads", {1, 1, 1, 1});
    setInts(*conv, "kernel_shape", {3, 3});
    onnx::NodeProto* pool = add_node(g, "pool", "MaxPool", {"c"}, {"p"});
    setInts(*pool, "kernel_shape", {2, 2});
    setInts(*pool, "strides", {2, 2});
    setFloat(*add_node(g, "bn", "BatchNormalization", {"p", "scale", "shift", "mean", "var"}, {"b"}),
             "epsilon", 1e-5f);
    add_node(g, "flat", "Flatten", {"b"}, {"f"});
    setInt(*add_node(g, "softmax", "Softmax", {"f"}, {"y"}), "axis", 1);
    add_float_output(g, "y", {1, 18});
    return m;
}

// An If whose branches both read the outer initializer `w` (implicit uses), one branch holding a
// nested If; the condition is a constant, so folding may inline a branch.
onnx::ModelProto ifBranches() {
    onnx::ModelProto m = empty_model("if_branches");
    auto& g = *m.mutable_graph();
    add_float_input(g, "x", {2, 3});
    add_float_initializer(g, "w", {2, 3}, ramp(6));
    addBoolInitializer(g, "c", true);
    onnx::NodeProto* iff = add_node(g, "if", "If", {"c"}, {"y"});
    onnx::GraphProto* then = setGraph(*iff, "then_branch");
    then->set_name("then");
    add_node(*then, "then_add", "Add", {"x", "w"}, {"t_out"});
    add_float_output(*then, "t_out", {2, 3});
    onnx::GraphProto* els = setGraph(*iff, "else_branch");
    els->set_name("else");
    onnx::NodeProto* inner = add_node(*els, "inner_if", "If", {"c"}, {"e_out"});
    onnx::GraphProto* innerThen = setGraph(*inner, "then_branch");
    innerThen->set_name("inner_then");
    add_node(*innerThen, "inner_mul", "Mul", {"w", "w"}, {"it_out"});
    add_float_output(*innerThen, "it_out", {2, 3});
    onnx::GraphProto* innerElse = setGraph(*inner, "else_branch");
    innerElse->set_name("inner_else");
    add_node(*innerElse, "inner_sub", "Sub", {"x", "w"}, {"ie_out"});
    add_float_output(*innerElse, "ie_out", {2, 3});
    add_float_output(*els, "e_out", {2, 3});
    add_float_output(g, "y", {2, 3});
    return m;
}

void declareScalar(onnx::ValueInfoProto* v, const std::string& name, int elemType) {
    v->set_name(name);
    v->mutable_type()->mutable_tensor_type()->set_elem_type(elemType);
    v->mutable_type()->mutable_tensor_type()->mutable_shape();
}

// A Loop that adds `w` to a carried value three times, and a Scan over the rows of x.
onnx::ModelProto loopAndScan() {
    onnx::ModelProto m = empty_model("loop_and_scan");
    auto& g = *m.mutable_graph();
    add_float_input(g, "x", {2, 3});
    add_float_initializer(g, "w", {2, 3}, ramp(6));
    add_float_initializer(g, "zero_row", {3}, {0, 0, 0});
    addInt64Initializer(g, "trip", {}, {3});
    addBoolInitializer(g, "keep_going", true);
    onnx::NodeProto* loop = add_node(g, "loop", "Loop", {"trip", "keep_going", "x"}, {"looped"});
    onnx::GraphProto* body = setGraph(*loop, "body");
    body->set_name("loop_body");
    declareScalar(body->add_input(), "i", onnx::TensorProto::INT64);
    declareScalar(body->add_input(), "cond_in", onnx::TensorProto::BOOL);
    add_float_input(*body, "carried", {2, 3});
    add_node(*body, "cond_pass", "Identity", {"cond_in"}, {"cond_out"});
    add_node(*body, "step", "Add", {"carried", "w"}, {"carried_out"});
    declareScalar(body->add_output(), "cond_out", onnx::TensorProto::BOOL);
    add_float_output(*body, "carried_out", {2, 3});

    onnx::NodeProto* scan = add_node(g, "scan", "Scan", {"zero_row", "looped"}, {"acc", "rows"});
    setInt(*scan, "num_scan_inputs", 1);
    onnx::GraphProto* sbody = setGraph(*scan, "body");
    sbody->set_name("scan_body");
    add_float_input(*sbody, "acc_in", {3});
    add_float_input(*sbody, "row", {3});
    add_node(*sbody, "acc_add", "Add", {"acc_in", "row"}, {"acc_out"});
    add_node(*sbody, "row_relu", "Relu", {"acc_out"}, {"row_out"});
    add_float_output(*sbody, "acc_out", {3});
    add_float_output(*sbody, "row_out", {3});
    add_float_output(g, "acc", {3});
    add_float_output(g, "rows", {2, 3});
    return m;
}

// A model-local function called from the main graph (and a reduction with keepdims).
onnx::ModelProto localFunction() {
    onnx::ModelProto m = empty_model("local_function");
    auto* opset = m.add_opset_import();
    opset->set_domain("local");
    opset->set_version(1);
    onnx::FunctionProto* f = m.add_functions();
    f->set_name("AddTwice");
    f->set_domain("local");
    f->add_input("a");
    f->add_input("b");
    f->add_output("c");
    auto* fo = f->add_opset_import();
    fo->set_domain("");
    fo->set_version(fixtures::kOpsetVersion);
    auto* n1 = f->add_node();
    n1->set_op_type("Add");
    n1->add_input("a");
    n1->add_input("b");
    n1->add_output("t");
    auto* n2 = f->add_node();
    n2->set_op_type("Add");
    n2->add_input("t");
    n2->add_input("b");
    n2->add_output("c");
    auto& g = *m.mutable_graph();
    add_float_input(g, "x", {2, 3});
    add_float_initializer(g, "w", {2, 3}, ramp(6));
    add_node(g, "call", "AddTwice", {"x", "w"}, {"z"})->set_domain("local");
    setInt(*add_node(g, "max", "ReduceMax", {"z"}, {"y"}), "keepdims", 0);
    add_float_output(g, "y", {});
    return m;
}

// Split -> Concat, Unsqueeze/Squeeze with axes inputs, MatMul, Pow, Sqrt: more folding kernels.
onnx::ModelProto splitConcat() {
    onnx::ModelProto m = empty_model("split_concat");
    auto& g = *m.mutable_graph();
    add_float_input(g, "x", {4, 2});
    add_float_initializer(g, "w", {4, 2}, ramp(8));
    add_float_initializer(g, "m", {2, 2}, {1, 2, 3, 4});
    add_float_initializer(g, "two", {}, {2.0f});
    addInt64Initializer(g, "split", {2}, {1, 3});
    addInt64Initializer(g, "axis0", {1}, {0});
    setInt(*add_node(g, "split", "Split", {"w", "split"}, {"s1", "s2"}), "axis", 0);
    setInt(*add_node(g, "concat", "Concat", {"s2", "s1"}, {"wc"}), "axis", 0);
    add_node(g, "pow", "Pow", {"wc", "two"}, {"wp"});
    add_node(g, "sqrt", "Sqrt", {"wp"}, {"ws"});
    add_node(g, "unsq", "Unsqueeze", {"ws", "axis0"}, {"wu"});
    add_node(g, "sq", "Squeeze", {"wu", "axis0"}, {"wsq"});
    add_node(g, "mm", "MatMul", {"wsq", "m"}, {"wm"});
    add_node(g, "add", "Add", {"x", "wm"}, {"y"});
    add_float_output(g, "y", {4, 2});
    return m;
}

}  // namespace

std::vector<SeedModel> generatedSeeds() {
    std::vector<SeedModel> seeds;
    seeds.push_back({"tiny_add", fixtures::tiny_add_model("tiny_add")});
    seeds.push_back({"foldable_chain", foldableChain()});
    seeds.push_back({"shape_ops", shapeOps()});
    seeds.push_back({"conv_net", convNet()});
    seeds.push_back({"if_branches", ifBranches()});
    seeds.push_back({"loop_and_scan", loopAndScan()});
    seeds.push_back({"local_function", localFunction()});
    seeds.push_back({"split_concat", splitConcat()});
    return seeds;
}

}  // namespace passscope::fuzz

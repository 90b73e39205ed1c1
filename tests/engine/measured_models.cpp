#include "measured_models.h"

#include "folding/initializer_builders.h"
#include "model_builders.h"

namespace passscope::test {

onnx::ModelProto constantIfModel(bool cond, bool runtimeCond) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    if (runtimeCond)
        addTensorValue(g.mutable_input(), "k", onnx::TensorProto::BOOL, {});
    else
        addBoolInitializer(g, "k", {}, cond);
    addFloatInitializer(g, "c", {2}, {4, 9});
    auto* ifNode = addNode(g, "If", {"k"}, {"y"}, "if");
    auto* then = addBody(*ifNode, "then_branch");
    addNode(*then, "Neg", {"x"}, {"then_negated"}, "then_neg");
    addNode(*then, "Sqrt", {"c"}, {"then_root"}, "then_sqrt");
    addNode(*then, "Add", {"then_negated", "then_root"}, {"then_out"}, "then_add");
    addTensorValue(then->mutable_output(), "then_out", onnx::TensorProto::FLOAT, {2});
    auto* otherwise = addBody(*ifNode, "else_branch");
    addNode(*otherwise, "Add", {"x", "c"}, {"else_out"}, "else_add");
    addTensorValue(otherwise->mutable_output(), "else_out", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Relu", {"y"}, {"z"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {2});
    return m;
}

onnx::ModelProto deepReadModel() {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "s", onnx::TensorProto::BOOL, {});
    addBoolInitializer(g, "k", {}, true);
    addFloatInitializer(g, "c", {2}, {4, 9});
    auto* outer = addNode(g, "If", {"k"}, {"y"}, "outer");
    auto* then = addBody(*outer, "then_branch");
    addNode(*then, "Add", {"x", "c"}, {"a"}, "then_a");
    auto* inner = addNode(*then, "If", {"s"}, {"b"}, "inner");
    auto* innerThen = addBody(*inner, "then_branch");
    addNode(*innerThen, "Mul", {"a", "x"}, {"m"}, "inner_mul");
    addTensorValue(innerThen->mutable_output(), "m", onnx::TensorProto::FLOAT, {2});
    auto* innerElse = addBody(*inner, "else_branch");
    addNode(*innerElse, "Sub", {"a", "x"}, {"d"}, "inner_sub");
    addTensorValue(innerElse->mutable_output(), "d", onnx::TensorProto::FLOAT, {2});
    addTensorValue(then->mutable_output(), "b", onnx::TensorProto::FLOAT, {2});
    auto* otherwise = addBody(*outer, "else_branch");
    addNode(*otherwise, "Neg", {"x"}, {"n"}, "else_neg");
    addTensorValue(otherwise->mutable_output(), "n", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    return m;
}

onnx::ModelProto loopModel(const LoopSpec& spec) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    if (!spec.trips.empty()) {
        if (spec.tripsConstant)
            addInt64Initializer(g, spec.trips, {}, {spec.tripValue});
        else
            addTensorValue(g.mutable_input(), spec.trips, onnx::TensorProto::INT64, {});
    }
    if (!spec.cond.empty()) {
        if (spec.condConstant)
            addBoolInitializer(g, spec.cond, {}, spec.condValue);
        else
            addTensorValue(g.mutable_input(), spec.cond, onnx::TensorProto::BOOL, {});
    }
    if (!spec.scanStatic) addTensorValue(g.mutable_input(), "shape", onnx::TensorProto::INT64, {1});
    addFloatInitializer(g, "one", {}, {1});
    addFloatInitializer(g, "two", {}, {2});
    auto* loop = addNode(g, "Loop", {spec.trips, spec.cond, "x"}, {"vf", "sc"}, "loop");
    auto* body = addBody(*loop, "body");
    addTensorValue(body->mutable_input(), "i", onnx::TensorProto::INT64, {});
    addTensorValue(body->mutable_input(), "cin", onnx::TensorProto::BOOL, {});
    addTensorValue(body->mutable_input(), "v", onnx::TensorProto::FLOAT, {2});
    addNode(*body, "Identity", {"cin"}, {"cout"}, "keep_going");
    addNode(*body, "Add", {"v", "one"}, {"vo"}, "step");
    if (spec.scanStatic) {
        addNode(*body, "Mul", {"v", "two"}, {"so"}, "scan");
    } else {
        addNode(*body, "Reshape", {"v", "shape"}, {"so"}, "scan");
    }
    addTensorValue(body->mutable_output(), "cout", onnx::TensorProto::BOOL, {});
    addTensorValue(body->mutable_output(), "vo", onnx::TensorProto::FLOAT, {2});
    if (spec.scanStatic) {
        addTensorValue(body->mutable_output(), "so", onnx::TensorProto::FLOAT, {2});
    } else {  // no shape: only the type is declared
        auto* so = body->add_output();
        so->set_name("so");
        so->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
    }
    addNode(g, "Relu", {"vf"}, {"after"}, "after");
    addTensorValue(g.mutable_output(), "vf", onnx::TensorProto::FLOAT, {2});
    // [n, 2], or [n, m] when the body's scan value has no static shape either
    auto* sc = addTensorValue(g.mutable_output(), "sc", onnx::TensorProto::FLOAT, {2});
    auto* scShape = sc->mutable_type()->mutable_tensor_type()->mutable_shape();
    scShape->mutable_dim(0)->set_dim_param("n");
    if (spec.scanStatic)
        scShape->add_dim()->set_dim_value(2);
    else
        scShape->add_dim()->set_dim_param("m");
    addTensorValue(g.mutable_output(), "after", onnx::TensorProto::FLOAT, {2});
    return m;
}

onnx::ModelProto foldableChain(size_t links) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {4});
    addFloatInitializer(g, "c0", {4}, {1, 2, 3, 4});
    addFloatInitializer(g, "c", {4}, {0.5f, 0.5f, 0.5f, 0.5f});
    std::string last = "c0";
    for (size_t i = 0; i < links; ++i) {
        const std::string out = "a" + std::to_string(i);
        addNode(g, "Add", {last, "c"}, {out}, "add" + std::to_string(i));
        last = out;
    }
    addNode(g, "Add", {"x", last}, {"y"}, "use");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {4});
    return m;
}

onnx::ModelProto deadNodes(size_t dead) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {4});
    addNode(g, "Relu", {"x"}, {"y"}, "relu");
    std::string last = "x";
    for (size_t i = 0; i < dead; ++i) {
        const std::string out = "d" + std::to_string(i);
        addNode(g, "Neg", {last}, {out}, "dead" + std::to_string(i));
        last = out;
    }
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {4});
    return m;
}

}  // namespace passscope::test

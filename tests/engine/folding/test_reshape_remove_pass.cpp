// ReshapeRemovePass: a Reshape (Squeeze, Unsqueeze, Flatten) whose static output shape equals its
// input's goes, even with a shape computed at run time and in front of a graph output; one that
// changes the shape stays, and so does one of a symbolic shape (GE: unknown shape, with the reason).
#include <gtest/gtest.h>

#include "folding_fixtures.h"
#include "passes/cleanup/reshape_remove_pass.h"

using namespace passscope;
using namespace passscope::test;

TEST(ReshapeRemovePass, AReshapeToTheShapeItReadsGoesEvenWithARuntimeShape) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addNode(g, "Shape", {"r"}, {"s"}, "shape");
    addNode(g, "Reshape", {"r", "s"}, {"k"}, "reshape");
    addNode(g, "Neg", {"k"}, {"y"}, "neg");
    addTensorValue(g.mutable_value_info(), "k", onnx::TensorProto::FLOAT,
                   {2, 3});  // what inference would tell
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadTransOpModel(m, "reshape_same");
    const Model before = model.clone();
    ReshapeRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(r.stats.value("reshapes_removed"), 1u);
    EXPECT_EQ(countOps(*model.graph, "Reshape"), 0u);
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(ReshapeRemovePass, AFlattenThatKeepsTheShapeBeforeAGraphOutputGoes) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addNode(g, "Flatten", {"r"}, {"y"}, "flatten");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadTransOpModel(m, "reshape_flatten_output");
    const Model before = model.clone();
    ReshapeRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Flatten"), 0u);
    EXPECT_EQ(findByName(*model.graph, "relu")->output(0).name, "y");
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(ReshapeRemovePass, AReshapeThatChangesTheShapeStays) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addInt64Initializer(g, "shape", {2}, {3, 2});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addNode(g, "Reshape", {"r", "shape"}, {"y"}, "reshape");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {3, 2});
    Model model = loadTransOpModel(m, "reshape_change");
    ReshapeRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Reshape"), 1u);
}

TEST(ReshapeRemovePass, AReshapeOfASymbolicShapeStays) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    auto* x = addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3});
    x->mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim(0)->set_dim_param("N");
    addNode(g, "Shape", {"x"}, {"s"}, "shape");
    addNode(g, "Reshape", {"x", "s"}, {"k"}, "reshape");
    addNode(g, "Neg", {"k"}, {"y"}, "neg");
    auto* y = addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 3});
    y->mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim(0)->set_dim_param("N");
    Model model = loadTransOpModel(m, "reshape_symbolic");
    ReshapeRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_NE(keptBecause(r, "reshape").find("not static"), std::string::npos);
}

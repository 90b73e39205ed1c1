// TransOpBreadthFusionPass: identical trans ops on one output merge; different ones do not.
#include <gtest/gtest.h>

#include "ir/op_types.h"
#include "passes/format/trans_op_breadth_fusion_pass.h"
#include "test_trans_op_support.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// x -> TransData a (NCHW->NC1HWC0) -> Relu -> y;  x -> TransData b (NCHW->`dstB`) -> Neg -> z
Model twoTransData(const std::string& dstB) {
    onnx::ModelProto m = emptyModel();
    importGeDomain(m);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3, 4, 4});
    addTransData(g, "x", "a", "NCHW", "NC1HWC0", "td_a");
    addTransData(g, "x", "b", "NCHW", dstB, "td_b");
    addNode(g, "Relu", {"a"}, {"y"}, "relu");
    addNode(g, "Neg", {"b"}, {"z"}, "neg");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 1, 4, 4, 16});
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {1, 1, 4, 4, 16});
    Model model = loadTransOpModel(m, "breadth_transdata");
    Graph& gr = *model.graph;
    setDesc(gr, "x", desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, Format::NCHW));
    setDesc(gr, "td_a", desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, Format::NC1HWC0, {1, 1, 4, 4, 16}));
    setDesc(gr, "td_b",
            desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, *parseFormat(dstB), {1, 1, 4, 4, 16}));
    return model;
}

onnx::TensorProto* addShape(onnx::GraphProto& g, const std::string& name, const std::vector<int64_t>& dims) {
    auto* t = g.add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::INT64);
    t->add_dims(static_cast<int64_t>(dims.size()));
    t->set_raw_data(std::string(reinterpret_cast<const char*>(dims.data()), dims.size() * sizeof(int64_t)));
    return t;
}

}  // namespace

TEST(TransOpBreadthFusion, TwoEqualTransDataOnOneOutputBecomeOne) {
    Model model = twoTransData("NC1HWC0");
    TransOpBreadthFusionPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_TRUE(r.changed);
    const Graph& g = *model.graph;
    EXPECT_EQ(countOps(g, std::string(op::kTransData)), 1u);
    EXPECT_EQ(r.stats.value("transdata_eliminated"), 1u);
    EXPECT_EQ(r.stats.value("trans_ops_merged"), 1u);
    EXPECT_EQ(findByName(g, "relu")->input(0), findByName(g, "neg")->input(0));
    EXPECT_EQ(g.outputNames(), (std::vector<std::string>{"y", "z"}));
}

TEST(TransOpBreadthFusion, TransDataToDifferentFormatsStayApart) {
    Model model = twoTransData("FRACTAL_Z");
    TransOpBreadthFusionPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, std::string(op::kTransData)), 2u);
}

TEST(TransOpBreadthFusion, EqualCastsMergeAndCastsToOtherTypesDoNot) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addIntAttribute(*addNode(g, "Cast", {"x"}, {"c1"}, "c1"), "to", onnx::TensorProto::INT32);
    addIntAttribute(*addNode(g, "Cast", {"x"}, {"c2"}, "c2"), "to", onnx::TensorProto::INT32);
    addIntAttribute(*addNode(g, "Cast", {"x"}, {"c3"}, "c3"), "to", onnx::TensorProto::INT64);
    addNode(g, "Neg", {"c1"}, {"y1"}, "n1");
    addNode(g, "Abs", {"c2"}, {"y2"}, "n2");
    addNode(g, "Neg", {"c3"}, {"y3"}, "n3");
    addTensorValue(g.mutable_output(), "y1", onnx::TensorProto::INT32, {2, 3});
    addTensorValue(g.mutable_output(), "y2", onnx::TensorProto::INT32, {2, 3});
    addTensorValue(g.mutable_output(), "y3", onnx::TensorProto::INT64, {2, 3});
    Model model = loadTransOpModel(m, "breadth_cast");
    const Model before = model.clone();
    TransOpBreadthFusionPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Cast"), 2u);
    EXPECT_EQ(r.stats.value("trans_ops_merged"), 1u);
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(TransOpBreadthFusion, ReshapesMergeOnlyWhenTheirShapesHaveEqualValues) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 6});
    addShape(g, "s_a", {3, 4});
    addShape(g, "s_b", {3, 4});  // the same value in another constant
    addShape(g, "s_c", {4, 3});
    addNode(g, "Reshape", {"x", "s_a"}, {"r1"}, "r1");
    addNode(g, "Reshape", {"x", "s_b"}, {"r2"}, "r2");
    addNode(g, "Reshape", {"x", "s_c"}, {"r3"}, "r3");
    addTensorValue(g.mutable_output(), "r1", onnx::TensorProto::FLOAT, {3, 4});
    addTensorValue(g.mutable_output(), "r2", onnx::TensorProto::FLOAT, {3, 4});
    addTensorValue(g.mutable_output(), "r3", onnx::TensorProto::FLOAT, {4, 3});
    Model model = loadTransOpModel(m, "breadth_reshape");
    const Model before = model.clone();
    TransOpBreadthFusionPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Reshape"), 2u);
    EXPECT_EQ(model.graph->outputNames(), (std::vector<std::string>{"r1", "r2", "r3"}));
    EXPECT_EQ(sameResults(before, model), "");
}

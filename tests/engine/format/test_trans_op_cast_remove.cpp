// CastRemovePass: a Cast to its own dtype goes; a chain of trans ops that leaves and returns to a
// dtype loses its Casts only when every Cast's target holds all values of the starting dtype.
#include <gtest/gtest.h>

#include "passes/format/cast_remove_pass.h"
#include "test_trans_op_support.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// x[2,3] (type a) -> Cast(b) -> Transpose -> Cast(a) -> y[3,2]
Model castAroundTranspose(int a, int b, const std::string& dir) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", a, {2, 3});
    addIntAttribute(*addNode(g, "Cast", {"x"}, {"c1"}, "c1"), "to", b);
    addNode(g, "Transpose", {"c1"}, {"t"}, "transpose");
    addIntAttribute(*addNode(g, "Cast", {"t"}, {"y"}, "c2"), "to", a);
    addTensorValue(g.mutable_output(), "y", a, {3, 2});
    return loadTransOpModel(m, dir);
}

}  // namespace

TEST(CastRemove, ACastToItsOwnDtypeGoes) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addIntAttribute(*addNode(g, "Cast", {"x"}, {"c"}, "cast"), "to", onnx::TensorProto::FLOAT);
    addNode(g, "Relu", {"c"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadTransOpModel(m, "cast_same");
    const Model before = model.clone();
    CastRemovePass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Cast"), 0u);
    EXPECT_EQ(r.stats.value("casts_removed"), 1u);
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(CastRemove, AWideningRoundTripAroundATransposeLosesItsCasts) {
    Model model = castAroundTranspose(onnx::TensorProto::INT8, onnx::TensorProto::INT32, "cast_chain");
    const Model before = model.clone();
    CastRemovePass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    const Graph& g = *model.graph;
    EXPECT_EQ(countOps(g, "Cast"), 0u);
    EXPECT_EQ(r.stats.value("casts_removed"), 2u);
    EXPECT_EQ(findByName(g, "transpose")->output(0).desc.dtype, DataType::Int8);
    EXPECT_EQ(g.outputNames(), std::vector<std::string>{"y"});
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(CastRemove, Int32ThroughInt8AndBackKeepsItsCasts) {
    Model model = castAroundTranspose(onnx::TensorProto::INT32, onnx::TensorProto::INT8, "cast_narrow");
    CastRemovePass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Cast"), 2u);
    EXPECT_EQ(findByName(*model.graph, "transpose")->output(0).desc.dtype, DataType::Int8);
}

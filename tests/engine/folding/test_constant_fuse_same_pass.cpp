// ConstantFuseSamePass: equal single-element constants become one, and CSE then merges what read
// them (PyTorch's one `[0]` axes initializer per Unsqueeze). Kept apart: different values or dtypes,
// constants of more than one element, a constant that gives a graph output.
#include <gtest/gtest.h>

#include "noop_fixtures.h"
#include "passes/cleanup/common_subexpression_elimination_pass.h"
#include "passes/cleanup/constant_fuse_same_pass.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::noop;

namespace {

// x[2] (float) -> Unsqueeze(x, a0) -> y0, Unsqueeze(x, a1) -> y1 (both graph outputs)
onnx::ModelProto twoUnsqueezes(const std::vector<int64_t>& a0, const std::vector<int64_t>& a1) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addInt64Initializer(g, "a0", {static_cast<int64_t>(a0.size())}, a0);
    addInt64Initializer(g, "a1", {static_cast<int64_t>(a1.size())}, a1);
    addNode(g, "Unsqueeze", {"x", "a0"}, {"y0"}, "u0");
    addNode(g, "Unsqueeze", {"x", "a1"}, {"y1"}, "u1");
    addTensorValue(g.mutable_output(), "y0", onnx::TensorProto::FLOAT, {});
    addTensorValue(g.mutable_output(), "y1", onnx::TensorProto::FLOAT, {});
    return m;
}

}  // namespace

TEST(ConstantFuseSamePass, EqualScalarsFuseAndCseMergesTheirReaders) {
    Model model = loadTransOpModel(twoUnsqueezes({0}, {0}), "fuse_same_axes");
    const Model before = model.clone();
    ConstantFuseSamePass fuse;
    FoldingRun r = runFoldingPass(model, fuse);
    EXPECT_EQ(r.problems, "");
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(r.stats.value("constants_fused"), 1u);
    EXPECT_EQ(countOps(*model.graph, "Const"), 1u);
    EXPECT_EQ(findByName(*model.graph, "u0")->input(1), findByName(*model.graph, "u1")->input(1));
    CommonSubexpressionEliminationPass cse;
    EXPECT_TRUE(runFoldingPass(model, cse).changed);
    EXPECT_EQ(countOps(*model.graph, "Unsqueeze"), 1u);
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(ConstantFuseSamePass, DifferentOrLargerConstantsStayApart) {
    const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> cases = {
        {{0}, {1}},        // different values
        {{0, 1}, {0, 1}},  // two elements: GE fuses only single-element constants
    };
    for (size_t i = 0; i < cases.size(); ++i) {
        Model model = loadTransOpModel(twoUnsqueezes(cases[i].first, cases[i].second),
                                       "fuse_apart_" + std::to_string(i));
        ConstantFuseSamePass fuse;
        EXPECT_FALSE(runFoldingPass(model, fuse).changed) << i;
        EXPECT_EQ(countOps(*model.graph, "Const"), 2u) << i;
    }
}

TEST(ConstantFuseSamePass, DtypesAndGraphOutputsStayApart) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::INT32, {2});
    addInt64Initializer(g, "one64", {}, {1});
    addScalarInitializer(g, "one32", onnx::TensorProto::INT32, {}, std::string("\x01\0\0\0", 4));
    addInt64Initializer(g, "out64", {}, {1});  // equal to one64, but a graph output
    addNode(g, "Add", {"x", "one32"}, {"y"}, "add");
    addNode(g, "Cast", {"one64"}, {"c"}, "cast");
    g.mutable_node(1)->add_attribute()->set_name("to");
    g.mutable_node(1)->mutable_attribute(0)->set_type(onnx::AttributeProto::INT);
    g.mutable_node(1)->mutable_attribute(0)->set_i(onnx::TensorProto::INT32);
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::INT32, {});
    addTensorValue(g.mutable_output(), "c", onnx::TensorProto::INT32, {});
    addTensorValue(g.mutable_output(), "out64", onnx::TensorProto::INT64, {});
    Model model = loadTransOpModel(m, "fuse_dtypes_outputs");
    ConstantFuseSamePass fuse;
    FoldingRun r = runFoldingPass(model, fuse);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Const"), 3u);
}

// NotWhereFusionPass: Where(Not(c), x, y) becomes Where(c, y, x) when every reader of the Not is a
// Where's condition; kept when something else reads the Not or it gives a graph output.
#include <gtest/gtest.h>

#include "noop_fixtures.h"
#include "passes/cleanup/not_where_fusion_pass.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::noop;

namespace {

// c[2,3] (bool), x, z [2,3] -> Not(c) -> Where(n, x, z) -> y, and a second Where(n, z, x) -> w when
// `twoWheres`; `alsoOutput` makes the Not's value a graph output.
onnx::ModelProto notWhereModel(bool twoWheres, bool alsoOutput) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "c", onnx::TensorProto::BOOL, {2, 3});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addTensorValue(g.mutable_input(), "z", onnx::TensorProto::FLOAT, {2, 3});
    addNode(g, "Not", {"c"}, {"n"}, "not");
    addNode(g, "Where", {"n", "x", "z"}, {"y"}, "where");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    if (twoWheres) {
        addNode(g, "Where", {"n", "z", "x"}, {"w"}, "where2");
        addTensorValue(g.mutable_output(), "w", onnx::TensorProto::FLOAT, {});
    }
    if (alsoOutput) addTensorValue(g.mutable_output(), "n", onnx::TensorProto::BOOL, {});
    return m;
}

}  // namespace

TEST(NotWhereFusionPass, TheWheresReadTheConditionWithBranchesSwapped) {
    Model model = loadTransOpModel(notWhereModel(true, false), "not_where_two");
    const Model before = model.clone();
    NotWhereFusionPass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Not"), 0u);
    EXPECT_EQ(r.stats.value("nots_removed"), 1u);
    const std::map<std::string, Tensor> in = {
        {"c", kernels::makeTensor<bool>({2, 3}, {true, false, false, true, true, false})},
        {"x", kernels::makeTensor<float>({2, 3}, {1, 2, 3, 4, 5, 6})},
        {"z", kernels::makeTensor<float>({2, 3}, {-1, -2, -3, -4, -5, -6})}};
    EXPECT_EQ(sameResultsOn(before, model, in), "");
}

TEST(NotWhereFusionPass, ANotReadOtherwiseStays) {
    {
        Model model = loadTransOpModel(notWhereModel(false, true), "not_where_output");
        NotWhereFusionPass pass;
        EXPECT_FALSE(runFoldingPass(model, pass).changed);
        EXPECT_EQ(countOps(*model.graph, "Not"), 1u);
    }
    {  // the Not is also a Where's branch (bool Where)
        onnx::ModelProto m = emptyModel();
        auto& g = *m.mutable_graph();
        addTensorValue(g.mutable_input(), "c", onnx::TensorProto::BOOL, {2});
        addTensorValue(g.mutable_input(), "b", onnx::TensorProto::BOOL, {2});
        addNode(g, "Not", {"c"}, {"n"}, "not");
        addNode(g, "Where", {"n", "n", "b"}, {"y"}, "where");
        addTensorValue(g.mutable_output(), "y", onnx::TensorProto::BOOL, {});
        Model model = loadTransOpModel(m, "not_where_branch");
        NotWhereFusionPass pass;
        EXPECT_FALSE(runFoldingPass(model, pass).changed);
    }
}

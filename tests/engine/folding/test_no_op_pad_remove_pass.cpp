// NoOpPadRemovePass: a Pad of all-zero pads goes (constant input, opset 11+; attribute, opset 2);
// kept: any non-zero pad (negative ones crop), pads computed at run time.
#include <gtest/gtest.h>

#include "noop_fixtures.h"
#include "passes/cleanup/no_op_pad_remove_pass.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::noop;

namespace {

// x[1,2,3,3] -> Pad(x, pads) -> AveragePool 2x2 -> y
onnx::ModelProto padModel(const std::vector<int64_t>& pads) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 2, 3, 3});
    addInt64Initializer(g, "pads", {static_cast<int64_t>(pads.size())}, pads);
    addNode(g, "Pad", {"x", "pads"}, {"p"}, "pad");
    auto* pool = addNode(g, "AveragePool", {"p"}, {"y"}, "pool");
    auto* k = pool->add_attribute();
    k->set_name("kernel_shape");
    k->set_type(onnx::AttributeProto::INTS);
    k->add_ints(2);
    k->add_ints(2);
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    return m;
}

}  // namespace

TEST(NoOpPadRemovePass, AllZeroPadsGo) {
    Model model = loadTransOpModel(padModel({0, 0, 0, 0, 0, 0, 0, 0}), "pad_zero");
    const Model before = model.clone();
    FoldingRun r = runFoldingPass<NoOpPadRemovePass>(model);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Pad"), 0u);
    EXPECT_EQ(r.stats.value("pads_removed"), 1u);
    EXPECT_EQ(countOps(*model.graph, "Const"), 0u);  // the pads went with it
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(NoOpPadRemovePass, PadsThatMoveDataStay) {
    for (const auto& pads :
         {std::vector<int64_t>{0, 0, 1, 0, 0, 0, 0, 0}, std::vector<int64_t>{0, 0, 0, 0, 0, 0, -1, 0}}) {
        Model model = loadTransOpModel(padModel(pads), "pad_nonzero_" + std::to_string(pads[2]));
        EXPECT_FALSE(runFoldingPass<NoOpPadRemovePass>(model).changed);
        EXPECT_EQ(countOps(*model.graph, "Pad"), 1u);
    }
    onnx::ModelProto m = padModel({0, 0, 0, 0, 0, 0, 0, 0});
    m.mutable_graph()->clear_initializer();
    addTensorValue(m.mutable_graph()->mutable_input(), "pads", onnx::TensorProto::INT64, {8});
    Model model = loadTransOpModel(m, "pad_runtime");
    EXPECT_FALSE(runFoldingPass<NoOpPadRemovePass>(model).changed);
}

// The seven trans-op passes together, in the order of the FormatOptimize stage, through the pass
// manager with the verifier after every pass: each pattern goes and the results stay the same.
#include <gtest/gtest.h>

#include "passes/format/cast_remove_pass.h"
#include "passes/format/dim1_transpose_to_squeeze_pass.h"
#include "passes/format/trans_op_breadth_fusion_pass.h"
#include "passes/format/trans_op_symmetry_elimination_pass.h"
#include "passes/format/trans_op_without_reshape_fusion_pass.h"
#include "passes/format/transpose_trans_data_pass.h"
#include "passes/format/unchanged_transpose_remove_pass.h"
#include "pipeline/instrumentation.h"
#include "pipeline/pass_manager.h"
#include "test_trans_op_support.h"

using namespace passscope;
using namespace passscope::test;

namespace {

onnx::NodeProto* withInts(onnx::NodeProto* n, const std::string& name, const std::vector<int64_t>& values) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t v : values) a->add_ints(v);
    return n;
}

onnx::NodeProto* withTo(onnx::NodeProto* n, int to) {
    auto* a = n->add_attribute();
    a->set_name("to");
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(to);
    return n;
}

// x[1,3,1,4] -> Cast(float) -> Transpose [0,2,1,3] (moves only size-1 dims) -> Transpose [0,3,1,2]
// -> Transpose [0,2,3,1] (its inverse) -> Cast(double) -> Cast(float) -> two equal Casts(double)
// -> Neg -> y, Abs -> z
onnx::ModelProto patterns() {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3, 1, 4});
    withTo(addNode(g, "Cast", {"x"}, {"same"}, "same_type"), onnx::TensorProto::FLOAT);
    withInts(addNode(g, "Transpose", {"same"}, {"moved"}, "dim1"), "perm", {0, 2, 1, 3});
    withInts(addNode(g, "Transpose", {"moved"}, {"there"}, "there"), "perm", {0, 3, 1, 2});
    withInts(addNode(g, "Transpose", {"there"}, {"back"}, "back"), "perm", {0, 2, 3, 1});
    withTo(addNode(g, "Cast", {"back"}, {"wide"}, "widen"), onnx::TensorProto::DOUBLE);
    withTo(addNode(g, "Cast", {"wide"}, {"narrow"}, "narrow"), onnx::TensorProto::FLOAT);
    withTo(addNode(g, "Cast", {"narrow"}, {"d1"}, "d1"), onnx::TensorProto::DOUBLE);
    withTo(addNode(g, "Cast", {"narrow"}, {"d2"}, "d2"), onnx::TensorProto::DOUBLE);
    addNode(g, "Neg", {"d1"}, {"y"}, "neg");
    addNode(g, "Abs", {"d2"}, {"z"}, "abs");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::DOUBLE, {1, 1, 3, 4});
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::DOUBLE, {1, 1, 3, 4});
    return m;
}

}  // namespace

TEST(TransOpStage, TheSevenPassesTogetherRemoveEveryPatternAndKeepTheResults) {
    Model model = loadTransOpModel(patterns(), "transop_stage");
    const Model before = model.clone();
    PipelineOptions options;
    PassManager manager(model, options);
    manager.addInstrumentation(std::make_shared<VerifierInstrument>());
    std::vector<Stage> stages(1);
    stages[0].name = "FormatOptimize";
    stages[0].passes.push_back(std::make_unique<TransOpSymmetryEliminationPass>());
    stages[0].passes.push_back(std::make_unique<TransOpBreadthFusionPass>());
    stages[0].passes.push_back(std::make_unique<TransOpWithoutReshapeFusionPass>());
    stages[0].passes.push_back(std::make_unique<TransposeTransDataPass>());
    stages[0].passes.push_back(std::make_unique<UnchangedTransposeRemovePass>());
    stages[0].passes.push_back(std::make_unique<CastRemovePass>());
    stages[0].passes.push_back(std::make_unique<Dim1TransposeToSqueezePass>());
    PipelineRun run;
    manager.run(*model.graph, [&] { manager.runStages(stages, *model.graph, run); });
    ASSERT_EQ(run.stages.size(), 1u);
    EXPECT_FALSE(run.stages[0].hitCap);
    const Graph& g = *model.graph;
    EXPECT_EQ(countOps(g, "Transpose"), 0u);
    EXPECT_EQ(countOps(g, "Squeeze"), 1u);
    EXPECT_EQ(countOps(g, "Unsqueeze"), 1u);
    EXPECT_EQ(countOps(g, "Cast"), 1u);  // one Cast to double left for both readers
    EXPECT_EQ(g.outputNames(), (std::vector<std::string>{"y", "z"}));
    EXPECT_EQ(sameResults(before, model), "");
}

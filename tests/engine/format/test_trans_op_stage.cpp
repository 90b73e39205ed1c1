// The seven trans-op passes together, in the order of the FormatOptimize stage, through the pass
// manager with the verifier after every pass: each pattern goes and the results stay the same.
#include <gtest/gtest.h>

#include <filesystem>

#include "exec/evaluator.h"
#include "exec/tensor_compare.h"
#include "io/model_loader.h"
#include "stage_runner.h"

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

std::vector<Stage> formatOptimizeStage() {
    std::vector<Stage> stages(1);
    stages[0].name = "FormatOptimize";
    stages[0].passes.push_back(std::make_unique<TransOpSymmetryEliminationPass>());
    stages[0].passes.push_back(std::make_unique<TransOpBreadthFusionPass>());
    stages[0].passes.push_back(std::make_unique<TransOpWithoutReshapeFusionPass>());
    stages[0].passes.push_back(std::make_unique<TransposeTransDataPass>());
    stages[0].passes.push_back(std::make_unique<UnchangedTransposeRemovePass>());
    stages[0].passes.push_back(std::make_unique<CastRemovePass>());
    stages[0].passes.push_back(std::make_unique<Dim1TransposeToSqueezePass>());
    return stages;
}

// Runs the stage through a pass manager with the verifier after every pass.
PipelineRun runStage(Model& model) {
    std::vector<Stage> stages = formatOptimizeStage();
    return runTestStages(model, PipelineOptions{}, stages, {nullptr, true, false});
}

}  // namespace

TEST(TransOpStage, TheSevenPassesTogetherRemoveEveryPatternAndKeepTheResults) {
    Model model = loadTransOpModel(patterns(), "transop_stage");
    const Model before = model.clone();
    PipelineRun run = runStage(model);
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

// The samples as they load (plain ONNX, storage = origin): the stage keeps every graph sound, its
// outputs' names, and where the evaluator can run the model, its results.
TEST(TransOpStage, TheSamplesStaySoundAndComputeTheSame) {
    namespace fs = std::filesystem;
    int compared = 0;
    for (const char* sample : {"conv_net.onnx", "transformer_block.onnx", "training_step.onnx"}) {
        Model model = io::loadModel(fs::path(PASSSCOPE_SOURCE_DIR) / "resources/samples" / sample).model;
        const Model before = model.clone();
        PipelineRun run;
        ASSERT_NO_THROW(run = runStage(model)) << sample;
        EXPECT_FALSE(run.stages.at(0).hitCap) << sample;
        EXPECT_EQ(model.graph->outputNames(), before.graph->outputNames()) << sample;
        bool staticInputs = true;
        for (NodeId id : before.graph->inputs())
            staticInputs &= before.graph->node(id).output(0).desc.originShape.isStatic();
        if (!staticInputs) continue;
        const EvalResult a = Evaluator(before).run(randomInputs(before, 3));
        if (a.failure) continue;  // an op the evaluator cannot run: nothing to compare
        const EvalResult b = Evaluator(model).run(randomInputs(before, 3));
        ASSERT_FALSE(b.failure.has_value()) << sample << ": " << b.failure->reason;
        ASSERT_EQ(a.outputs.size(), b.outputs.size()) << sample;
        ++compared;
        for (size_t i = 0; i < a.outputs.size(); ++i)
            EXPECT_TRUE(compareTensors(a.outputs[i], b.outputs[i], 0.0, 0.0).equal)
                << sample << " output " << i;
    }
    EXPECT_GE(compared, 1);  // conv_net runs on the evaluator
}

TEST(TransOpStage, TheOptimizationLevelsAreGes) {
    PipelineOptions o2, o3;
    o2.level = OptLevel::O2;
    o3.level = OptLevel::O3;
    const std::vector<Stage> stages = formatOptimizeStage();
    for (const auto& pass : stages[0].passes) {
        EXPECT_TRUE(pass->enabled(o3)) << pass->name();
        EXPECT_EQ(pass->enabled(o2), pass->name() == "Dim1TransposeToSqueezePass") << pass->name();
        EXPECT_EQ(pass->family(), PassFamily::Format) << pass->name();
    }
}

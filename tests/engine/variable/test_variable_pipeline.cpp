// Where the variable passes sit (docs/ge-variables.md §6, GE's graph_prepare.cc / graph_manager.cc)
// and that `--target onnx` runs none of them.
#include <gtest/gtest.h>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "graph_equality.h"
#include "variable_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

std::vector<std::string> layout(const PipelineOptions& options) {
    std::vector<std::string> out;
    for (const Stage& s : buildPipeline(options)) {
        out.push_back("[" + s.name + "]");
        for (const auto& p : s.passes) out.push_back(p->name());
    }
    return out;
}

size_t indexOf(const std::vector<std::string>& v, const std::string& x, size_t from = 0) {
    for (size_t i = from; i < v.size(); ++i)
        if (v[i] == x) return i;
    return v.size();
}

}  // namespace

TEST(VariablePipeline, PassesSitWhereGePutsThem) {
    const std::vector<std::string> l = layout(geOptions());
    const size_t prepare = indexOf(l, "[Prepare]");
    EXPECT_EQ(l.at(prepare + 1), "VarIsInitializedOpPass");
    EXPECT_EQ(indexOf(l, "VariablePrepareOpPass"), indexOf(l, "PrepareRunningFormatRefiner") + 1);
    const size_t formatOptimize = indexOf(l, "[FormatOptimize]");
    const size_t fusion = indexOf(l, "VariableOpPass");
    EXPECT_GT(fusion, indexOf(l, "TransOpBreadthFusionPass", formatOptimize));
    EXPECT_GT(fusion, indexOf(l, "TransOpSymmetryEliminationPass", formatOptimize));
    // OptimizeStage1_3: VariableRefUselessControlOutDeletePass, then IdentityPass; then PreRun.
    EXPECT_EQ(indexOf(l, "[OptimizeStage1_3]"), indexOf(l, "[PreRun]") - 3);
    EXPECT_EQ(indexOf(l, "[PreRun]"), indexOf(l, "[OptimizeStage2]") - 2);
    EXPECT_EQ(indexOf(l, "VariableRefUselessControlOutDeletePass"), indexOf(l, "[OptimizeStage1_3]") + 1);
    EXPECT_EQ(indexOf(l, "AssignRemovePass"), indexOf(l, "ZeroTripLoopRemovePass") + 1);
    EXPECT_EQ(indexOf(l, "VariableRefDeleteOpPass"), indexOf(l, "[BeforeAutofuse]") - 1);
}

TEST(VariablePipeline, TargetOnnxRunsNoneOfThemAndGivesTheSameGraph) {
    PipelineOptions onnx;
    onnx.verifyEach = true;
    const std::vector<std::string> l = layout(onnx);
    // The ONNX target's pipeline: no variable pass (the cleanup passes of issue 12 run for both targets).
    EXPECT_EQ(l, (std::vector<std::string>{"[Prepare]",
                                           "DropOutPass",
                                           "IdentityPass",
                                           "NoOpCastRemovePass",
                                           "ReplaceWithEmptyConstPass",
                                           "DimensionComputePass",
                                           "ConstantFoldingPass",
                                           "InferValueRangePass",
                                           "PartialShapeFoldingPass",
                                           "PotentialConstTakenEffectPass",
                                           "[OptimizeStage1]",
                                           "ReplaceWithEmptyConstPass",
                                           "DimensionComputePass",
                                           "ConstantFoldingPass",
                                           "PartialShapeFoldingPass",
                                           "DimensionAdjustPass",
                                           "ReshapeTargetFoldingPass",
                                           "RedundantSliceRemovePass",
                                           "NoOpArithmeticRemovePass",
                                           "NoOpPadRemovePass",
                                           "NotWhereFusionPass",
                                           "TransposeRoundTripRemovePass",
                                           "DeadCodeEliminationPass",
                                           "ConstantFuseSamePass",
                                           "CommonSubexpressionEliminationPass",
                                           "SubgraphOptimizePass",
                                           "[PreRun]",
                                           "CtrlEdgeTransferPass",
                                           "[OptimizeStage2]",
                                           "ConstantFoldingPass",
                                           "PartialShapeFoldingPass",
                                           "ReshapeRemovePass",
                                           "CondRemovePass",
                                           "ZeroTripLoopRemovePass",
                                           "DimensionAdjustPass",
                                           "ReshapeTargetFoldingPass",
                                           "RedundantSliceRemovePass",
                                           "NoOpArithmeticRemovePass",
                                           "NoOpPadRemovePass",
                                           "DeadCodeEliminationPass",
                                           "[BeforeAutofuse]",
                                           "ConstantFoldingPass",
                                           "PartialShapeFoldingPass",
                                           "DeadCodeEliminationPass"}));
    // The switch means nothing there, and sample (c) keeps its variables as they were.
    Model a = loadSample("training_step.onnx");
    Model b = loadSample("training_step.onnx");
    runPipeline(a, onnx);
    PipelineOptions off = onnx;
    off.variableAcc = false;
    const PipelineRun run = runPipeline(b, off);
    EXPECT_EQ(compareGraphs(*a.graph, *b.graph), "");
    EXPECT_TRUE(run.varManager->fusions().empty());
    for (const Node* n : a.graph->nodes()) {
        EXPECT_FALSE(n->hasAttr(op::attr::kRefVarSrcVarName)) << n->name();
        EXPECT_FALSE(n->hasAttr("_output_ref_var_src_var_name")) << n->name();
        for (const NodeOutput& o : n->outputs()) EXPECT_FALSE(o.desc.storageDiffers()) << n->name();
    }
    EXPECT_EQ(countOp(*a.graph, "Variable"), 3u);
}

TEST(VariablePipeline, TheJournalStepsThroughTheVariablePassesBothWays) {
    Model model = loadSample("training_step.onnx");
    const Model original = model.clone();
    Journal journal;
    PipelineHooks hooks;
    runPipeline(model, geOptions(), &journal, hooks);
    JournalCursor cursor(journal, *model.graph);
    cursor.moveTo(0);
    EXPECT_EQ(compareGraphs(*original.graph, cursor.graph()), "");
    // Just before and after the fusion step: the TransData is there, then gone, the variable changed.
    size_t fusionStep = journal.steps().size();
    for (size_t i = 0; i < journal.steps().size(); ++i)
        if (journal.steps()[i].pass == "VariableOpPass" &&
            journal.steps()[i].stats.value("variables_fused") > 0)
            fusionStep = i;
    ASSERT_LT(fusionStep, journal.steps().size());
    cursor.moveTo(fusionStep);
    EXPECT_NE(byName(cursor.graph(), "dense/weight/TransData_ND_to_FRACTAL_NZ"), nullptr);
    EXPECT_EQ(byName(cursor.graph(), "dense/weight")->output(0).desc.storageFormat, Format::ND);
    cursor.moveTo(fusionStep + 1);
    EXPECT_EQ(byName(cursor.graph(), "dense/weight/TransData_ND_to_FRACTAL_NZ"), nullptr);
    EXPECT_EQ(byName(cursor.graph(), "dense/weight")->output(0).desc.storageFormat, Format::FRACTAL_NZ);
    cursor.moveTo(journal.steps().size());
    EXPECT_EQ(compareGraphs(*model.graph, cursor.graph()), "");
}

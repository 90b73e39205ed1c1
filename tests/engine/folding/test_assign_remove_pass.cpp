// AssignRemovePass (target ge): Assign(v, value) with a computed value read by it alone goes, the
// Variable takes the value as its input and the producer names the variable it writes; DCE keeps the
// written Variable. Kept: an Assign whose result is read, and one whose value is a constant.
#include <gtest/gtest.h>

#include "compile/run_pipeline.h"
#include "folding_fixtures.h"
#include "passes/cleanup/dead_code_elimination_pass.h"
#include "passes/variable/assign_remove_pass.h"
#include "variable/variable_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// v[2]; x -> Relu "relu" -> Assign(v, .) "assign" -> `assignReader` (when set) -> y2; Neg(x) -> y.
Model assignModel(const std::string& dir, bool resultRead, bool constantValue = false) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addVariable(g, "v", onnx::TensorProto::FLOAT, {2});
    if (constantValue)
        addFloatInitializer(g, "r", {2}, {1.0f, 2.0f});
    else
        addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addGeNode(g, "Assign", {"v", "r"}, {"written"}, "assign");
    addTensorValue(g.mutable_value_info(), "written", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Neg", {"x"}, {"y"}, "neg");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    if (resultRead) {
        addNode(g, "Abs", {"written"}, {"y2"}, "reader");
        addTensorValue(g.mutable_output(), "y2", onnx::TensorProto::FLOAT, {2});
    }
    return loadTransOpModel(m, dir);
}

}  // namespace

TEST(AssignRemovePass, AnUnreadAssignOfAComputedValueGoesAndTheVariableIsWrittenDirectly) {
    Model model = assignModel("assign_remove", false);
    AssignRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass, geOptions());
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(r.stats.value("assigns_removed"), 1u);
    const Graph& g = *model.graph;
    EXPECT_FALSE(findByName(g, "assign"));
    const Node* v = findByName(g, "v");
    ASSERT_TRUE(v);
    ASSERT_EQ(v->inputs().size(), 1u);
    EXPECT_EQ(v->input(0).node, idOf(g, "relu"));
    EXPECT_EQ(stringsAttr(*findByName(g, "relu"), kOutputAssignVarName), std::vector<std::string>{"v"});
    // The written Variable and what computes its value survive dead-code elimination.
    DeadCodeEliminationPass dce;
    runFoldingPass(model, dce, geOptions());
    EXPECT_TRUE(findByName(*model.graph, "v"));
    EXPECT_TRUE(findByName(*model.graph, "relu"));
}

TEST(AssignRemovePass, AnAssignWhoseResultIsReadStays) {
    Model model = assignModel("assign_read", true);
    AssignRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass, geOptions());
    EXPECT_FALSE(r.changed);
    EXPECT_TRUE(findByName(*model.graph, "assign"));
    EXPECT_NE(keptBecause(r, "assign").find("result is read by 'reader'"), std::string::npos)
        << keptBecause(r, "assign");
}

TEST(AssignRemovePass, AnAssignOfAConstantStays) {
    Model model = assignModel("assign_const", false, true);
    AssignRemovePass pass;
    FoldingRun r = runFoldingPass(model, pass, geOptions());
    EXPECT_FALSE(r.changed);
    EXPECT_NE(keptBecause(r, "assign").find("is not computed"), std::string::npos)
        << keptBecause(r, "assign");
}

TEST(AssignRemovePass, RunsOnlyAtTargetGe) {
    for (Target t : {Target::Onnx, Target::Ge}) {
        PipelineOptions o;
        o.target = t;
        bool found = false;
        for (const Stage& s : buildPipeline(o))
            for (const auto& p : s.passes) found |= p->name() == "AssignRemovePass";
        EXPECT_EQ(found, t == Target::Ge);
    }
}

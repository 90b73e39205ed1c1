// VariableRefUselessControlOutDeletePass and VariableRefDeleteOpPass (docs/ge-variables.md §6): a
// VarRef's control edges to what already follows its writer go; the VarRef goes at the end, its
// writer noting the variable per output; a VarRef of an unknown variable fails the run.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "engine_helpers.h"
#include "passes/variable/var_nodes.h"
#include "passes/variable/variable_prepare_op_pass.h"
#include "passes/variable/variable_ref_delete_op_pass.h"
#include "passes/variable/variable_ref_useless_control_out_delete_pass.h"
#include "pipeline/pipeline_error.h"
#include "variable_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// v[2] -> Assign(v, a) "assign" -> y; Relu(y) -> z; Neg(a) -> n (does not follow the writer)
Model assignModel(const std::string& dir) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addVariable(g, "v", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "a", onnx::TensorProto::FLOAT, {2});
    addGeNode(g, "Assign", {"v", "a"}, {"y"}, "assign");
    addTensorValue(g.mutable_value_info(), "y", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Relu", {"y"}, {"z"}, "relu");
    addNode(g, "Neg", {"a"}, {"n"}, "neg");
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "n", onnx::TensorProto::FLOAT, {2});
    return loadTransOpModel(m, dir);
}

}  // namespace

TEST(VariableRefCleanup, ControlEdgesToTheWritersFollowersGoOthersStay) {
    Model model = assignModel("var_ref_control");
    Graph& g = *model.graph;
    VarManager manager;
    const uint32_t graph = manager.beginGraph();
    VariablePrepareOpPass prepare;
    ASSERT_TRUE(runVarPass(model, prepare, manager, graph).changed);
    const NodeId ref = idOf(g, "v_TO_assign_REF_0");
    ASSERT_NE(ref, kNoNode);
    ASSERT_TRUE(hasControlEdge(g, ref, idOf(g, "relu")));
    g.addControlEdge(ref, idOf(g, "neg"));  // an ordering the writer does not give

    VariableRefUselessControlOutDeletePass pass;
    const VarPassRun r = runVarPass(model, pass, manager, graph);
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(r.problems, "");
    EXPECT_FALSE(hasControlEdge(g, ref, idOf(g, "relu")));
    EXPECT_TRUE(hasControlEdge(g, ref, idOf(g, "neg")));
    EXPECT_EQ(r.stats.value("control_edges_removed"), 1u);
    EXPECT_FALSE(runVarPass(model, pass, manager, graph).changed);
}

TEST(VariableRefCleanup, DeletingTheVarRefNotesTheVariableOnItsWriter) {
    Model model = assignModel("var_ref_delete");
    Graph& g = *model.graph;
    VarManager manager;
    const uint32_t graph = manager.beginGraph();
    VariablePrepareOpPass prepare;
    ASSERT_TRUE(runVarPass(model, prepare, manager, graph).changed);
    const NodeId ref = idOf(g, "v_TO_assign_REF_0");
    g.addControlEdge(ref, idOf(g, "neg"));

    VariableRefDeleteOpPass pass;
    const VarPassRun r = runVarPass(model, pass, manager, graph);
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(findByName(g, "v_TO_assign_REF_0"), nullptr);
    const Node& writer = *findByName(g, "assign");
    EXPECT_EQ(stringsAttr(writer, op::attr::kOutputRefVarSrcVarName), std::vector<std::string>{"v"});
    // What the VarRef ordered now follows the writer.
    EXPECT_TRUE(hasControlEdge(g, writer.id(), idOf(g, "neg")));
    EXPECT_EQ(r.stats.value("var_refs_deleted"), 1u);
    EXPECT_FALSE(runVarPass(model, pass, manager, graph).changed);
}

TEST(VariableRefCleanup, AVarRefOfAnUnknownVariableFailsClearly) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "a", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Relu", {"a"}, {"y"}, "relu");
    addVarRef(g, "ghost", "y", "ghost_TO_relu_REF_0", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "var_ref_delete_unknown");
    VarManager manager;
    VariableRefDeleteOpPass pass;
    try {
        runVarPass(model, pass, manager, manager.beginGraph());
        FAIL() << "no error";
    } catch (const PassFailure& e) {
        EXPECT_NE(std::string(e.what()).find("VarRef 'ghost_TO_relu_REF_0' refers to variable 'ghost'"),
                  std::string::npos)
            << e.what();
    }
}

TEST(VariableRefCleanup, AVarRefNothingFollowsSurvivesDeadCodeUntilItIsDeleted) {
    // The Assign's result is read by nobody: its VarRef has no control edges, and dead code
    // elimination must still leave it to VariableRefDeleteOpPass.
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addVariable(g, "v", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "a", onnx::TensorProto::FLOAT, {2});
    addGeNode(g, "Assign", {"v", "a"}, {"unused"}, "assign");
    addTensorValue(g.mutable_value_info(), "unused", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Neg", {"a"}, {"n"}, "neg");
    addTensorValue(g.mutable_output(), "n", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "var_ref_dce");
    runGe(model);
    const Node* writer = findByName(*model.graph, "assign");
    ASSERT_NE(writer, nullptr);
    EXPECT_EQ(stringsAttr(*writer, op::attr::kOutputRefVarSrcVarName), std::vector<std::string>{"v"});
    EXPECT_EQ(findByName(*model.graph, "v_TO_assign_REF_0"), nullptr);
}

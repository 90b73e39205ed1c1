// VarIsInitializedOpPass (docs/ge-variables.md §6): the check becomes a bool Const — true when the
// session knows the variable or an Assign of it comes first, false otherwise — and the folding
// passes fold it into its readers.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include <cstring>

#include "engine_helpers.h"
#include "passes/variable/var_is_initialized_op_pass.h"
#include "variable_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// v[2] -> VarIsInitializedOp "check" -> Not "not" -> answer (bool); Assign(v, one) -> written.
Model initializedCheckModel(const std::string& dir) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addVariable(g, "v", onnx::TensorProto::FLOAT, {2});
    addFloatInitializer(g, "one", {2}, {1.0f, 1.0f});
    addGeNode(g, "Assign", {"v", "one"}, {"written"}, "assign");
    addGeNode(g, "VarIsInitializedOp", {"v"}, {"inited"}, "check");
    addTensorValue(g.mutable_value_info(), "inited", onnx::TensorProto::BOOL, {});
    addTensorValue(g.mutable_value_info(), "written", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Not", {"inited"}, {"answer"}, "not");
    addTensorValue(g.mutable_output(), "answer", onnx::TensorProto::BOOL, {});
    addTensorValue(g.mutable_output(), "written", onnx::TensorProto::FLOAT, {2});
    return loadTransOpModel(m, dir);
}

// The folded value of graph output `name` (a bool Const feeds NetOutput).
std::optional<bool> foldedOutput(const Graph& g, const std::string& name) {
    const std::vector<std::string> names = g.outputNames();
    const Node& out = g.node(g.netOutput());
    for (size_t i = 0; i < names.size(); ++i) {
        if (names[i] != name) continue;
        const Node& p = g.node(out.input(i).node);
        const Tensor* t = p.attrTensor(op::attr::kValue);
        if (p.opType() != op::kConst || !t || t->dtype() != DataType::Bool) return std::nullopt;
        return t->rawData()[0] != 0;
    }
    return std::nullopt;
}

}  // namespace

TEST(VarIsInitialized, AVariableNothingAssignedIsNotInitializedAndTheAnswerFolds) {
    Model model = initializedCheckModel("var_inited_false");
    runGe(model);
    const Graph& g = *model.graph;
    EXPECT_EQ(countOps(g, "VarIsInitializedOp"), 0u);
    EXPECT_EQ(countOps(g, "Not"), 0u);
    EXPECT_EQ(foldedOutput(g, "answer"), std::optional<bool>(true));  // Not(false)
}

TEST(VarIsInitialized, AnAssignBeforeTheCheckInitializesIt) {
    Model model = initializedCheckModel("var_inited_assign");
    Graph& g = *model.graph;
    g.addControlEdge(idOf(g, "assign"), idOf(g, "check"));
    VarManager manager;
    VarIsInitializedOpPass pass;
    const VarPassRun r = runVarPass(model, pass, manager, manager.beginGraph());
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(r.stats.value("var_is_initialized_replaced"), 1u);
    const Node* c = findByName(g, "check");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->opType(), std::string(op::kConst));
    ASSERT_NE(c->attrTensor(op::attr::kValue), nullptr);
    EXPECT_EQ(c->attrTensor(op::attr::kValue)->rawData()[0], 1);
    EXPECT_EQ(c->output(0).name, "inited");
    // The read became an ordering: the variable, then the constant; the Assign still comes first.
    const std::vector<NodeId>& before = c->controlInputs();
    EXPECT_NE(std::find(before.begin(), before.end(), idOf(g, "v")), before.end());
    EXPECT_NE(std::find(before.begin(), before.end(), idOf(g, "assign")), before.end());
    EXPECT_EQ(findByName(g, "not")->input(0).node, c->id());
}

TEST(VarIsInitialized, AVariableTheSessionKnowsIsInitializedAndTheAnswerFolds) {
    Model model = initializedCheckModel("var_inited_session");
    auto session = std::make_shared<VarManager>(3);
    session->renewCurVarDesc("v", TensorDesc::tensor(DataType::Float, Shape::fromExtents({2})));
    runGe(model, session);
    EXPECT_EQ(foldedOutput(*model.graph, "answer"), std::optional<bool>(false));  // Not(true)
}

TEST(VarIsInitialized, ACheckOfSomethingElseIsLeftWithAWarning) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addGeNode(g, "IsVariableInitialized", {"x"}, {"inited"}, "check");
    addTensorValue(g.mutable_output(), "inited", onnx::TensorProto::BOOL, {});
    Model model = loadTransOpModel(m, "var_inited_not_a_variable");
    VarManager manager;
    VarIsInitializedOpPass pass;
    const VarPassRun r = runVarPass(model, pass, manager, manager.beginGraph());
    EXPECT_FALSE(r.changed);
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("'check'"), std::string::npos) << r.warnings[0];
}

// VariablePrepareOpPass (docs/ge-variables.md §6): a VarRef after the last writer of a variable, with
// control edges to what follows the writer, never twice; a RefIdentity where a ref input returns no
// output; a Data variable's VarRef is GE's Variable.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "engine_helpers.h"
#include "passes/variable/var_nodes.h"
#include "passes/variable/variable_prepare_op_pass.h"
#include "variable_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// v[2] -> Assign(v, a) "assign" -> AssignAdd(., b) "add" -> y; Relu(y) -> z
Model writeChain(const std::string& dir) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addVariable(g, "v", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "a", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "b", onnx::TensorProto::FLOAT, {2});
    addGeNode(g, "Assign", {"v", "a"}, {"assigned"}, "assign");
    addGeNode(g, "AssignAdd", {"assigned", "b"}, {"y"}, "add");
    addTensorValue(g.mutable_value_info(), "assigned", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_value_info(), "y", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Relu", {"y"}, {"z"}, "relu");
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {2});
    return loadTransOpModel(m, dir);
}

std::vector<const Node*> varRefs(const Graph& g) {
    std::vector<const Node*> out;
    for (const Node* n : g.nodes())
        if (op::isVarRef(*n)) out.push_back(n);
    return out;
}

}  // namespace

TEST(VariablePrepare, AVarRefFollowsTheLastWriterOnceWithControlEdges) {
    Model model = writeChain("var_prepare_chain");
    const Graph& g = *model.graph;
    VarManager manager;
    VariablePrepareOpPass pass;
    const VarPassRun r = runVarPass(model, pass, manager, manager.beginGraph());
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(r.problems, "");
    std::vector<const Node*> refs = varRefs(g);
    ASSERT_EQ(refs.size(), 1u);
    const Node& ref = *refs[0];
    EXPECT_EQ(ref.name(), "v_TO_add_REF_0");
    EXPECT_EQ(ref.opType(), std::string(op::kVariable));
    EXPECT_EQ(ref.domain(), std::string(op::kGeDomain));
    EXPECT_EQ(stringAttrOf(ref, op::attr::kRefVarSrcVarName), "v");
    EXPECT_EQ(ref.input(0), (ValueRef{idOf(g, "add"), 0, 0}));
    EXPECT_EQ(ref.output(0).desc, findByName(g, "v")->output(0).desc);
    EXPECT_EQ(ref.inputDescs(), std::vector<TensorDesc>{findByName(g, "v")->output(0).desc});
    // It runs before everything that follows the writer.
    EXPECT_TRUE(hasControlEdge(g, ref.id(), idOf(g, "relu")));
    EXPECT_EQ(r.stats.value("var_refs_added"), 1u);

    // The stage runs the pass again: no second VarRef.
    EXPECT_FALSE(runVarPass(model, pass, manager, manager.lastGraphId()).changed);
    EXPECT_EQ(varRefs(g).size(), 1u);
}

TEST(VariablePrepare, AWriterWithControlSuccessorsGetsAVarRefToo) {
    Model model = writeChain("var_prepare_control");
    Graph& g = *model.graph;
    g.addControlEdge(idOf(g, "assign"), idOf(g, "relu"));
    VarManager manager;
    VariablePrepareOpPass pass;
    EXPECT_TRUE(runVarPass(model, pass, manager, manager.beginGraph()).changed);
    std::vector<std::string> names;
    for (const Node* n : varRefs(g)) names.push_back(n->name());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"v_TO_add_REF_0", "v_TO_assign_REF_0"}));
    // The one after "assign" runs before the next writer and the node it controls.
    const NodeId early = idOf(g, "v_TO_assign_REF_0");
    EXPECT_TRUE(hasControlEdge(g, early, idOf(g, "add")));
    EXPECT_TRUE(hasControlEdge(g, early, idOf(g, "relu")));
}

TEST(VariablePrepare, ARefInputWithoutARefOutputGetsARefIdentity) {
    Model model = writeChain("var_prepare_identity");
    Graph& g = *model.graph;
    VarManager manager;
    PipelineOptions options;
    PassRunScope scope;
    scope.varManager = &manager;
    PassContext ctx(model, options, kernels::KernelRegistry::builtin(), std::move(scope));
    variable::insertVariableRef(g, ctx, idOf(g, "assign"), 0, idOf(g, "v"));
    EXPECT_EQ(describeProblems(verifyGraph(g)), "");
    const Node* identity = findByName(g, "RefIdentity_v_0_TO_assign_0");
    ASSERT_NE(identity, nullptr);
    EXPECT_EQ(identity->opType(), std::string(op::kRefIdentity));
    EXPECT_EQ(identity->input(0).node, idOf(g, "v"));
    EXPECT_EQ(findByName(g, "assign")->input(0).node, identity->id());
    const Node* ref = findByName(g, "v_TO_assign_REF_0");
    ASSERT_NE(ref, nullptr);
    EXPECT_EQ(ref->input(0).node, identity->id());
    EXPECT_TRUE(hasControlEdge(g, idOf(g, "assign"), ref->id()));
    EXPECT_TRUE(hasControlEdge(g, ref->id(), idOf(g, "add")));
}

TEST(VariablePrepare, AnInitializerInputWrittenByAssignGetsAGeVariableRef) {
    onnx::ModelProto m = geModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "w", onnx::TensorProto::FLOAT, {2});
    addFloatInitializer(g, "w", {2}, {0.5f, 0.25f});
    addTensorValue(g.mutable_input(), "a", onnx::TensorProto::FLOAT, {2});
    addGeNode(g, "Assign", {"w", "a"}, {"y"}, "assign");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "var_prepare_data_variable");
    const Node* w = findByName(*model.graph, "w");
    ASSERT_NE(w, nullptr);
    ASSERT_TRUE(op::isDataVariable(*w));
    VarManager manager;
    VariablePrepareOpPass pass;
    EXPECT_TRUE(runVarPass(model, pass, manager, manager.beginGraph()).changed);
    const Node* ref = findByName(*model.graph, "w_TO_assign_REF_0");
    ASSERT_NE(ref, nullptr);
    EXPECT_EQ(ref->opType(), std::string(op::kVariable));
    EXPECT_EQ(ref->domain(), std::string(op::kGeDomain));
    EXPECT_EQ(stringAttrOf(*ref, op::attr::kRefVarSrcVarName), "w");
}

// CtrlEdgeTransferPass: a control edge into a constant moves to the constant's data and control
// successors; a constant without control inputs is left alone.
#include <gtest/gtest.h>

#include "folding_fixtures.h"
#include "passes/cleanup/ctrl_edge_transfer_pass.h"

using namespace passscope;
using namespace passscope::test;

TEST(CtrlEdgeTransferPass, AControlEdgeIntoAConstantMovesToItsReaders) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addFloatInitializer(g, "c", {2}, {1.0f, 2.0f});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addNode(g, "Add", {"x", "c"}, {"a"}, "add");
    addNode(g, "Neg", {"x"}, {"n"}, "neg");
    addNode(g, "Sum", {"r", "a", "n"}, {"y"}, "sum");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadTransOpModel(m, "ctrl_edge_transfer");
    Graph& graph = *model.graph;
    NodeId c = kNoNode;
    for (const Node* n : graph.nodes())
        if (n->opType() == "Const") c = n->id();
    ASSERT_NE(c, kNoNode);
    // What folding leaves: relu -> Const (control), Const -> neg (control).
    graph.addControlEdge(idOf(graph, "relu"), c);
    graph.addControlEdge(c, idOf(graph, "neg"));
    CtrlEdgeTransferPass pass;
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(r.stats.value("control_edges_moved"), 1u);
    EXPECT_TRUE(graph.node(c).controlInputs().empty());
    EXPECT_EQ(graph.node(idOf(graph, "add")).controlInputs(), std::vector<NodeId>{idOf(graph, "relu")});
    EXPECT_EQ(graph.node(idOf(graph, "neg")).controlInputs(), (std::vector<NodeId>{c, idOf(graph, "relu")}));
    EXPECT_FALSE(runFoldingPass(model, pass).changed);  // nothing left to move
}

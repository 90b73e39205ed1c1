// Sorting a journal step's changes into computation and constant representation
// (engine/pipeline/step_changes.h): what the graph view marks and the timeline counts.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine_helpers.h"
#include "ir/graph.h"
#include "pipeline/journal.h"
#include "pipeline/step_changes.h"

using namespace passscope;
using passscope::test::scalarFloat;

namespace {

// x -> Add(x, k) -> Mul(., Add(c1, c2)) -> out, with k an ONNX Constant node.
struct ChangeGraph {
    Graph g;
    NodeId x, k, add, c1, c2, sum, mul, out;
    ChangeGraph() {
        x = g.addNode("Data", "", "x", 1).id();
        k = g.addNode("Constant", "", "k", 1).id();
        g.setAttribute(k, Attribute::makeTensor("value", scalarFloat(2.0f)));
        add = g.addNode("Add", "", "add", 1).id();
        g.addInput(add, {x, 0, 0});
        g.addInput(add, {k, 0, 0});
        c1 = g.addNode("Const", "", "c1", 1).id();
        c2 = g.addNode("Const", "", "c2", 1).id();
        sum = g.addNode("Add", "", "sum", 1).id();
        g.addInput(sum, {c1, 0, 0});
        g.addInput(sum, {c2, 0, 0});
        mul = g.addNode("Mul", "", "mul", 1).id();
        g.addInput(mul, {add, 0, 0});
        g.addInput(mul, {sum, 0, 0});
        out = g.addNode("NetOutput", "", "", 0).id();
        g.addInput(out, {mul, 0, 0});
        g.setNetOutput(out);
        g.setInputs({x});
    }
    // Replaces `node` by a new Const the way the folding passes do.
    NodeId foldIntoConst(NodeId node, const std::string& name) {
        const NodeId c = g.addNode("Const", "", name, 1).id();
        g.setAttribute(c, Attribute::makeTensor("value", scalarFloat(4.0f)));
        g.replaceAllUses({node, 0, 0}, {c, 0, 0});
        g.removeNode(node);
        return c;
    }
};

std::vector<NodeId> sorted(std::vector<NodeId> ids) {
    std::sort(ids.begin(), ids.end());
    return ids;
}

}  // namespace

TEST(StepChanges, ConstantIntoConstMarksNoComputation) {
    ChangeGraph m;
    Journal journal;
    journal.begin(m.g);
    journal.beginStep("ConstantFoldingPass", "Stage1", 0);
    const NodeId folded = m.foldIntoConst(m.k, "k/folded");
    journal.endStep(0, {}, {});
    journal.end();
    const ConstantNodes constants(journal, m.g);
    EXPECT_TRUE(constants.contains(m.k));  // removed: known from its snapshot
    EXPECT_TRUE(constants.contains(folded));
    EXPECT_FALSE(constants.contains(m.add));

    const JournalStep& step = journal.steps().at(0);
    ASSERT_FALSE(step.editedNodes().empty());  // the raw journal does see the rewired Add
    const StepNodeChanges c = classifyStep(step, constants);
    EXPECT_TRUE(c.added.empty());
    EXPECT_TRUE(c.removed.empty());
    EXPECT_TRUE(c.edited.empty());
    EXPECT_EQ(c.constants, sorted({m.k, folded}));
}

TEST(StepChanges, FoldingAnOperationRemovesItAndEditsItsConsumer) {
    ChangeGraph m;
    Journal journal;
    journal.begin(m.g);
    journal.beginStep("ConstantFoldingPass", "Stage1", 0);
    const NodeId folded = m.foldIntoConst(m.sum, "sum/folded");
    m.g.removeNode(m.c1);
    m.g.removeNode(m.c2);
    journal.endStep(0, {}, {});
    journal.end();
    const StepNodeChanges c = classifyStep(journal.steps().at(0), ConstantNodes(journal, m.g));
    EXPECT_EQ(c.removed, std::vector<NodeId>{m.sum});
    EXPECT_TRUE(c.added.empty());
    EXPECT_EQ(c.edited, std::vector<NodeId>{m.mul});  // it now reads a constant instead of an Add
    EXPECT_EQ(c.constants, sorted({m.c1, m.c2, folded}));
}

TEST(StepChanges, AttributeEditsAndNewOperationsStillCount) {
    ChangeGraph m;
    Journal journal;
    journal.begin(m.g);
    journal.beginStep("Pass", "Stage1", 0);
    m.g.setAttribute(m.add, Attribute::makeInt("_do_not_constant_folding", 1));
    const NodeId relu = m.g.addNode("Relu", "", "relu", 1).id();
    m.g.addInput(relu, {m.mul, 0, 0});
    m.g.setInput(m.out, 0, {relu, 0, 0});
    // Added and removed within the step: nobody ever sees it.
    const NodeId transient = m.g.addNode("Const", "", "scratch", 1).id();
    m.g.removeNode(transient);
    journal.endStep(0, {}, {});
    journal.end();
    const StepNodeChanges c = classifyStep(journal.steps().at(0), ConstantNodes(journal, m.g));
    EXPECT_EQ(c.added, std::vector<NodeId>{relu});
    EXPECT_TRUE(c.removed.empty());
    EXPECT_EQ(c.edited, sorted({m.add, m.out}));
    EXPECT_TRUE(c.constants.empty());
}

// engine/dump/stage_replay: a sequence of graphs replayed into a journal must step, forward and
// backward, through exactly those graphs (docs/ge-dumps.md §6).
#include <gtest/gtest.h>

#include <algorithm>

#include "diff/graph_diff.h"
#include "dump/stage_replay.h"
#include "ir/op_types.h"
#include "pipeline/step_changes.h"
#include "same_graph.h"

namespace passscope {
namespace {

TensorDesc desc(Format origin, std::vector<int64_t> shape, Format storage,
                std::vector<int64_t> storageShape) {
    TensorDesc d = TensorDesc::tensor(DataType::Float16, Shape::fromExtents(shape), origin);
    d.storageFormat = storage;
    d.storageShape = Shape::fromExtents(storageShape);
    return d;
}
TensorDesc nchw(std::vector<int64_t> shape) {
    return desc(Format::NCHW, shape, Format::NCHW, shape);
}

// Builds a GE-shaped graph: Data, Const, ops in op::kGeDomain, one NetOutput.
struct Builder {
    std::unique_ptr<Graph> g = std::make_unique<Graph>();
    NodeId data(const std::string& name, TensorDesc d) {
        Node& n = g->addNode(std::string(op::kData), "", name, 1);
        g->setOutputName(n.id(), 0, name);
        g->setOutputDesc(n.id(), 0, d);
        std::vector<NodeId> inputs = g->inputs();
        inputs.push_back(n.id());
        g->setInputs(inputs);
        return n.id();
    }
    NodeId constant(const std::string& name, TensorDesc d, float fill) {
        Node& n = g->addNode(std::string(op::kConst), "", name, 1);
        const NodeId id = n.id();
        auto bytes =
            std::make_shared<StringBuffer>(std::string(reinterpret_cast<const char*>(&fill), sizeof(float)));
        g->setAttribute(
            id, Attribute::makeTensor(std::string(op::attr::kValue), Tensor(DataType::Float, {1}, bytes)));
        g->setOutputName(id, 0, name);
        g->setOutputDesc(id, 0, d);
        return id;
    }
    NodeId op(const std::string& type, const std::string& name, std::vector<NodeId> inputs, TensorDesc d) {
        const NodeId id = g->addNode(type, std::string(op::kGeDomain), name, 1).id();
        for (NodeId in : inputs) g->addInput(id, ValueRef{in, 0, 0});
        g->setOutputName(id, 0, name + ":0");
        g->setOutputDesc(id, 0, d);
        return id;
    }
    void output(NodeId from) {
        Node& n = g->addNode(std::string(op::kNetOutput), "", "NetOutput", 0);
        g->addInput(n.id(), ValueRef{from, 0, 0});
        g->setNetOutput(n.id());
    }
};

// Four stages the way GE's compile changes a conv net: formats refined, TransData inserted, the
// weight's TransData folded into a constant, a node renamed and a control edge added.
std::vector<std::unique_ptr<Graph>> convStages() {
    std::vector<std::unique_ptr<Graph>> stages;
    {
        Builder b;
        NodeId x = b.data("x", nchw({1, 3, 8, 8}));
        NodeId w = b.constant("w", nchw({4, 3, 3, 3}), 0.5f);
        NodeId conv = b.op("Conv2D", "conv", {x, w}, nchw({1, 4, 6, 6}));
        NodeId relu = b.op("Relu", "relu", {conv}, nchw({1, 4, 6, 6}));
        b.output(relu);
        stages.push_back(std::move(b.g));
    }
    {
        Builder b;
        NodeId x = b.data("x", nchw({1, 3, 8, 8}));
        NodeId w = b.constant("w", nchw({4, 3, 3, 3}), 0.5f);
        NodeId tx = b.op("TransData", "trans_x", {x},
                         desc(Format::NCHW, {1, 3, 8, 8}, Format::NC1HWC0, {1, 1, 8, 8, 16}));
        NodeId tw = b.op("TransData", "trans_w", {w},
                         desc(Format::NCHW, {4, 3, 3, 3}, Format::FRACTAL_Z, {9, 1, 16, 16}));
        NodeId conv = b.op("Conv2D", "conv", {tx, tw},
                           desc(Format::NCHW, {1, 4, 6, 6}, Format::NC1HWC0, {1, 1, 6, 6, 16}));
        NodeId back = b.op("TransData", "trans_y", {conv}, nchw({1, 4, 6, 6}));
        NodeId relu = b.op("Relu", "relu", {back}, nchw({1, 4, 6, 6}));
        b.output(relu);
        stages.push_back(std::move(b.g));
    }
    {
        Builder b;
        NodeId x = b.data("x", nchw({1, 3, 8, 8}));
        NodeId tx = b.op("TransData", "trans_x", {x},
                         desc(Format::NCHW, {1, 3, 8, 8}, Format::NC1HWC0, {1, 1, 8, 8, 16}));
        NodeId wf = b.constant("w_fractal",
                               desc(Format::NCHW, {4, 3, 3, 3}, Format::FRACTAL_Z, {9, 1, 16, 16}), 0.25f);
        NodeId conv = b.op("Conv2D", "conv", {tx, wf},
                           desc(Format::NCHW, {1, 4, 6, 6}, Format::NC1HWC0, {1, 1, 6, 6, 16}));
        NodeId back = b.op("TransData", "trans_y", {conv}, nchw({1, 4, 6, 6}));
        NodeId relu = b.op("Relu", "relu", {back}, nchw({1, 4, 6, 6}));
        b.output(relu);
        stages.push_back(std::move(b.g));
    }
    {
        Builder b;
        NodeId x = b.data("x", nchw({1, 3, 8, 8}));
        NodeId tx = b.op("TransData", "trans_x", {x},
                         desc(Format::NCHW, {1, 3, 8, 8}, Format::NC1HWC0, {1, 1, 8, 8, 16}));
        NodeId wf = b.constant("w_fractal",
                               desc(Format::NCHW, {4, 3, 3, 3}, Format::FRACTAL_Z, {9, 1, 16, 16}), 0.25f);
        NodeId conv = b.op("Conv2D", "conv", {tx, wf},
                           desc(Format::NCHW, {1, 4, 6, 6}, Format::NC1HWC0, {1, 1, 6, 6, 16}));
        b.g->setAttribute(conv, Attribute::makeInt("stream_id", 1));
        NodeId back = b.op("TransData", "trans_y", {conv}, nchw({1, 4, 6, 6}));
        NodeId relu = b.op("Relu", "relu_fused_1", {back}, nchw({1, 4, 6, 6}));
        b.g->addControlEdge(tx, relu);
        b.output(relu);
        stages.push_back(std::move(b.g));
    }
    return stages;
}

TEST(StageReplay, StepsThroughEveryStageForwardAndBackward) {
    std::vector<std::unique_ptr<Graph>> stages = convStages();
    std::unique_ptr<Graph> working = stages.front()->clone();
    Journal journal;
    journal.begin(*working);
    for (size_t k = 1; k < stages.size(); ++k) {
        journal.beginStep("stage" + std::to_string(k), "GE dump", 0);
        dump::replayStep(*working, *stages[k]);
        journal.endStep(0, {}, {});
    }
    journal.end();
    ASSERT_EQ(journal.steps().size(), stages.size() - 1);
    EXPECT_EQ(test::graphDifference(*working, *stages.back()), "");

    JournalCursor cursor(journal, *working);
    for (size_t k : {size_t{0}, size_t{2}, size_t{1}, size_t{3}, size_t{0}}) {
        cursor.moveTo(k);
        EXPECT_EQ(test::graphDifference(cursor.graph(), *stages[k]), "") << "position " << k;
    }
}

TEST(StageReplay, StepMarksNameWhatTheStageDid) {
    std::vector<std::unique_ptr<Graph>> stages = convStages();
    std::unique_ptr<Graph> working = stages[0]->clone();
    Journal journal;
    journal.begin(*working);
    journal.beginStep("insert", "GE dump", 0);
    diff::GraphDiff applied = dump::replayStep(*working, *stages[1]);
    journal.endStep(0, {}, {});
    journal.end();
    std::vector<std::string> added;
    for (NodeId id : journal.steps()[0].addedNodes()) added.push_back(working->node(id).name());
    std::sort(added.begin(), added.end());
    EXPECT_EQ(added, (std::vector<std::string>{"trans_w", "trans_x", "trans_y"}));
    EXPECT_EQ(applied.added.size(), 3u);
    EXPECT_TRUE(applied.removed.empty());
    // conv changed its inputs and its output description; relu its input.
    std::vector<std::string> changed;
    for (const diff::ChangedNode& c : applied.changed) changed.push_back(c.name);
    std::sort(changed.begin(), changed.end());
    EXPECT_EQ(changed, (std::vector<std::string>{"conv", "relu"}));
}

TEST(StageReplay, GraphInputsReorderedAndReplacedAreReplayed) {
    Builder a;
    NodeId x = a.data("x", nchw({1}));
    NodeId y = a.data("y", nchw({1}));
    a.output(a.op("Add", "add", {x, y}, nchw({1})));
    Builder b;
    NodeId y2 = b.data("y", nchw({1}));
    NodeId z = b.data("z", nchw({1}));
    b.output(b.op("Add", "add", {z, y2}, nchw({1})));

    std::unique_ptr<Graph> working = a.g->clone();
    Journal journal;
    journal.begin(*working);
    journal.beginStep("s", "GE dump", 0);
    dump::replayStep(*working, *b.g);
    journal.endStep(0, {}, {});
    journal.end();
    EXPECT_EQ(test::graphDifference(*working, *b.g), "");
    ASSERT_EQ(working->inputs().size(), 2u);
    EXPECT_EQ(working->node(working->inputs()[0]).name(), "y");
    EXPECT_EQ(working->node(working->inputs()[1]).name(), "z");
    JournalCursor cursor(journal, *working);
    cursor.moveTo(0);
    EXPECT_EQ(test::graphDifference(cursor.graph(), *a.g), "");
    EXPECT_EQ(cursor.graph().node(cursor.graph().inputs()[0]).name(), "x");
}

// A branch body whose Neg reads the main-graph value `outer` (an outer-scope read, depth 1).
GraphPtr negBody(NodeId outer) {
    auto body = std::make_shared<Graph>();
    const NodeId neg = body->addNode("Neg", "", "neg", 1).id();
    body->setOutputName(neg, 0, "neg_out");
    body->setInputsUnlinked(neg, {ValueRef{outer, 0, 1}});
    const NodeId out = body->addNode(std::string(op::kNetOutput), "", "branch_out", 0).id();
    body->setInputsUnlinked(out, {ValueRef{neg, 0, 0}});
    body->setNetOutput(out);
    return body;
}

// x, c -> If(x) whose then_branch negates c. `constantOp`: c is an ONNX Constant op, else a Const;
// `padding` Const nodes come first so that the ids of the two stages differ.
std::unique_ptr<Graph> ifReadingOuter(bool constantOp, int padding) {
    Builder b;
    NodeId x = b.data("x", nchw({1}));
    for (int k = 0; k < padding; ++k) b.constant("pad" + std::to_string(k), nchw({1}), 1.0f);
    NodeId c;
    if (constantOp) {
        c = b.g->addNode("Constant", "", "c", 1).id();
        b.g->setOutputName(c, 0, "c");
        b.g->setOutputDesc(c, 0, nchw({1}));
    } else {
        c = b.constant("c", nchw({1}), 2.0f);
    }
    const NodeId ifNode = b.g->addNode("If", "", "if", 1).id();
    b.g->addInput(ifNode, ValueRef{x, 0, 0});
    b.g->setOutputName(ifNode, 0, "y");
    b.g->setAttribute(ifNode, Attribute::makeGraph("then_branch", negBody(c)));
    b.output(ifNode);
    return std::move(b.g);
}

// A body reads a main-graph value by node id: when the stage replaces that value's producer (GE
// turning a Constant into a Const of the same name), the replayed body must read the new node.
TEST(StageReplay, BodiesFollowTheMainGraphValuesTheyRead) {
    std::unique_ptr<Graph> before = ifReadingOuter(true, 0);
    std::unique_ptr<Graph> after = ifReadingOuter(false, 3);
    std::unique_ptr<Graph> working = before->clone();
    Journal journal;
    journal.begin(*working);
    journal.beginStep("stage", "GE dump", 0);
    dump::replayStep(*working, *after);
    journal.endStep(0, {}, {});
    journal.end();
    EXPECT_EQ(test::graphDifference(*working, *after), "");
    // The body reads the Const that replaced the Constant.
    const Node* ifNode = nullptr;
    working->forEachNode([&](const Node& n) { ifNode = n.name() == "if" ? &n : ifNode; });
    ASSERT_NE(ifNode, nullptr);
    const Graph& body = *ifNode->subgraphs().front();
    const Node* neg = nullptr;
    body.forEachNode([&](const Node& n) { neg = n.name() == "neg" ? &n : neg; });
    ASSERT_NE(neg, nullptr);
    EXPECT_EQ(working->node(neg->input(0).node).opType(), op::kConst);
    JournalCursor cursor(journal, *working);
    cursor.moveTo(0);
    EXPECT_EQ(test::graphDifference(cursor.graph(), *before), "");
}

// GE renumbers its node `id` whenever a stage adds or removes a node upstream: the replay keeps
// the ids exact, but an id alone makes no node "changed" (diff) or "edited" (step marks).
TEST(StageReplay, GeNodeIdRenumberingIsBookkeeping) {
    std::vector<std::unique_ptr<Graph>> stages = convStages();
    Graph& before = *stages[0];
    std::unique_ptr<Graph> after = before.clone();
    NodeId relu = kNoNode, conv = kNoNode;
    after->forEachNode([&](const Node& n) {
        relu = n.name() == "relu" ? n.id() : relu;
        conv = n.name() == "conv" ? n.id() : conv;
    });
    after->setAttribute(relu, Attribute::makeInt("id", 7));
    after->setAttribute(conv, Attribute::makeInt("stream_id", 1));  // not bookkeeping
    std::unique_ptr<Graph> working = before.clone();
    Journal journal;
    journal.begin(*working);
    journal.beginStep("s", "GE dump", 0);
    diff::GraphDiff applied = dump::replayStep(*working, *after);
    journal.endStep(0, {}, {});
    journal.end();
    EXPECT_EQ(working->node(relu).attrInt("id", -1), 7);  // the replay keeps GE's ids
    ASSERT_EQ(applied.changed.size(), 1u);
    EXPECT_EQ(applied.changed[0].name, "conv");
    const StepNodeChanges marks = classifyStep(journal.steps()[0], ConstantNodes(journal, *working));
    EXPECT_EQ(marks.edited, std::vector<NodeId>{conv});
}

}  // namespace
}  // namespace passscope

// The journal holds what each step changed, not every edit made on the way (journal.h, issue 38):
// a node added and removed within a step leaves nothing, a field edited twice leaves one change,
// and the cursor still rebuilds every step exactly, forwards and backwards.
#include <gtest/gtest.h>

#include <functional>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "graph_equality.h"
#include "pipeline/journal.h"
#include "pipeline/step_changes.h"

using namespace passscope;
using passscope::test::compareGraphs;

namespace {

size_t countChanges(const JournalStep& step, size_t kindIndex) {
    size_t n = 0;
    for (const Change& c : step.changes) n += c.index() == kindIndex ? 1 : 0;
    return n;
}

// Runs `edits` as journal steps of `g`, snapshotting after each, then checks that a cursor gives
// every snapshot, forwards and backwards. Returns the journal for more checks.
struct Recorded {
    Journal journal;
    std::vector<std::unique_ptr<Graph>> snapshots;
};

void record(Graph& g, Recorded& r, const std::vector<std::function<void()>>& edits) {
    r.journal.begin(g);
    r.snapshots.push_back(g.clone());
    for (size_t i = 0; i < edits.size(); ++i) {
        r.journal.beginStep("step" + std::to_string(i), "test", 1);
        edits[i]();
        r.journal.endStep(0, {}, {});
        r.snapshots.push_back(g.clone());
    }
    r.journal.end();
}

void expectReplays(const Graph& g, const Recorded& r) {
    ASSERT_EQ(r.snapshots.size(), r.journal.steps().size() + 1);
    JournalCursor cursor(r.journal, g);
    for (size_t k = r.snapshots.size(); k-- > 0;) {
        cursor.moveTo(k);
        EXPECT_EQ(compareGraphs(*r.snapshots[k], cursor.graph()), "") << "back to step " << k;
    }
    for (size_t k = 0; k < r.snapshots.size(); ++k) {
        cursor.moveTo(k);
        EXPECT_EQ(compareGraphs(*r.snapshots[k], cursor.graph()), "") << "forward to step " << k;
    }
}

constexpr size_t kAdded = 0, kRemoved = 1, kInput = 2, kAttribute = 4, kOutputName = 7, kControl = 8;

// x -> a -> b -> NetOutput
struct NegAbsChain {
    Graph g;
    NodeId x, a, b, out;
    NegAbsChain() {
        x = g.addNode("Data", "", "x", 1).id();
        g.setOutputName(x, 0, "x");
        a = g.addNode("Neg", "", "a", 1).id();
        g.addInput(a, {x, 0, 0});
        b = g.addNode("Abs", "", "b", 1).id();
        g.addInput(b, {a, 0, 0});
        out = g.addNode("NetOutput", "", "", 0).id();
        g.addInput(out, {b, 0, 0});
        g.setNetOutput(out);
        g.setInputs({x});
    }
};

}  // namespace

TEST(JournalDeltas, ANodeAddedAndRemovedWithinAStepLeavesNothing) {
    NegAbsChain c;
    Recorded r;
    record(c.g, r, {[&] {
               const NodeId t = c.g.addNode("Relu", "", "transient", 1).id();
               c.g.addInput(t, {c.a, 0, 0});
               c.g.setAttribute(t, Attribute::makeInt("alpha", 1));
               c.g.setInput(c.b, 0, {t, 0, 0});
               c.g.setInput(c.b, 0, {c.a, 0, 0});
               c.g.removeNode(t);
           }});
    const JournalStep& step = r.journal.steps().at(0);
    EXPECT_TRUE(step.changes.empty());
    EXPECT_FALSE(step.changed);
    expectReplays(c.g, r);
}

TEST(JournalDeltas, AFieldEditedTwiceLeavesOneChangeFromFirstToLast) {
    NegAbsChain c;
    Recorded r;
    record(c.g, r, {[&] {
               c.g.setOutputName(c.a, 0, "first");
               c.g.setOutputName(c.a, 0, "second");
               c.g.setAttribute(c.a, Attribute::makeInt("k", 1));
               c.g.setAttribute(c.a, Attribute::makeInt("k", 2));
               c.g.setInput(c.b, 0, {c.x, 0, 0});
           }});
    const JournalStep& step = r.journal.steps().at(0);
    ASSERT_EQ(countChanges(step, kOutputName), 1u);
    ASSERT_EQ(countChanges(step, kAttribute), 1u);
    ASSERT_EQ(countChanges(step, kInput), 1u);
    for (const Change& ch : step.changes) {
        if (const auto* n = std::get_if<change::OutputNameChanged>(&ch)) {
            EXPECT_EQ(n->before, "");
            EXPECT_EQ(n->after, "second");
        } else if (const auto* a = std::get_if<change::AttributeChanged>(&ch)) {
            EXPECT_EQ(a->before, nullptr);
            ASSERT_NE(a->after, nullptr);
            EXPECT_EQ(std::get<int64_t>(a->after->value), 2);
        }
    }
    expectReplays(c.g, r);
}

TEST(JournalDeltas, RemovedNodesComeBackAsTheyWereBeforeTheStep) {
    NegAbsChain c;
    const NodeId k = c.g.addNode("Const", "", "k", 1).id();
    c.g.addControlEdge(k, c.b);
    Recorded r;
    record(c.g, r,
           {[&] {
                // Edited, then removed in the same step: undo must give its state before the step.
                c.g.setAttribute(c.a, Attribute::makeInt("edited", 1));
                c.g.setOutputName(c.a, 0, "renamed");
                c.g.setInput(c.out, 0, {c.x, 0, 0});
                c.g.removeNode(c.b);  // its control edge from k goes too
                c.g.removeNode(c.a);
            },
            [&] { c.g.removeNode(k); }});
    const JournalStep& step = r.journal.steps().at(0);
    EXPECT_EQ(countChanges(step, kRemoved), 2u);
    EXPECT_EQ(countChanges(step, kControl), 1u);
    EXPECT_EQ(countChanges(step, kAttribute), 0u);  // a's edits went with it
    for (const Change& ch : step.changes)
        if (const auto* rm = std::get_if<change::NodeRemoved>(&ch); rm && rm->snapshot->id() == c.a) {
            EXPECT_EQ(rm->snapshot->output(0).name, "");
        }
    expectReplays(c.g, r);
}

TEST(JournalDeltas, AnOwnerRemovedAfterItsBodyWasEditedInTheSameStepComesBackWithItsBody) {
    Graph g;
    const NodeId x = g.addNode("Data", "", "x", 1).id();
    const NodeId owner = g.addNode("If", "", "if", 1).id();
    g.addInput(owner, {x, 0, 0});
    auto body = std::make_shared<Graph>();
    const NodeId neg = body->addNode("Neg", "", "then_neg", 1).id();
    body->addInput(neg, {x, 0, 1});
    const NodeId bodyOut = body->addNode("NetOutput", "", "", 0).id();
    body->addInput(bodyOut, {neg, 0, 0});
    body->setNetOutput(bodyOut);
    g.setAttribute(owner, Attribute::makeGraph("then_branch", body));
    const NodeId out = g.addNode("NetOutput", "", "", 0).id();
    g.addInput(out, {owner, 0, 0});
    g.setNetOutput(out);
    g.setInputs({x});
    Recorded r;
    record(g, r, {[&] {
               g.setAttribute(owner, Attribute::makeInt("touched", 1));
               Graph* then = g.node(owner).findAttr("then_branch")->graphs().front();
               then->setAttribute(neg, Attribute::makeInt("edited", 1));
               const NodeId abs = then->addNode("Abs", "", "then_abs", 1).id();
               then->addInput(abs, {neg, 0, 0});
               then->setInput(bodyOut, 0, {abs, 0, 0});
               g.setInput(out, 0, {x, 0, 0});
               g.removeNode(owner);
           }});
    expectReplays(g, r);
}

TEST(JournalDeltas, AFoldedChainKeepsNoConstantItMadeOnTheWay) {
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.add_opset_import()->set_version(13);
    onnx::GraphProto& gp = *m.mutable_graph();
    onnx::TensorProto* init = gp.add_initializer();
    init->set_name("c");
    init->set_data_type(onnx::TensorProto::FLOAT);
    init->add_dims(4);
    for (float v : {1.0f, 2.0f, 3.0f, 4.0f}) init->add_float_data(v);
    std::string prev = "c";
    constexpr int kChain = 200;
    for (int i = 0; i < kChain; ++i) {
        onnx::NodeProto* n = gp.add_node();
        n->set_op_type("Neg");
        n->add_input(prev);
        prev = "v" + std::to_string(i);
        n->add_output(prev);
    }
    onnx::ValueInfoProto* o = gp.add_output();
    o->set_name(prev);
    o->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
    Model model = test::loadProto(m, "journal_deltas_chain");
    const std::unique_ptr<Graph> loaded = model.graph->clone();
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal);
    size_t added = 0, removed = 0;
    for (const JournalStep& s : journal.steps()) {
        added += countChanges(s, kAdded);
        removed += countChanges(s, kRemoved);
    }
    // One constant comes out of the chain; the chain and its initializer go.
    EXPECT_EQ(added, 1u);
    EXPECT_EQ(removed, static_cast<size_t>(kChain) + 1);
    JournalCursor cursor(journal, *model.graph);
    cursor.moveTo(0);
    EXPECT_EQ(compareGraphs(*loaded, cursor.graph()), "");
    cursor.moveTo(journal.steps().size());
    EXPECT_EQ(compareGraphs(*model.graph, cursor.graph()), "");
}

// The journal records what a consumer expects on its inputs (Node::inputDescs, set by the format
// passes, docs/ge-formats.md §5): a JournalCursor stepping back through the format stage puts the
// descriptions back as they were, and a step that changes them marks the node as edited.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <map>

#include "graph_equality.h"
#include "pipeline/step_changes.h"

#include "format_selection_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

using InputDescs = std::map<NodeId, std::vector<TensorDesc>>;

InputDescs inputDescsOf(const Graph& g) {
    InputDescs out;
    for (const Node* n : g.nodes()) out[n->id()] = n->inputDescs();
    return out;
}

// Empty when `g` has the input descriptions `expected`, else the first node that differs (gtest
// would print a TensorDesc as raw bytes).
std::string differingInputDescs(const InputDescs& expected, const Graph& g) {
    const InputDescs actual = inputDescsOf(g);
    if (actual.size() != expected.size()) return "another set of nodes";
    for (const auto& [id, descs] : expected) {
        auto it = actual.find(id);
        if (it == actual.end()) return "node " + std::to_string(id) + " missing";
        if (it->second != descs)
            return "node " + std::to_string(id) + " '" + g.node(id).displayName() +
                   "': " + std::to_string(it->second.size()) + " descs, expected " +
                   std::to_string(descs.size()) +
                   (it->second.size() == descs.size() ? " (contents differ)" : "");
    }
    return {};
}

TensorDesc fractalZ(int64_t n) {
    TensorDesc d = TensorDesc::tensor(DataType::Float, dims({n, 3, 3, 3}), Format::NCHW);
    d.storageFormat = Format::FRACTAL_Z;
    return d;
}

}  // namespace

TEST(JournalInputDescs, CursorRestoresInputDescsThroughTheFormatStage) {
    Model model = loadFormatModel(convGemmModel(), "journal_input_descs");
    const InputDescs before = inputDescsOf(*model.graph);
    const std::unique_ptr<Graph> initial = model.graph->clone();
    auto result = runFormatSelection(model, PipelineOptions{});
    const Graph& g = *model.graph;
    const InputDescs after = inputDescsOf(g);
    ASSERT_FALSE(transDatas(g).empty());
    // The passes did set input descriptions (else this test would prove nothing).
    const Node* conv = nodeNamed(g, "conv");
    ASSERT_NE(conv, nullptr);
    ASSERT_TRUE(before.at(conv->id()) != after.at(conv->id()));

    const size_t end = result->journal.steps().size();
    JournalCursor cursor(result->journal, g);
    cursor.moveTo(0);
    EXPECT_EQ(differingInputDescs(before, cursor.graph()), "");
    EXPECT_EQ(compareGraphs(*initial, cursor.graph()), "");
    cursor.moveTo(end);
    EXPECT_EQ(differingInputDescs(after, cursor.graph()), "");
    EXPECT_EQ(compareGraphs(g, cursor.graph()), "");

    // Every position reached backward equals the same position reached forward.
    std::vector<std::unique_ptr<Graph>> backward(end + 1);
    for (size_t k = end + 1; k-- > 0;) {
        cursor.moveTo(k);
        backward[k] = cursor.graph().clone();
    }
    for (size_t k = 0; k <= end; ++k) {
        cursor.moveTo(k);
        EXPECT_EQ(compareGraphs(*backward[k], cursor.graph()), "") << "forward to step " << k;
    }
    for (size_t k = end + 1; k-- > 0;) {
        cursor.moveTo(k);
        EXPECT_EQ(compareGraphs(*backward[k], cursor.graph()), "") << "back to step " << k;
    }

    // The StorageFormatSelection step marks the nodes whose expectations it set as edited.
    bool sawInputDescs = false;
    const ConstantNodes constants(result->journal, g);
    for (const JournalStep& s : result->journal.steps()) {
        const StepNodeChanges marks = classifyStep(s, constants);
        for (const Change& c : s.changes)
            if (const auto* d = std::get_if<change::InputDescsChanged>(&c)) {
                sawInputDescs = true;
                EXPECT_NE(*d->before, *d->after) << s.pass;
                if (!c.inMainGraph()) continue;
                const bool added = std::count(marks.added.begin(), marks.added.end(), d->node) > 0;
                const bool edited = std::count(marks.edited.begin(), marks.edited.end(), d->node) > 0;
                EXPECT_TRUE(added || edited) << s.pass << " node " << d->node;
            }
    }
    EXPECT_TRUE(sawInputDescs);
}

TEST(JournalInputDescs, SettingInputDescsIsAnEditWithBeforeAndAfter) {
    Graph g;
    const NodeId x = g.addNode("Data", "", "x", 1).id();
    const NodeId relu = g.addNode("Relu", "", "relu", 1).id();
    g.addInput(relu, {x, 0, 0});
    g.setInputs({x});
    Journal journal;
    journal.begin(g);
    journal.beginStep("select", "test", 1);
    g.setInputDescs(relu, {fractalZ(4)});
    journal.endStep(0, {}, {});
    journal.beginStep("same again", "test", 1);
    g.setInputDescs(relu, {fractalZ(4)});  // no change: nothing recorded
    journal.endStep(0, {}, {});
    journal.beginStep("clear", "test", 1);
    g.setInputDescs(relu, {});
    journal.endStep(0, {}, {});
    journal.end();

    ASSERT_EQ(journal.steps().size(), 3u);
    const JournalStep& select = journal.steps()[0];
    ASSERT_EQ(select.changes.size(), 1u);
    const auto* c = std::get_if<change::InputDescsChanged>(&select.changes[0]);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->node, relu);
    EXPECT_TRUE(c->before->empty());
    EXPECT_EQ(*c->after, std::vector<TensorDesc>{fractalZ(4)});
    EXPECT_EQ(select.editedNodes(), std::vector<NodeId>{relu});
    EXPECT_EQ(classifyStep(select, ConstantNodes(journal, g)).edited, std::vector<NodeId>{relu});
    EXPECT_FALSE(journal.steps()[1].changed);
    EXPECT_GT(journal.memoryBytes(), 0u);

    JournalCursor cursor(journal, g);
    EXPECT_TRUE(cursor.graph().node(relu).inputDescs().empty());
    cursor.moveTo(1);
    EXPECT_EQ(cursor.graph().node(relu).inputDescs(), std::vector<TensorDesc>{fractalZ(4)});
    cursor.moveTo(0);
    EXPECT_TRUE(cursor.graph().node(relu).inputDescs().empty());
    cursor.moveTo(3);
    EXPECT_TRUE(cursor.graph().node(relu).inputDescs().empty());
    cursor.moveTo(2);
    EXPECT_EQ(cursor.graph().node(relu).inputDescs(), std::vector<TensorDesc>{fractalZ(4)});
}

TEST(JournalInputDescs, RemovedAndRestoredNodesKeepTheirInputDescs) {
    Graph g;
    const NodeId x = g.addNode("Data", "", "x", 1).id();
    const NodeId relu = g.addNode("Relu", "", "relu", 1).id();
    g.addInput(relu, {x, 0, 0});
    g.setInputDescs(relu, {fractalZ(2)});
    g.setInputs({x});
    Journal journal;
    journal.begin(g);
    journal.beginStep("remove", "test", 1);
    std::shared_ptr<const Node> snapshot = Graph::detachedCopy(g.node(relu));
    g.removeNode(relu);
    journal.endStep(0, {}, {});
    journal.beginStep("restore", "test", 1);
    g.restoreNode(*snapshot);  // arrives complete: its input descs are recorded as an edit
    journal.endStep(0, {}, {});
    journal.beginStep("change", "test", 1);
    g.setInputDescs(relu, {fractalZ(8)});
    journal.endStep(0, {}, {});
    journal.end();

    JournalCursor cursor(journal, g);
    const std::vector<std::vector<TensorDesc>> expected{{fractalZ(2)}, {}, {fractalZ(2)}, {fractalZ(8)}};
    for (size_t k : std::initializer_list<size_t>{0, 1, 2, 3, 2, 1, 0, 3, 0}) {
        cursor.moveTo(k);
        const Node* n = cursor.graph().findNode(relu);
        if (k == 1) {
            EXPECT_EQ(n, nullptr);
            continue;
        }
        ASSERT_NE(n, nullptr) << "step " << k;
        EXPECT_EQ(n->inputDescs(), expected[k]) << "step " << k;
    }
}

TEST(JournalInputDescs, ABodyNodesInputDescsCarryTheBodyPath) {
    Graph g;
    const NodeId x = g.addNode("Data", "", "x", 1).id();
    const NodeId owner = g.addNode("If", "", "if", 1).id();
    g.addInput(owner, {x, 0, 0});
    auto body = std::make_shared<Graph>();
    body->name = "then";
    const NodeId neg = body->addNode("Neg", "", "then_neg", 1).id();
    body->addInput(neg, {x, 0, 1});
    const NodeId bodyOut = body->addNode("NetOutput", "", "", 0).id();
    body->addInput(bodyOut, {neg, 0, 0});
    body->setNetOutput(bodyOut);
    g.setAttribute(owner, Attribute::makeGraph("then_branch", body));
    g.setInputs({x});
    Graph* then = g.node(owner).findAttr("then_branch")->graphs().front();

    Journal journal;
    journal.begin(g);
    journal.beginStep("select in body", "test", 1, pathOf(*then), "if/then_branch");
    then->setInputDescs(neg, {fractalZ(4)});
    journal.endStep(0, {}, {});
    journal.end();

    ASSERT_EQ(journal.steps().size(), 1u);
    const JournalStep& step = journal.steps()[0];
    ASSERT_EQ(step.changes.size(), 1u);
    const GraphPath thenPath{{owner, "then_branch", 0}};
    EXPECT_EQ(step.changes[0].graph, thenPath);
    EXPECT_TRUE(std::holds_alternative<change::InputDescsChanged>(step.changes[0]));
    EXPECT_EQ(step.editedNodes(), std::vector<NodeId>{owner});
    EXPECT_EQ(classifyStep(step, ConstantNodes(journal, g)).edited, std::vector<NodeId>{owner});
    EXPECT_EQ(classifyStep(step, ConstantNodes(journal, *then, thenPath), thenPath).edited,
              std::vector<NodeId>{neg});

    JournalCursor cursor(journal, g);
    cursor.moveTo(0);
    const Graph* at0 = resolvePath(cursor.graph(), thenPath);
    ASSERT_NE(at0, nullptr);
    EXPECT_TRUE(at0->node(neg).inputDescs().empty());
    cursor.moveTo(1);
    EXPECT_EQ(compareGraphs(g, cursor.graph()), "");
    EXPECT_EQ(resolvePath(cursor.graph(), thenPath)->node(neg).inputDescs(),
              std::vector<TensorDesc>{fractalZ(4)});
}

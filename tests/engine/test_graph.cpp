// Graph editing API: use lists, replaceAllUses (including reads from subgraphs), removal,
// stable ids, topological order, cloning without copying weights.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine_helpers.h"
#include "ir/graph.h"
#include "ir/op_types.h"

using namespace passscope;
using passscope::test::scalarFloat;

namespace {

struct Chain {
    Graph g;
    NodeId x, c, add, relu, out;
    Chain() {
        x = g.addNode("Data", "", "x", 1).id();
        g.setOutputName(x, 0, "x");
        c = g.addNode("Const", "", "c", 1).id();
        g.setOutputName(c, 0, "c");
        g.setAttribute(c, Attribute::makeTensor("value", scalarFloat(2.0f)));
        add = g.addNode("Add", "", "add", 1).id();
        g.setOutputName(add, 0, "sum");
        g.addInput(add, {x, 0, 0});
        g.addInput(add, {c, 0, 0});
        relu = g.addNode("Relu", "", "relu", 1).id();
        g.setOutputName(relu, 0, "y");
        g.addInput(relu, {add, 0, 0});
        out = g.addNode("NetOutput", "", "", 0).id();
        g.addInput(out, {relu, 0, 0});
        g.setNetOutput(out);
        g.setInputs({x});
    }
};

}  // namespace

TEST(Graph, UseListsFollowEdits) {
    Chain t;
    ASSERT_EQ(t.g.node(t.x).output(0).uses.size(), 1u);
    EXPECT_EQ(t.g.node(t.x).output(0).uses[0], (Use{t.add, 0}));
    t.g.setInput(t.relu, 0, {t.x, 0, 0});
    EXPECT_TRUE(t.g.node(t.add).output(0).uses.empty());
    EXPECT_EQ(t.g.node(t.x).output(0).uses.size(), 2u);
}

TEST(Graph, ReplaceAllUsesMovesEveryConsumer) {
    Chain t;
    t.g.replaceAllUses({t.add, 0, 0}, {t.x, 0, 0});
    EXPECT_EQ(t.g.node(t.relu).input(0), (ValueRef{t.x, 0, 0}));
    EXPECT_TRUE(t.g.node(t.add).output(0).uses.empty());
}

TEST(Graph, RemovedIdsAreNeverReused) {
    Chain t;
    t.g.replaceAllUses({t.add, 0, 0}, {t.x, 0, 0});
    t.g.removeNode(t.add);
    EXPECT_EQ(t.g.findNode(t.add), nullptr);
    EXPECT_EQ(t.g.node(t.c).output(0).uses.size(), 0u);
    NodeId fresh = t.g.addNode("Identity", "", "id", 1).id();
    EXPECT_GT(fresh, t.out);
    EXPECT_EQ(t.g.nodeCount(), 5u);
}

TEST(Graph, RemovingAProducerDetachesItsConsumers) {
    Chain t;
    t.g.removeNode(t.add);
    EXPECT_FALSE(t.g.node(t.relu).input(0).valid());
    EXPECT_TRUE(t.g.node(t.x).output(0).uses.empty());
}

TEST(Graph, TopologicalOrderIsStableAndFindsCycles) {
    Chain t;
    auto order = t.g.topologicalOrder();
    ASSERT_TRUE(order);
    EXPECT_EQ(*order, (std::vector<NodeId>{t.x, t.c, t.add, t.relu, t.out}));
    t.g.setInput(t.add, 0, {t.relu, 0, 0});  // add <- relu <- add
    NodeId culprit = kNoNode;
    EXPECT_FALSE(t.g.topologicalOrder(&culprit));
    EXPECT_TRUE(culprit == t.add || culprit == t.relu || culprit == t.out);
}

TEST(Graph, ControlEdgesOrderNodes) {
    Chain t;
    NodeId late = t.g.addNode("Identity", "", "late", 1).id();
    t.g.addInput(late, {t.x, 0, 0});
    t.g.addControlEdge(late, t.add);
    auto order = *t.g.topologicalOrder();
    auto pos = [&](NodeId id) { return std::find(order.begin(), order.end(), id) - order.begin(); };
    EXPECT_LT(pos(late), pos(t.add));
    t.g.removeNode(late);
    EXPECT_TRUE(t.g.node(t.add).controlInputs().empty());
}

TEST(Graph, CloneSharesWeightsButNotStructure) {
    Chain t;
    auto copy = t.g.clone();
    const Tensor* a = t.g.node(t.c).attrTensor("value");
    const Tensor* b = copy->node(t.c).attrTensor("value");
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->buffer().get(), b->buffer().get());  // same bytes, no copy
    copy->setInput(t.relu, 0, {t.x, 0, 0});
    EXPECT_EQ(t.g.node(t.relu).input(0), (ValueRef{t.add, 0, 0}));
}

TEST(Graph, SubgraphReadsOfOuterValuesAreImplicitUses) {
    Chain t;
    auto body = std::make_shared<Graph>();
    NodeId owner = t.g.addNode("If", "", "if", 1).id();
    t.g.setAttribute(owner, Attribute::makeGraph("then_branch", body));
    NodeId inner = body->addNode("Neg", "", "neg", 1).id();
    body->addInput(inner, {t.add, 0, 1});  // reads outer "sum"
    ASSERT_EQ(body->producer(body->node(inner).input(0))->name(), "add");
    const auto& uses = t.g.node(t.add).output(0).uses;
    EXPECT_NE(std::find(uses.begin(), uses.end(), Use{owner, Use::kImplicit}), uses.end());
    // The owner must come after the producer of what its body reads.
    auto order = *t.g.topologicalOrder();
    auto pos = [&](NodeId id) { return std::find(order.begin(), order.end(), id) - order.begin(); };
    EXPECT_LT(pos(t.add), pos(owner));
    // Replacing the outer value rewrites the body's reference.
    t.g.replaceAllUses({t.add, 0, 0}, {t.x, 0, 0});
    EXPECT_EQ(body->node(inner).input(0), (ValueRef{t.x, 0, 1}));
    const auto& xUses = t.g.node(t.x).output(0).uses;
    EXPECT_NE(std::find(xUses.begin(), xUses.end(), Use{owner, Use::kImplicit}), xUses.end());
}

TEST(Graph, ObserverSeesEveryEdit) {
    // Every one of GraphObserver's nine callbacks, with the values it is given: the journal
    // undoes each change from exactly these.
    struct Recorder : GraphObserver {
        std::vector<std::string> calls;
        void nodeAdded(const Graph&, const Node& n) override { calls.push_back("added " + n.name()); }
        void nodeRemoved(const Graph&, const Node& n) override {
            calls.push_back("removed " + n.name() + " inputs " + std::to_string(n.inputs().size()));
        }
        void inputChanged(const Graph&, const Node& n, size_t i, const ValueRef& before) override {
            calls.push_back("input " + n.name() + "[" + std::to_string(i) + "] was " +
                            (before.valid() ? std::to_string(before.node) : std::string("none")) + " now " +
                            (n.input(i).valid() ? std::to_string(n.input(i).node) : std::string("none")));
        }
        void inputsResized(const Graph&, const Node& n, size_t oldCount) override {
            calls.push_back("resized " + n.name() + " " + std::to_string(oldCount) + "->" +
                            std::to_string(n.inputs().size()));
        }
        void attributeChanged(const Graph&, const Node& n, const Attribute* before,
                              const Attribute* after) override {
            calls.push_back("attr " + n.name() + (before ? " had" : " new") + (after ? " set" : " removed"));
        }
        void outputDescChanged(const Graph&, const Node& n, size_t o, const TensorDesc& before) override {
            calls.push_back("desc " + n.name() + "[" + std::to_string(o) + "] " +
                            (before.hasType() ? "typed" : "untyped") + "->" +
                            (n.output(o).desc.hasType() ? "typed" : "untyped"));
        }
        void outputNameChanged(const Graph&, const Node& n, size_t o, const std::string& before) override {
            calls.push_back("name " + n.name() + "[" + std::to_string(o) + "] '" + before + "'->'" +
                            n.output(o).name + "'");
        }
        void controlEdgeChanged(const Graph& g, NodeId from, NodeId to, bool added) override {
            calls.push_back(std::string(added ? "control+ " : "control- ") + g.node(from).name() + "->" +
                            g.node(to).name());
        }
        void graphInputsChanged(const Graph& g, const std::vector<NodeId>& before) override {
            calls.push_back("graph inputs " + std::to_string(before.size()) + "->" +
                            std::to_string(g.inputs().size()));
        }
    } rec;
    Chain t;
    t.g.setObserver(&rec);
    NodeId n = t.g.addNode("Identity", "", "i", 1).id();
    t.g.addInput(n, {t.x, 0, 0});
    t.g.setAttribute(n, Attribute::makeInt(std::string(op::attr::kDoNotConstantFolding), 1));
    t.g.setAttribute(n, Attribute::makeInt(std::string(op::attr::kDoNotConstantFolding), 0));
    EXPECT_TRUE(t.g.removeAttribute(n, op::attr::kDoNotConstantFolding));
    t.g.setInput(n, 0, {t.c, 0, 0});
    t.g.setInputCount(n, 2);
    TensorDesc desc;
    desc.kind = ValueKind::Tensor;
    desc.dtype = DataType::Float;
    t.g.setOutputDesc(n, 0, desc);
    t.g.setOutputName(n, 0, "copy");
    t.g.addControlEdge(t.add, n);
    t.g.removeControlEdge(t.add, n);
    t.g.addControlEdge(t.add, n);
    t.g.setInputs({t.x, t.c});
    const std::string x = std::to_string(t.x), c = std::to_string(t.c);
    const std::vector<std::string> beforeRemoval{
        "added i",
        "resized i 0->1",  // addInput grows the list, then sets the new slot
        "input i[0] was none now " + x,
        "attr i new set",
        "attr i had set",
        "attr i had removed",
        "input i[0] was " + x + " now " + c,
        "resized i 1->2",
        "desc i[0] untyped->typed",
        "name i[0] ''->'copy'",
        "control+ add->i",
        "control- add->i",
        "control+ add->i",
        "graph inputs 1->2",  // with the list before the change
    };
    ASSERT_EQ(rec.calls, beforeRemoval);
    // Removal reports its control edges, then the node with its inputs kept (the snapshot the
    // journal restores from); the producers no longer list it as a use.
    rec.calls.clear();
    t.g.removeNode(n);
    EXPECT_EQ(rec.calls, (std::vector<std::string>{"control- add->i", "removed i inputs 2"}));
    for (const Use& u : t.g.node(t.c).output(0).uses) EXPECT_NE(u.node, n);
}

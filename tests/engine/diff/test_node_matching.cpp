// matchNodes (docs/graph-diff.md §1–§3): names, value names for structural nodes, then op type
// and neighbourhood for renamed and unnamed nodes.
#include <gtest/gtest.h>

#include <algorithm>

#include "diff/graph_diff.h"
#include "diff_graphs.h"

using namespace passscope;
using namespace passscope::diff;
using passscope::test::GraphBuilder;

namespace {

NodeId partnerOf(const NodeMatching& m, NodeId a) {
    for (const auto& [x, y] : m.matched)
        if (x == a) return y;
    return kNoNode;
}

// x -> Conv(w) -> Relu -> Add(x') -> out, every node named as given.
struct MatchChain {
    GraphBuilder b;
    NodeId x, w, conv, relu, add, out;
    MatchChain(const std::string& convName, const std::string& reluName, const std::string& addName) {
        x = b.data("x");
        w = b.data("w");
        conv = b.node("Conv", convName, {x, w});
        relu = b.node("Relu", reluName, {conv});
        add = b.node("Add", addName, {relu, x});
        out = b.output({add});
    }
};

}  // namespace

TEST(NodeMatching, IdenticalGraphsMatchEveryNode) {
    MatchChain a("conv", "relu", "add"), b("conv", "relu", "add");
    NodeMatching m = matchNodes(a.b.graph(), b.b.graph());
    EXPECT_EQ(m.matched.size(), a.b.graph().nodeCount());
    EXPECT_TRUE(m.onlyInA.empty());
    EXPECT_TRUE(m.onlyInB.empty());
    EXPECT_EQ(partnerOf(m, a.relu), b.relu);
}

TEST(NodeMatching, RenamedNodesMatchByNeighbourhood) {
    // GE renames nodes between stages: same ops, same wiring, other names (and value names).
    MatchChain a("conv", "relu", "add"), b("Conv2D_1", "Relu_7", "Add_3");
    NodeMatching m = matchNodes(a.b.graph(), b.b.graph());
    EXPECT_EQ(partnerOf(m, a.conv), b.conv);
    EXPECT_EQ(partnerOf(m, a.relu), b.relu);
    EXPECT_EQ(partnerOf(m, a.add), b.add);
    EXPECT_EQ(partnerOf(m, a.out), b.out);
    EXPECT_TRUE(m.onlyInA.empty() && m.onlyInB.empty());
}

TEST(NodeMatching, UnnamedNodesMatchByValueOrNeighbourhood) {
    // ONNX exporters often leave node names empty; value names then identify the nodes.
    MatchChain a("", "", ""), b("", "", "");
    NodeMatching m = matchNodes(a.b.graph(), b.b.graph());
    EXPECT_EQ(partnerOf(m, a.relu), b.relu);
    // Unnamed and with other value names: structure alone.
    GraphBuilder c;
    NodeId x = c.data("x"), w = c.data("w");
    NodeId conv = c.node("Conv", "", {x, w}, "t0"), relu = c.node("Relu", "", {conv}, "t1");
    NodeId add = c.node("Add", "", {relu, x}, "t2");
    c.output({add});
    m = matchNodes(a.b.graph(), c.graph());
    EXPECT_EQ(partnerOf(m, a.conv), conv);
    EXPECT_EQ(partnerOf(m, a.relu), relu);
    EXPECT_EQ(partnerOf(m, a.add), add);
}

TEST(NodeMatching, BackwardFromMatchedConsumers) {
    // Two renamed producers without inputs look alike from the input side; the named consumer
    // tells them apart (which input each feeds).
    auto build = [](GraphBuilder& g, const std::string& prefix) {
        NodeId k1 = g.node("RandomNormal", prefix + "k1", {});
        NodeId k2 = g.node("RandomNormal", prefix + "k2", {});
        NodeId add = g.node("Add", "add", {k1, k2});
        g.output({add});
        return std::array<NodeId, 2>{k1, k2};
    };
    GraphBuilder a, b;
    auto na = build(a, "a/"), nb = build(b, "b/");
    NodeMatching m = matchNodes(a.graph(), b.graph());
    for (int i = 0; i < 2; ++i) EXPECT_EQ(partnerOf(m, na[i]), nb[i]) << i;
}

TEST(NodeMatching, AmbiguousCandidatesStayUnmatched) {
    // Two unnamed Relus of the same input: nothing tells them apart, so neither is guessed.
    GraphBuilder a, b;
    for (GraphBuilder* g : {&a, &b}) {
        NodeId x = g->data("x");
        NodeId r1 = g->node("Relu", "", {x}, g == &a ? "p" : "q");
        NodeId r2 = g->node("Relu", "", {x}, g == &a ? "r" : "s");
        g->output({r1, r2});
    }
    NodeMatching m = matchNodes(a.graph(), b.graph());
    // The output's inputs distinguish them (input 0 vs 1): matched through the consumer side.
    EXPECT_EQ(m.onlyInA.size(), 0u);
    GraphBuilder c, d;
    for (GraphBuilder* g : {&c, &d}) {
        NodeId x = g->data("x");
        g->node("Relu", "", {x}, g == &c ? "p" : "q");
        g->node("Relu", "", {x}, g == &c ? "r" : "s");
        g->output({});
    }
    m = matchNodes(c.graph(), d.graph());
    EXPECT_EQ(m.onlyInA.size(), 2u);
    EXPECT_EQ(m.onlyInB.size(), 2u);
}

TEST(NodeMatching, AddedAndRemovedNodes) {
    GraphBuilder a, b;
    NodeId xa = a.data("x");
    NodeId ra = a.node("Relu", "relu", {xa});
    NodeId dead = a.node("Sigmoid", "dead", {xa});
    (void)dead;
    a.output({ra});
    NodeId xb = b.data("x");
    NodeId cast = b.node("Cast", "cast_in", {xb});
    NodeId rb = b.node("Relu", "relu", {cast});
    b.output({rb});
    NodeMatching m = matchNodes(a.graph(), b.graph());
    EXPECT_EQ(partnerOf(m, ra), rb);
    ASSERT_EQ(m.onlyInA.size(), 1u);
    EXPECT_EQ(a.graph().node(m.onlyInA[0]).name(), "dead");
    ASSERT_EQ(m.onlyInB.size(), 1u);
    EXPECT_EQ(b.graph().node(m.onlyInB[0]).name(), "cast_in");
}

TEST(NodeMatching, StructuralNodesKnownByValueName) {
    // A Const a pass made is named "fold/Add" with value "fold/Add:0"; after an ONNX reload the
    // node takes its value's name. Same identity.
    GraphBuilder a, b;
    Node& ca = a.graph().addNode(std::string(op::kConst), "", "fold/Add", 1);
    a.graph().setOutputName(ca.id(), 0, "fold/Add:0");
    Node& cb = b.graph().addNode(std::string(op::kConst), "", "fold/Add:0", 1);
    b.graph().setOutputName(cb.id(), 0, "fold/Add:0");
    NodeMatching m = matchNodes(a.graph(), b.graph());
    ASSERT_EQ(m.matched.size(), 1u);
}

TEST(NodeMatching, Deterministic) {
    MatchChain a("", "", ""), b("x1", "x2", "x3");
    NodeMatching m1 = matchNodes(a.b.graph(), b.b.graph());
    NodeMatching m2 = matchNodes(a.b.graph(), b.b.graph());
    EXPECT_EQ(m1.matched, m2.matched);
    EXPECT_EQ(m1.onlyInA, m2.onlyInA);
}

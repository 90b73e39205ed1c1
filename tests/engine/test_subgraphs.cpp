// Subgraphs (If/Loop/Scan bodies) are graphs like the main one: implicit uses follow attribute
// edits, the journal records edits inside bodies and replays them step by step, why-not reasons
// name the body they belong to, the pipeline optimizes bodies as steps of their own. Also: the
// journal stays linear in the model's size (a long foldable chain, many dead nodes).
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "graph_equality.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "measured_models.h"
#include "model_builders.h"
#include "pipeline/step_changes.h"
#include "report/model_info.h"
#include "report/pipeline_report.h"

using namespace passscope;
using namespace passscope::test;
namespace fs = std::filesystem;

namespace {

// Every use list of `g` and its bodies, sorted, by "path:node:output": equal for two graphs
// exactly when their use lists hold the same uses.
std::map<std::string, std::vector<std::pair<NodeId, int32_t>>> useLists(const Graph& g,
                                                                        const std::string& at = "") {
    std::map<std::string, std::vector<std::pair<NodeId, int32_t>>> out;
    for (const Node* n : g.nodes()) {
        for (size_t o = 0; o < n->outputs().size(); ++o) {
            auto& list = out[at + std::to_string(n->id()) + ":" + std::to_string(o)];
            for (const Use& u : n->output(o).uses) list.emplace_back(u.node, u.input);
            std::sort(list.begin(), list.end());
        }
        for (const Attribute& a : n->attributes()) {
            const auto bodies = a.graphs();
            for (size_t k = 0; k < bodies.size(); ++k) {
                auto inner = useLists(
                    *bodies[k], at + std::to_string(n->id()) + "/" + a.name + "[" + std::to_string(k) + "]/");
                out.insert(inner.begin(), inner.end());
            }
        }
    }
    return out;
}

// The use lists `g` would have if rebuilt from its inputs.
std::map<std::string, std::vector<std::pair<NodeId, int32_t>>> rebuiltUseLists(const Graph& g) {
    std::unique_ptr<Graph> copy = g.clone();
    copy->rebuildUses();
    return useLists(*copy);
}

// x, c (a constant), out = NetOutput(x).
struct Outer {
    Graph g;
    NodeId x, c, c2, out;
    Outer() {
        x = g.addNode("Data", "", "x", 1).id();
        g.setOutputName(x, 0, "x");
        c = g.addNode("Const", "", "c", 1).id();
        g.setOutputName(c, 0, "c");
        g.setAttribute(c, Attribute::makeTensor("value", scalarFloat(2.0f)));
        c2 = g.addNode("Const", "", "c2", 1).id();
        g.setOutputName(c2, 0, "c2");
        g.setAttribute(c2, Attribute::makeTensor("value", scalarFloat(3.0f)));
        out = g.addNode("NetOutput", "", "", 0).id();
        g.addInput(out, {x, 0, 0});
        g.setNetOutput(out);
        g.setInputs({x});
    }
};

// A body (not yet attached) whose one node reads the outer value `outer` at depth 1.
std::shared_ptr<Graph> bodyReading(NodeId outer, const std::string& name) {
    auto body = std::make_shared<Graph>();
    body->name = name;
    NodeId neg = body->addNode("Neg", "", name + "_neg", 1).id();
    body->setOutputName(neg, 0, name + "_out");
    body->addInput(neg, {outer, 0, 1});
    NodeId out = body->addNode("NetOutput", "", "", 0).id();
    body->addInput(out, {neg, 0, 0});
    body->setNetOutput(out);
    return body;
}

size_t implicitUses(const Graph& g, NodeId producer, NodeId owner) {
    const auto& uses = g.node(producer).output(0).uses;
    return static_cast<size_t>(std::count(uses.begin(), uses.end(), Use{owner, Use::kImplicit}));
}

}  // namespace

TEST(Subgraphs, SetAttributeKeepsImplicitUsesAsRebuildUsesWould) {
    Outer t;
    NodeId owner = t.g.addNode("If", "", "if", 1).id();
    t.g.addInput(owner, {t.x, 0, 0});
    t.g.setAttribute(owner, Attribute::makeGraph("then_branch", bodyReading(t.c, "then")));
    EXPECT_EQ(implicitUses(t.g, t.c, owner), 1u);
    EXPECT_EQ(useLists(t.g), rebuiltUseLists(t.g));
    t.g.setAttribute(owner, Attribute::makeGraph("else_branch", bodyReading(t.c, "else")));
    EXPECT_EQ(implicitUses(t.g, t.c, owner), 2u);
    // Replacing a body moves the implicit use from what the old one read to what the new one reads.
    t.g.setAttribute(owner, Attribute::makeGraph("then_branch", bodyReading(t.c2, "then2")));
    EXPECT_EQ(implicitUses(t.g, t.c, owner), 1u);
    EXPECT_EQ(implicitUses(t.g, t.c2, owner), 1u);
    EXPECT_EQ(useLists(t.g), rebuiltUseLists(t.g));
    // A body inside a body reading the main graph (depth 2): the use lands on the outer owner.
    auto outerBody = std::make_shared<Graph>();
    auto inner = std::make_shared<Graph>();
    NodeId deep = inner->addNode("Neg", "", "deep", 1).id();
    inner->addInput(deep, {t.c2, 0, 2});
    NodeId nestedIf = outerBody->addNode("If", "", "nested_if", 1).id();
    outerBody->setAttribute(nestedIf, Attribute::makeGraph("then_branch", inner));
    NodeId loop = t.g.addNode("Loop", "", "loop", 1).id();
    t.g.setAttribute(loop, Attribute::makeGraph("body", outerBody));
    EXPECT_EQ(implicitUses(t.g, t.c2, loop), 1u);
    EXPECT_EQ(useLists(t.g), rebuiltUseLists(t.g));
    EXPECT_TRUE(t.g.removeAttribute(owner, "then_branch"));
    EXPECT_EQ(implicitUses(t.g, t.c2, owner), 0u);
    EXPECT_EQ(useLists(t.g), rebuiltUseLists(t.g));
    t.g.removeNode(loop);
    EXPECT_EQ(implicitUses(t.g, t.c2, loop), 0u);
    EXPECT_EQ(useLists(t.g), rebuiltUseLists(t.g));
}

TEST(Subgraphs, JournalReplaysEveryBodyEditForwardAndBackward) {
    Outer t;
    NodeId owner = t.g.addNode("If", "", "if", 1).id();
    t.g.addInput(owner, {t.x, 0, 0});
    t.g.setAttribute(owner, Attribute::makeGraph("then_branch", bodyReading(t.c, "then")));
    t.g.setAttribute(owner, Attribute::makeGraph("else_branch", bodyReading(t.c, "else")));
    ASSERT_EQ(implicitUses(t.g, t.c, owner), 2u);

    Journal journal;
    journal.begin(t.g);
    std::vector<std::unique_ptr<Graph>> snapshots;
    snapshots.push_back(t.g.clone());
    Graph* then = t.g.node(owner).findAttr("then_branch")->graphs().front();
    auto step = [&](const std::string& name, const std::function<void()>& edit) {
        journal.beginStep(name, "test", 1, pathOf(*then), describePath(t.g, pathOf(*then)));
        edit();
        journal.endStep(0, {}, {});
        snapshots.push_back(t.g.clone());
    };
    const NodeId neg = byName(*then, "then_neg")->id();
    NodeId added = kNoNode;
    step("add a body node reading an outer value", [&] {
        added = then->addNode("Abs", "", "then_abs", 1).id();
        then->setOutputName(added, 0, "then_abs_out");
        then->addInput(added, {t.c2, 0, 1});
        then->setInput(then->netOutput(), 0, {added, 0, 0});
    });
    step("remove a body node", [&] { then->removeNode(neg); });
    step("edit attributes, descriptions and control edges in a body", [&] {
        then->setAttribute(added, Attribute::makeInt(std::string(op::attr::kDoNotConstantFolding), 1));
        TensorDesc d;
        d.kind = ValueKind::Tensor;
        d.dtype = DataType::Float;
        then->setOutputDesc(added, 0, d);
        then->setOutputName(added, 0, "renamed");
        NodeId k = then->addNode("Const", "", "then_k", 1).id();
        then->setAttribute(k, Attribute::makeTensor("value", scalarFloat(5.0f)));
        then->addControlEdge(k, added);
        then->setInputs({k});
        then->setInputs({});
    });
    step("rewire an outer value read by both bodies (main graph edit)", [&] {
        t.g.replaceAllUses({t.c, 0, 0}, {t.c2, 0, 0});
    });
    step("replace a body",
         [&] { t.g.setAttribute(owner, Attribute::makeGraph("else_branch", bodyReading(t.c, "else2"))); });
    step("edit inside the new body", [&] {
        Graph* fresh = t.g.node(owner).findAttr("else_branch")->graphs().front();
        NodeId n = fresh->addNode("Relu", "", "else2_relu", 1).id();
        fresh->addInput(n, {t.x, 0, 1});
    });
    step("remove the owner", [&] {
        t.g.setInput(t.g.netOutput(), 0, {t.x, 0, 0});
        t.g.removeNode(owner);
    });
    journal.end();

    ASSERT_EQ(snapshots.size(), journal.steps().size() + 1);
    // Body edits carry their body's path; they highlight the owner in the main graph.
    const JournalStep& first = journal.steps()[0];
    ASSERT_FALSE(first.changes.empty());
    EXPECT_EQ(first.changes.front().graph, (GraphPath{{owner, "then_branch", 0}}));
    EXPECT_EQ(first.graphName, "if/then_branch");
    EXPECT_EQ(first.editedNodes(), std::vector<NodeId>{owner});
    EXPECT_TRUE(first.addedNodes().empty());
    // Classified for the main graph the step edits the owner; for the body, it adds then_abs.
    EXPECT_EQ(classifyStep(first, ConstantNodes(journal, t.g)).edited, std::vector<NodeId>{owner});

    JournalCursor cursor(journal, t.g);
    cursor.moveTo(1);  // `then` went with its owner; the cursor has it at step 1
    const GraphPath thenPath{{owner, "then_branch", 0}};
    const Graph* thenAt1 = resolvePath(cursor.graph(), thenPath);
    ASSERT_NE(thenAt1, nullptr);
    const StepNodeChanges inBody = classifyStep(first, ConstantNodes(journal, *thenAt1, thenPath), thenPath);
    EXPECT_EQ(inBody.added, std::vector<NodeId>{added});
    EXPECT_EQ(inBody.edited, std::vector<NodeId>{thenAt1->netOutput()});
    auto check = [&](size_t k, const char* way) {
        cursor.moveTo(k);
        EXPECT_EQ(compareGraphs(*snapshots[k], cursor.graph()), "") << way << " step " << k;
        EXPECT_EQ(useLists(*snapshots[k]), useLists(cursor.graph())) << way << " step " << k;
        EXPECT_EQ(useLists(cursor.graph()), rebuiltUseLists(cursor.graph())) << way << " step " << k;
    };
    for (size_t k = journal.steps().size() + 1; k-- > 0;) check(k, "back to");
    for (size_t k = 0; k <= journal.steps().size(); ++k) check(k, "forward to");
    cursor.moveTo(0);
    EXPECT_EQ(implicitUses(cursor.graph(), t.c, owner), 2u);
}

namespace {

// cond, x inputs; c initializer; If(cond) whose bodies read x and c from the outer scope:
//   then: then_neg = Neg(x)                        -> not folded, runtime input
//         then_sqrt = Sqrt(c); then_add = then_neg + then_sqrt (Sqrt folds)
//   else: else_sqrt = Sqrt(c) with _do_not_constant_folding -> not folded, user flag
//         else_add = x + else_sqrt                 -> not folded, runtime input
// and a main-graph Relu(x). Body node ids repeat main-graph ids.
onnx::ModelProto ifModel() {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addFloatInitializer(g, "c", {2}, {4, 9});
    auto* ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    for (const char* branch : {"then_branch", "else_branch"}) {
        auto* body = addBody(*ifNode, branch);
        if (std::string(branch) == "then_branch") {
            addNode(*body, "Neg", {"x"}, {"then_negated"}, "then_neg");
            addNode(*body, "Sqrt", {"c"}, {"then_root"}, "then_sqrt");
            addNode(*body, "Add", {"then_negated", "then_root"}, {"then_out"}, "then_add");
            addTensorValue(body->mutable_output(), "then_out", onnx::TensorProto::FLOAT, {2});
        } else {
            auto* s = addNode(*body, "Sqrt", {"c"}, {"else_root"}, "else_sqrt");
            auto* flag = s->add_attribute();
            flag->set_name(std::string(op::attr::kDoNotConstantFolding));
            flag->set_type(onnx::AttributeProto::INT);
            flag->set_i(1);
            addNode(*body, "Add", {"x", "else_root"}, {"else_out"}, "else_add");
            addTensorValue(body->mutable_output(), "else_out", onnx::TensorProto::FLOAT, {2});
        }
    }
    addNode(g, "Relu", {"x"}, {"z"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {2});
    return m;
}

const UnfoldedNode* findReason(const std::vector<UnfoldedNode>& reasons, const std::string& name) {
    for (const UnfoldedNode& u : reasons)
        if (u.name == name) return &u;
    return nullptr;
}

}  // namespace

TEST(Subgraphs, WhyNotReasonsAreKeptPerGraph) {
    Model model = loadProto(ifModel(), "why_not_bodies");
    Journal journal;
    PipelineRun run = runPipeline(model, PipelineOptions{}, &journal);
    const Graph& g = *model.graph;
    const Node* owner = byName(g, "if");
    ASSERT_NE(owner, nullptr);
    const Graph* then = owner->findAttr("then_branch")->graphs().front();
    const Graph* otherwise = owner->findAttr("else_branch")->graphs().front();
    // The ids really collide, which is what the reasons must survive.
    ASSERT_NE(g.findNode(byName(*then, "then_neg")->id()), nullptr);
    ASSERT_NE(g.findNode(byName(*otherwise, "else_sqrt")->id()), nullptr);

    const std::vector<UnfoldedNode> reasons = finalUnfolded(journal, g);
    for (const UnfoldedNode& u : reasons) {
        const Graph* where = resolvePath(g, u.graph);
        ASSERT_NE(where, nullptr) << u.name;
        const Node* n = where->findNode(u.node);
        ASSERT_NE(n, nullptr) << u.name;
        EXPECT_EQ(n->displayName(), u.name)
            << "reason of " << u.name << " is filed under another graph's node";
    }
    const GraphPath thenPath{{owner->id(), "then_branch", 0}}, elsePath{{owner->id(), "else_branch", 0}};
    const UnfoldedNode* neg = findReason(reasons, "then_neg");
    ASSERT_NE(neg, nullptr);
    EXPECT_EQ(neg->graph, thenPath);
    EXPECT_EQ(neg->graphName, "if/then_branch");
    EXPECT_EQ(neg->reason, NotFoldedReason::RuntimeInput);
    const UnfoldedNode* flagged = findReason(reasons, "else_sqrt");
    ASSERT_NE(flagged, nullptr);
    EXPECT_EQ(flagged->graph, elsePath);
    EXPECT_EQ(flagged->reason, NotFoldedReason::UserFlag);
    const UnfoldedNode* elseAdd = findReason(reasons, "else_add");
    ASSERT_NE(elseAdd, nullptr);
    EXPECT_EQ(elseAdd->graph, elsePath);
    const UnfoldedNode* relu = findReason(reasons, "relu");
    ASSERT_NE(relu, nullptr);
    EXPECT_TRUE(relu->graph.empty());
    const UnfoldedNode* ifReason = findReason(reasons, "if");
    ASSERT_NE(ifReason, nullptr);
    EXPECT_EQ(ifReason->reason, NotFoldedReason::OwnsSubgraph);

    // The report names the body.
    const nlohmann::json report =
        pipelineReport(journal, run, summarize(model), summarize(model), PipelineOptions{});
    bool sawThen = false, sawMainWithBodyName = false;
    for (const auto& pass : report["passes"])
        for (const auto& u : pass["unfolded"]) {
            if (u["node"] == "then_neg") sawThen = u.value("graph", "") == "if/then_branch";
            if (u["node"] == "relu" && u.contains("graph")) sawMainWithBodyName = true;
        }
    EXPECT_TRUE(sawThen);
    EXPECT_FALSE(sawMainWithBodyName);
}

TEST(Subgraphs, PipelineOptimizesBodiesAsStepsTheCursorReplays) {
    Model model = loadProto(ifModel(), "body_steps");
    const NodeId c = model.graph->valuesByName().at("c").node;
    const NodeId owner = byName(*model.graph, "if")->id();
    ASSERT_EQ(implicitUses(*model.graph, c, owner), 2u);  // one read in each branch
    std::vector<std::unique_ptr<Graph>> snapshots;
    snapshots.push_back(model.graph->clone());
    PipelineHooks hooks;
    hooks.progress = [&](size_t, const std::string&) { snapshots.push_back(model.graph->clone()); };
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal, hooks);
    ASSERT_EQ(snapshots.size(), journal.steps().size() + 1);

    // The then-branch's Sqrt of an outer constant folded, in a step of its own naming the body.
    const Graph* then = byName(*model.graph, "if")->findAttr("then_branch")->graphs().front();
    EXPECT_EQ(countOp(*then, "Sqrt"), 0u);
    bool bodyFold = false;
    for (const JournalStep& s : journal.steps()) {
        if (!s.graph.empty()) {  // a nested run edits its body only
            for (const Change& ch : s.changes) EXPECT_EQ(ch.graph, s.graph) << s.pass << " " << s.graphName;
        }
        if (s.pass == "ConstantFoldingPass" && s.graphName == "if/then_branch" && s.changed) bodyFold = true;
    }
    EXPECT_TRUE(bodyFold);

    JournalCursor cursor(journal, *model.graph);
    for (size_t k = 0; k <= journal.steps().size(); ++k) {
        cursor.moveTo(k);
        EXPECT_EQ(compareGraphs(*snapshots[k], cursor.graph()), "") << "forward to step " << k;
        EXPECT_EQ(useLists(*snapshots[k]), useLists(cursor.graph())) << "forward to step " << k;
    }
    for (size_t k = journal.steps().size() + 1; k-- > 0;) {
        cursor.moveTo(k);
        EXPECT_EQ(compareGraphs(*snapshots[k], cursor.graph()), "") << "back to step " << k;
        EXPECT_EQ(useLists(*snapshots[k]), useLists(cursor.graph())) << "back to step " << k;
    }
    cursor.moveTo(0);
    EXPECT_EQ(implicitUses(cursor.graph(), c, owner), 2u);
    const Graph* thenBefore = byName(cursor.graph(), "if")->findAttr("then_branch")->graphs().front();
    EXPECT_EQ(countOp(*thenBefore, "Sqrt"), 1u);
}

// ---- size: the pipeline and its journal stay near-linear ----

namespace {

long peakRssMiB() {
    struct rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024;
}

}  // namespace

// Each removed node used to be kept in a Graph of its own sized to the node's id: quadratic
// memory and time (20,000 links took 6.5 GB and 48 s). Bounds leave room for sanitizer builds.
TEST(Subgraphs, LongFoldableChainAndManyDeadNodesStayLinear) {
    constexpr size_t kLinks = 20000;
    for (int which = 0; which < 2; ++which) {
        Model model = loadProto(which == 0 ? foldableChain(kLinks) : deadNodes(kLinks), "long_chain");
        const auto start = std::chrono::steady_clock::now();
        Journal journal;
        runPipeline(model, PipelineOptions{}, &journal);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_LE(model.graph->nodeCount(), 6u) << which;
        EXPECT_LT(seconds, 60.0) << which;
        EXPECT_LT(peakRssMiB(), 2048) << which;
        JournalCursor cursor(journal, *model.graph);
        cursor.moveTo(0);
        EXPECT_GE(cursor.graph().nodeCount(), kLinks) << which;
    }
}

// The ONNX test corpus's control-flow models (If, Loop, Scan, optional and sequence bodies):
// every step of their pipeline, body steps included, replays forward and backward.
TEST(Subgraphs, ControlFlowCorpusModelsReplayEveryStep) {
    const char* env = std::getenv("PASSSCOPE_ONNX_TESTDATA");
    const fs::path node = fs::path(env ? env : "/usr/share/libonnx-testdata/data") / "node";
    if (!fs::is_directory(node)) GTEST_SKIP() << "no ONNX test corpus at " << node;
    size_t models = 0;
    for (const char* name : {"test_if", "test_if_opt", "test_if_seq", "test_loop11", "test_loop13_seq",
                             "test_loop16_seq_none", "test_scan9_sum", "test_scan_sum"}) {
        const fs::path file = node / name / "model.onnx";
        if (!fs::exists(file)) continue;
        Model model = io::loadModel(file).model;
        std::vector<std::unique_ptr<Graph>> snapshots;
        snapshots.push_back(model.graph->clone());
        PipelineHooks hooks;
        hooks.progress = [&](size_t, const std::string&) { snapshots.push_back(model.graph->clone()); };
        Journal journal;
        runPipeline(model, PipelineOptions{}, &journal, hooks);
        ASSERT_EQ(snapshots.size(), journal.steps().size() + 1) << name;
        JournalCursor cursor(journal, *model.graph);
        for (size_t k = 0; k <= journal.steps().size(); ++k) {
            cursor.moveTo(k);
            EXPECT_EQ(compareGraphs(*snapshots[k], cursor.graph()), "") << name << " forward to step " << k;
            EXPECT_EQ(useLists(*snapshots[k]), useLists(cursor.graph())) << name << " forward to step " << k;
        }
        for (size_t k = journal.steps().size() + 1; k-- > 0;) {
            cursor.moveTo(k);
            EXPECT_EQ(compareGraphs(*snapshots[k], cursor.graph()), "") << name << " back to step " << k;
        }
        ++models;
    }
    EXPECT_GE(models, 1u);
}

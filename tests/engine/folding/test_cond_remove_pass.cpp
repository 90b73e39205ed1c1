// CondRemovePass (docs/ge-constant-folding.md §15.1): an If on a constant condition is replaced by
// the branch it takes, inlined into the If's graph with its outer-scope reads resolved, in the
// main graph and in bodies; the journal records it as one step whose changes add the branch's
// nodes; a runtime condition or a branch that contradicts the If is left alone with a reason.
// Values are checked with the engine's evaluator where the result has no control flow left.
#include "compile/run_pipeline.h"
#include "control_flow_fixtures.h"
#include "graph_equality.h"
#include "io/model_loader.h"
#include "io/onnx_export.h"
#include "ir/op_types.h"
#include "passes/constant_folding/cond_remove_pass.h"
#include "passes/constant_folding/constant_folding_pass.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::cf;

namespace {

std::vector<std::unique_ptr<Pass>> condRemoveOnly() {
    std::vector<std::unique_ptr<Pass>> passes;
    passes.push_back(std::make_unique<CondRemovePass>());
    return passes;
}

const Node& producerOf(const Graph& g, const ValueRef& r) {
    const Node* p = g.producer(r);
    if (!p) throw std::runtime_error("dangling ref");
    return *p;
}

}  // namespace

TEST(CondRemovePass, TrueConditionInlinesThenBranchAndKeepsGraphOutputNames) {
    Model model = loadProto(constantIfModel(true), "cond_true");
    const NodeId ifId = byName(*model.graph, "if")->id();
    auto run = runStage(model, condRemoveOnly());
    const Graph& g = *model.graph;
    EXPECT_EQ(countOp(g, "If"), 0u);
    const Node* neg = byName(g, "then_neg");
    const Node* sqrt = byName(g, "then_sqrt");
    const Node* add = byName(g, "then_add");
    ASSERT_TRUE(neg && sqrt && add);
    // Outer reads resolved to the main graph's own values.
    EXPECT_EQ(neg->input(0).depth, 0u);
    EXPECT_EQ(producerOf(g, neg->input(0)).name(), "x");
    EXPECT_EQ(producerOf(g, sqrt->input(0)).name(), "c");
    // The branch's output replaces the If's: it takes the If's value name, Relu reads it, the
    // graph outputs keep their names (no Identity needed on export).
    EXPECT_EQ(add->output(0).name, "y");
    EXPECT_EQ(producerOf(g, byName(g, "relu")->input(0)).id(), add->id());
    EXPECT_EQ(g.outputNames(), (std::vector<std::string>{"y", "z"}));
    EXPECT_TRUE(duplicateValueNames(g).empty());
    // The constant condition has no reader left and is gone.
    EXPECT_EQ(g.valuesByName().count("k"), 0u);

    // One journal step, whose changes add the branch's computing nodes and remove the If.
    const auto steps = run->changedSteps("CondRemovePass");
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_EQ(steps[0]->stats.value("if_removed"), 1u);
    EXPECT_EQ(steps[0]->stats.value("inlined_nodes"), 3u);
    const StepNodeChanges changes = classifyStep(*steps[0], ConstantNodes(run->journal, g));
    EXPECT_EQ(changes.added, (std::vector<NodeId>{neg->id(), sqrt->id(), add->id()}));
    EXPECT_EQ(changes.removed, std::vector<NodeId>{ifId});

    // x = [1, -2]: y = -x + sqrt(c) = [1, 5], z = relu(y).
    auto out = evaluateNamed(model, {{"x", floats({2}, {1, -2})}});
    EXPECT_EQ(valuesOf(out.at("y")), (std::vector<float>{1, 5}));
    EXPECT_EQ(valuesOf(out.at("z")), (std::vector<float>{1, 5}));
}

TEST(CondRemovePass, FalseConditionInlinesElseBranch) {
    Model model = loadProto(constantIfModel(false), "cond_false");
    runStage(model, condRemoveOnly());
    const Graph& g = *model.graph;
    EXPECT_EQ(countOp(g, "If"), 0u);
    EXPECT_EQ(byName(g, "then_neg"), nullptr);
    ASSERT_NE(byName(g, "else_add"), nullptr);
    EXPECT_EQ(g.outputNames(), (std::vector<std::string>{"y", "z"}));
    auto out = evaluateNamed(model, {{"x", floats({2}, {1, -2})}});
    EXPECT_EQ(valuesOf(out.at("y")), (std::vector<float>{5, 7}));
}

TEST(CondRemovePass, RefusesARuntimeConditionNamingItsProducer) {
    {
        Model model = loadProto(constantIfModel(true, /*runtimeCond=*/true), "cond_input");
        auto run = runStage(model, condRemoveOnly());
        EXPECT_EQ(countOp(*model.graph, "If"), 1u);
        const UnfoldedNode* why = reasonFor(run->journal, "if");
        ASSERT_NE(why, nullptr);
        EXPECT_EQ(why->reason, NotFoldedReason::RuntimeInput);
        EXPECT_NE(why->detail.find("'k' is a graph input"), std::string::npos) << why->detail;
    }
    {  // k = Greater(s, 0) with s a graph input
        auto proto = constantIfModel(true, true);
        auto& g = *proto.mutable_graph();
        g.mutable_input(1)->set_name("s");
        g.mutable_input(1)->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
        addFloatInitializer(g, "zero", {}, {0});
        addNode(g, "Greater", {"s", "zero"}, {"k"}, "positive");  // node order does not matter
        Model model = loadProto(proto, "cond_computed");
        auto run = runStage(model, condRemoveOnly());
        EXPECT_EQ(countOp(*model.graph, "If"), 1u);
        const UnfoldedNode* why = reasonFor(run->journal, "if");
        ASSERT_NE(why, nullptr);
        EXPECT_EQ(why->reason, NotFoldedReason::RuntimeInput);
        EXPECT_NE(why->detail.find("'k' is computed at run time by 'positive' (Greater)"), std::string::npos)
            << why->detail;
    }
}

TEST(CondRemovePass, RefusesABranchWhoseOutputContradictsTheIf) {
    Model model = loadProto(constantIfModel(true), "cond_type_clash");
    Graph& g = *model.graph;
    g.setOutputDesc(byName(g, "if")->id(), 0, TensorDesc::tensor(DataType::Int64, Shape::fromExtents({2})));
    auto run = runStage(model, condRemoveOnly());
    EXPECT_EQ(countOp(g, "If"), 1u);
    const UnfoldedNode* why = reasonFor(run->journal, "if");
    ASSERT_NE(why, nullptr);
    EXPECT_EQ(why->reason, NotFoldedReason::ContradictsInference);
    EXPECT_NE(why->detail.find("float where int64 is expected"), std::string::npos) << why->detail;
}

TEST(CondRemovePass, RefusesAConditionThatIsNotOneBool) {
    auto proto = constantIfModel(true);
    auto* k = proto.mutable_graph()->mutable_initializer(0);
    k->add_dims(2);
    k->set_raw_data(std::string("\1\0", 2));
    Model model = loadProto(proto, "cond_two_elements");
    auto run = runStage(model, condRemoveOnly());
    EXPECT_EQ(countOp(*model.graph, "If"), 1u);
    const UnfoldedNode* why = reasonFor(run->journal, "if");
    ASSERT_NE(why, nullptr);
    EXPECT_NE(why->detail.find("2 elements"), std::string::npos) << why->detail;
}

TEST(CondRemovePass, OneElementConditionIsReadByItsValue) {
    // ONNX: the one element decides; GE's TF rule (non-empty = true) would take then_branch here.
    auto proto = constantIfModel(false);
    proto.mutable_graph()->mutable_initializer(0)->add_dims(1);
    Model model = loadProto(proto, "cond_one_element");
    runStage(model, condRemoveOnly());
    EXPECT_NE(byName(*model.graph, "else_add"), nullptr);
    EXPECT_EQ(byName(*model.graph, "then_add"), nullptr);
}

TEST(CondRemovePass, UserFlagKeepsTheIf) {
    auto proto = constantIfModel(true);
    auto* flag = proto.mutable_graph()->mutable_node(0)->add_attribute();
    flag->set_name(std::string(op::attr::kDoNotConstantFolding));
    flag->set_type(onnx::AttributeProto::INT);
    flag->set_i(1);
    Model model = loadProto(proto, "cond_user_flag");
    auto run = runStage(model, condRemoveOnly());
    EXPECT_EQ(countOp(*model.graph, "If"), 1u);
    EXPECT_EQ(reasonFor(run->journal, "if")->reason, NotFoldedReason::UserFlag);
}

// A branch holding a body that reads across the branch: after inlining, the inner body's read of
// the branch's value lands on the copy, its read of the main graph stops one scope earlier.
TEST(CondRemovePass, InnerBodyReadsAcrossTheInlinedBranchAreResolved) {
    Model model = loadProto(deepReadModel(), "cond_deep_read");
    runStage(model, condRemoveOnly());
    const Graph& g = *model.graph;
    ASSERT_EQ(byName(g, "outer"), nullptr);
    const Node* a = byName(g, "then_a");
    const Node* inner = byName(g, "inner");
    ASSERT_TRUE(a && inner);
    EXPECT_EQ(inner->output(0).name, "y");  // the inner If's value took the outer If's name
    for (const char* branch : {"then_branch", "else_branch"}) {
        const Graph* body = bodyOf(g, "inner", branch);
        ASSERT_NE(body, nullptr);
        EXPECT_EQ(body->parent(), &g);
        const Node& op = *body->nodes().front();
        ASSERT_EQ(op.inputs().size(), 2u);
        EXPECT_EQ(op.input(0).depth, 1u);
        EXPECT_EQ(body->producer(op.input(0)), a) << branch;
        EXPECT_EQ(op.input(1).depth, 1u);
        EXPECT_EQ(body->producer(op.input(1))->name(), "x") << branch;
    }
    // The inner If reads `a` and `x` implicitly: their use lists say so (the verifier checks all).
    const auto& aUses = a->output(0).uses;
    EXPECT_NE(std::find(aUses.begin(), aUses.end(), Use{inner->id(), Use::kImplicit}), aUses.end());
    EXPECT_TRUE(duplicateValueNames(g).empty());
}

// A constant If nested in the branch of an If on a runtime condition: SubgraphOptimizePass runs
// CondRemovePass on the branch (a journal step naming it); the inlined nodes read the branch's
// value at depth 0 and the main graph's at depth 1. With the outer condition constant too, the
// whole thing ends in the main graph and computes (x + c) * x.
TEST(CondRemovePass, NestedIfInABodyIsInlinedThere) {
    auto proto = deepReadModel();
    {
        auto& g = *proto.mutable_graph();
        // swap roles: the outer If now reads the runtime `s`, the inner one the constant `k`
        g.mutable_node(0)->set_input(0, "s");
        g.mutable_node(0)->mutable_attribute(0)->mutable_g()->mutable_node(1)->set_input(0, "k");
    }
    Model model = loadProto(proto, "cond_nested");
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal);
    const Graph& g = *model.graph;
    ASSERT_NE(byName(g, "outer"), nullptr);
    const Graph* then = bodyOf(g, "outer", "then_branch");
    ASSERT_NE(then, nullptr);
    EXPECT_EQ(countOp(*then, "If"), 0u);
    const Node* mul = byName(*then, "inner_mul");
    ASSERT_NE(mul, nullptr);
    EXPECT_EQ(mul->input(0).depth, 0u);
    EXPECT_EQ(then->producer(mul->input(0))->name(), "then_a");
    EXPECT_EQ(mul->input(1).depth, 1u);
    EXPECT_EQ(then->producer(mul->input(1))->name(), "x");
    EXPECT_EQ(mul->output(0).name, "b");  // the branch output keeps its name
    bool bodyStep = false;
    for (const JournalStep& s : journal.steps())
        if (s.pass == "CondRemovePass" && s.changed) bodyStep |= s.graphName == "outer/then_branch";
    EXPECT_TRUE(bodyStep);
    EXPECT_TRUE(duplicateValueNames(g).empty());

    // Both conditions constant: everything lands in the main graph; x = [1, 2]: (x + c) * x.
    auto both = deepReadModel();
    both.mutable_graph()->mutable_node(0)->mutable_attribute(0)->mutable_g()->mutable_node(1)->set_input(0,
                                                                                                         "k");
    Model flat = loadProto(both, "cond_nested_flat");
    runPipeline(flat, PipelineOptions{});
    EXPECT_EQ(countOp(*flat.graph, "If"), 0u);
    EXPECT_TRUE(duplicateValueNames(*flat.graph).empty());
    auto out = evaluateNamed(
        flat, {{"x", floats({2}, {1, 2})},
               {"s", Tensor(DataType::Bool, {}, std::make_shared<StringBuffer>(std::string(1, '\0')))}});
    ASSERT_EQ(out.count("y"), 1u);
    EXPECT_EQ(valuesOf(out.at("y")), (std::vector<float>{5, 22}));
}

// An If in a Loop body whose condition is a main-graph constant and whose branch reads both the
// body's own value and the main graph's: inlined into the body, the reads stay valid.
TEST(CondRemovePass, IfInALoopBodyReadingTheEnclosingScope) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "trips", onnx::TensorProto::INT64, {});
    addBoolInitializer(g, "k", {}, true);
    addFloatInitializer(g, "c", {2}, {4, 9});
    auto* loop = addNode(g, "Loop", {"trips", "", "x"}, {"vf"}, "loop");
    auto* body = addBody(*loop, "body");
    addTensorValue(body->mutable_input(), "i", onnx::TensorProto::INT64, {});
    addTensorValue(body->mutable_input(), "cin", onnx::TensorProto::BOOL, {});
    addTensorValue(body->mutable_input(), "v", onnx::TensorProto::FLOAT, {2});
    addNode(*body, "Identity", {"cin"}, {"cout"}, "keep_going");
    auto* ifNode = addNode(*body, "If", {"k"}, {"vo"}, "body_if");
    auto* then = addBody(*ifNode, "then_branch");
    addNode(*then, "Add", {"v", "c"}, {"t1"}, "body_add");
    addTensorValue(then->mutable_output(), "t1", onnx::TensorProto::FLOAT, {2});
    auto* otherwise = addBody(*ifNode, "else_branch");
    addNode(*otherwise, "Sub", {"v", "c"}, {"t2"}, "body_sub");
    addTensorValue(otherwise->mutable_output(), "t2", onnx::TensorProto::FLOAT, {2});
    addTensorValue(body->mutable_output(), "cout", onnx::TensorProto::BOOL, {});
    addTensorValue(body->mutable_output(), "vo", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "vf", onnx::TensorProto::FLOAT, {2});
    Model model = loadProto(m, "cond_in_loop_body");
    runPipeline(model, PipelineOptions{});
    const Graph* b = bodyOf(*model.graph, "loop", "body");
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(countOp(*b, "If"), 0u);
    const Node* add = byName(*b, "body_add");
    ASSERT_NE(add, nullptr);
    EXPECT_EQ(add->input(0).depth, 0u);
    EXPECT_EQ(b->producer(add->input(0))->name(), "v");
    EXPECT_EQ(add->input(1).depth, 1u);
    EXPECT_EQ(b->producer(add->input(1))->name(), "c");
    EXPECT_EQ(add->output(0).name, "vo");
    EXPECT_EQ(b->outputNames(), (std::vector<std::string>{"cout", "vo"}));
    // The main graph's c is read by the Loop's body: an implicit use of the Loop.
    const Node* c = byName(*model.graph, "c");
    ASSERT_NE(c, nullptr);
    const auto& uses = c->output(0).uses;
    EXPECT_NE(std::find(uses.begin(), uses.end(), Use{byName(*model.graph, "loop")->id(), Use::kImplicit}),
              uses.end());
}

// The inlined branch's value names clash with a name elsewhere in the model (a sibling If's body
// defines the same name, legal between siblings): the copy is renamed, so that no body shadows a
// value it can see, and the model exports and loads back.
TEST(CondRemovePass, InlinedNamesStayUniqueInTheModel) {
    auto proto = constantIfModel(true);
    auto& g = *proto.mutable_graph();
    addTensorValue(g.mutable_input(), "s", onnx::TensorProto::BOOL, {});
    auto* other = addNode(g, "If", {"s"}, {"w"}, "other");
    auto* then = addBody(*other, "then_branch");
    addNode(*then, "Abs", {"x"}, {"then_negated"}, "other_abs");  // same name as the constant If's
    addTensorValue(then->mutable_output(), "then_negated", onnx::TensorProto::FLOAT, {2});
    auto* otherwise = addBody(*other, "else_branch");
    addNode(*otherwise, "Neg", {"x"}, {"then_root"}, "other_neg");
    addTensorValue(otherwise->mutable_output(), "then_root", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "w", onnx::TensorProto::FLOAT, {2});
    Model model = loadProto(proto, "cond_names");
    runStage(model, condRemoveOnly());
    EXPECT_EQ(countOp(*model.graph, "If"), 1u);
    const Node* neg = byName(*model.graph, "then_neg");
    ASSERT_NE(neg, nullptr);
    EXPECT_NE(neg->output(0).name, "then_negated");
    EXPECT_TRUE(duplicateValueNames(*model.graph).empty());
    // Saved and loaded back, the main graph computes the same.
    const auto dir = freshDir("cond_names_saved");
    writeModel(io::toProto(model), dir / "m.onnx");
    Model again = io::loadModel(dir / "m.onnx").model;
    EXPECT_EQ(again.graph->nodeCount(), model.graph->nodeCount());
    ASSERT_NE(byName(*again.graph, "then_neg"), nullptr);
    EXPECT_EQ(byName(*again.graph, "then_neg")->output(0).name, neg->output(0).name);
}

// The pipeline's journal replays the inlining step forward and backward exactly.
TEST(CondRemovePass, PipelineStepReplaysForwardAndBackward) {
    Model model = loadProto(constantIfModel(true), "cond_replay");
    std::vector<std::unique_ptr<Graph>> snapshots;
    snapshots.push_back(model.graph->clone());
    PipelineHooks hooks;
    hooks.progress = [&](size_t, const std::string&) { snapshots.push_back(model.graph->clone()); };
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal, hooks);
    ASSERT_EQ(snapshots.size(), journal.steps().size() + 1);
    size_t condStep = journal.steps().size();
    for (size_t s = 0; s < journal.steps().size(); ++s)
        if (journal.steps()[s].pass == "CondRemovePass" && journal.steps()[s].changed) condStep = s;
    ASSERT_LT(condStep, journal.steps().size());
    EXPECT_EQ(journal.steps()[condStep].stage, "OptimizeStage2");
    JournalCursor cursor(journal, *model.graph);
    for (size_t k : {condStep + 1, condStep, condStep + 1, size_t(0), journal.steps().size()}) {
        cursor.moveTo(k);
        EXPECT_EQ(compareGraphs(*snapshots[k], cursor.graph()), "") << "step " << k;
    }
    // x = [1, -2]: y = [1, 5] after the whole pipeline too.
    auto out = evaluateNamed(model, {{"x", floats({2}, {1, -2})}});
    EXPECT_EQ(valuesOf(out.at("y")), (std::vector<float>{1, 5}));
}

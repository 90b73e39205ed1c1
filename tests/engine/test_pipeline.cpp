// The pass pipeline on the bundled samples and on small made-up models: what folds, what stays
// and why, DCE, CSE, GE's potential constants, options, and the journal's replay.
#include <gtest/gtest.h>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "exec/verify.h"
#include "graph_equality.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "model_builders.h"
#include "passes/constant_folding/folding.h"
#include "report/pipeline_report.h"

using namespace passscope;
using namespace passscope::test;
namespace fs = std::filesystem;

namespace {

const UnfoldedNode* reasonFor(const Journal& j, const Graph& g, const std::string& name) {
    static std::vector<UnfoldedNode> last;
    last = finalUnfolded(j, g);
    for (const UnfoldedNode& u : last)
        if (u.name == name) return &u;
    return nullptr;
}

}  // namespace

TEST(Pipeline, ConvNetSampleLosesShapeChainConstantsDeadBranchAndDuplicate) {
    Model original = loadSample("conv_net.onnx");
    Model model = original.clone();
    Journal journal;
    PipelineRun run = runPipeline(model, PipelineOptions{}, &journal);
    const Graph& g = *model.graph;
    // The Shape -> Gather -> Unsqueeze -> Concat chain folded into the Reshape's constant shape.
    for (const char* op : {"Shape", "Gather", "Concat", "Unsqueeze", "Sqrt", "Constant", "Sigmoid"})
        EXPECT_EQ(countOp(g, op), 0u) << op;
    EXPECT_EQ(countOp(g, "Reshape"), 1u);
    // Normalisation constants: mean = Div(sum, count) folded; the Div by std remains (runtime).
    EXPECT_EQ(byName(g, "/preprocess/mean/Div"), nullptr);
    EXPECT_EQ(byName(g, "/preprocess/std/Sqrt"), nullptr);
    EXPECT_NE(byName(g, "/preprocess/scale/Div"), nullptr);
    // The dead branch is gone, the duplicate Relu merged.
    EXPECT_EQ(byName(g, "/debug/attention/Mul"), nullptr);
    EXPECT_EQ((byName(g, "/block1/act_a/Relu") != nullptr) + (byName(g, "/block1/act_b/Relu") != nullptr), 1);
    // Folded constants say where they came from.
    bool provenance = false;
    for (const Node* n : g.nodes()) {
        const Attribute* a = n->findAttr(op::attr::kFoldedFrom);
        if (!a) continue;
        EXPECT_EQ(n->attrInt(op::attr::kIsFromConstantFolding, 0), 1);
        for (const std::string& s : std::get<std::vector<std::string>>(a->value))
            provenance |= s == "/head/flatten/shape/Shape";
    }
    EXPECT_TRUE(provenance);
    // The graph output keeps its name and the model computes the same.
    EXPECT_EQ(g.outputNames(), std::vector<std::string>{"logits"});
    VerifyResult v = verifyModels(original, model, VerifyOptions{});
    EXPECT_TRUE(v.allEqual()) << v.problem;
    for (const StageReport& s : run.stages) EXPECT_FALSE(s.hitCap) << s.name;
}

TEST(Pipeline, NoFoldKeepsTheNodeAndSaysWhy) {
    Model model = loadSample("conv_net.onnx");
    PipelineOptions options;
    options.noFold.insert("/preprocess/std/Sqrt");
    Journal journal;
    runPipeline(model, options, &journal);
    const Graph& g = *model.graph;
    const Node* sqrt = byName(g, "/preprocess/std/Sqrt");
    ASSERT_NE(sqrt, nullptr);
    const UnfoldedNode* why = reasonFor(journal, g, "/preprocess/std/Sqrt");
    ASSERT_NE(why, nullptr);
    EXPECT_EQ(why->reason, NotFoldedReason::UserFlag);
    // Its constant input stays a constant; the rest still folds.
    EXPECT_EQ(byName(g, "/preprocess/mean/Div"), nullptr);
}

TEST(Pipeline, ShapeOfARuntimeTensorFoldsThroughPotentialConstants) {
    Model model = loadSample("conv_net.onnx");
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal);
    bool marked = false, tookEffect = false;
    for (const JournalStep& s : journal.steps()) {
        if (s.pass == "DimensionComputePass" && s.stage == "Prepare" &&
            s.stats.value("marked_potential_const") > 0)
            marked = true;
        if (s.pass == "PotentialConstTakenEffectPass" && s.stats.value("folded_nodes") > 0) tookEffect = true;
    }
    EXPECT_TRUE(marked);
    EXPECT_TRUE(tookEffect);
}

TEST(Pipeline, O0RunsNothingAndSwitchesTurnPassesOff) {
    Model model = loadSample("conv_net.onnx");
    const size_t before = model.graph->nodeCount();
    PipelineOptions o0;
    o0.set("ge.oo.level", "O0");
    Journal journal;
    runPipeline(model, o0, &journal);
    EXPECT_EQ(model.graph->nodeCount(), before);
    EXPECT_TRUE(journal.steps().empty());

    PipelineOptions noFolding;
    noFolding.set("ge.oo.constantFolding", "false");
    runPipeline(model, noFolding, &journal);
    EXPECT_NE(byName(*model.graph, "/preprocess/mean/Div"), nullptr);  // not folded
    EXPECT_EQ(byName(*model.graph, "/debug/attention/Mul"), nullptr);  // DCE still ran
    for (const JournalStep& s : journal.steps()) EXPECT_NE(s.pass, "ConstantFoldingPass");

    PipelineOptions noCse;
    noCse.set("pass.CommonSubexpressionEliminationPass", "false");
    Model fresh = loadSample("conv_net.onnx");
    runPipeline(fresh, noCse, nullptr);
    EXPECT_NE(byName(*fresh.graph, "/block1/act_a/Relu"), nullptr);
    EXPECT_NE(byName(*fresh.graph, "/block1/act_b/Relu"), nullptr);

    PipelineOptions bad;
    EXPECT_THROW(bad.set("ge.oo.level", "O7"), std::invalid_argument);
    EXPECT_THROW(bad.set("no.such.option", "1"), std::invalid_argument);
    EXPECT_THROW(bad.addInputShape("x:1,a"), std::invalid_argument);
}

TEST(Pipeline, RefusesRandomOpsOverridableInputsSubgraphOwnersAndDivisionByZero) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "w", onnx::TensorProto::FLOAT, {2, 3});  // overridable initializer
    addFloatInitializer(g, "w", {2, 3}, {1, 2, 3, 4, 5, 6});
    addFloatInitializer(g, "c", {2, 3}, {1, 1, 1, 1, 1, 1});
    addNode(g, "Add", {"w", "c"}, {"wc"}, "add_overridable");
    auto* rnd = addNode(g, "RandomUniform", {}, {"r"}, "random");
    auto* shape = rnd->add_attribute();
    shape->set_name("shape");
    shape->set_type(onnx::AttributeProto::INTS);
    shape->add_ints(2);
    shape->add_ints(3);
    addNode(g, "Add", {"r", "c"}, {"rc"}, "add_random");
    auto* a = g.add_initializer();
    a->set_name("a");
    a->set_data_type(onnx::TensorProto::INT64);
    a->add_int64_data(7);
    auto* z = g.add_initializer();
    z->set_name("z");
    z->set_data_type(onnx::TensorProto::INT64);
    z->add_int64_data(0);
    addNode(g, "Div", {"a", "z"}, {"q"}, "div_zero");
    addTensorValue(g.mutable_output(), "wc", onnx::TensorProto::FLOAT, {2, 3});
    addTensorValue(g.mutable_output(), "rc", onnx::TensorProto::FLOAT, {2, 3});
    addTensorValue(g.mutable_output(), "q", onnx::TensorProto::INT64, {});
    Model model = loadProto(m, "refusals");
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal);
    const Graph& graph = *model.graph;
    for (const char* name : {"add_overridable", "random", "add_random", "div_zero"})
        EXPECT_NE(byName(graph, name), nullptr) << name;
    EXPECT_EQ(reasonFor(journal, graph, "random")->reason, NotFoldedReason::NonDeterministic);
    EXPECT_EQ(reasonFor(journal, graph, "div_zero")->reason, NotFoldedReason::KernelRefused);
    const UnfoldedNode* over = reasonFor(journal, graph, "add_overridable");
    ASSERT_NE(over, nullptr);
    EXPECT_EQ(over->reason, NotFoldedReason::RuntimeInput);
    EXPECT_NE(over->detail.find("override"), std::string::npos) << over->detail;
}

TEST(Pipeline, SizeThresholdStopsBloatingFolds) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    auto* shape = g.add_initializer();
    shape->set_name("shape");
    shape->set_data_type(onnx::TensorProto::INT64);
    shape->add_dims(2);
    shape->add_int64_data(1000);
    shape->add_int64_data(1000);
    addNode(g, "ConstantOfShape", {"shape"}, {"big"}, "fill");
    addTensorValue(g.mutable_output(), "big", onnx::TensorProto::FLOAT, {1000, 1000});
    Model model = loadProto(m, "threshold");
    PipelineOptions options;
    options.set("passscope.foldSizeThreshold", "1000000");
    Journal journal;
    runPipeline(model, options, &journal);
    ASSERT_NE(byName(*model.graph, "fill"), nullptr);
    EXPECT_EQ(reasonFor(journal, *model.graph, "fill")->reason, NotFoldedReason::SizeThreshold);
}

TEST(Pipeline, InputShapePinsSymbolicDimsSoShapeChainsFold) {
    Model model = loadSample("transformer_block.onnx");
    const size_t shapesBefore = countOp(*model.graph, "Shape");
    ASSERT_GT(shapesBefore, 0u);
    Model dynamic = model.clone();
    runPipeline(dynamic, PipelineOptions{}, nullptr);
    EXPECT_GT(countOp(*dynamic.graph, "Shape"), 0u);  // symbolic batch/seq: the chain must stay
    PipelineOptions pinned;
    pinned.addInputShape("tokens_embedded:2,5,64");
    runPipeline(model, pinned, nullptr);
    EXPECT_EQ(countOp(*model.graph, "Shape"), 0u);
    PipelineOptions wrong;
    wrong.addInputShape("no_such_input:1");
    EXPECT_THROW(runPipeline(model, wrong, nullptr), std::invalid_argument);
}

TEST(Journal, RebuildsEveryStepForwardAndBackward) {
    Model model = loadSample("transformer_block.onnx");
    std::vector<std::unique_ptr<Graph>> snapshots;
    snapshots.push_back(model.graph->clone());
    PipelineHooks hooks;
    hooks.progress = [&](size_t, const std::string&) { snapshots.push_back(model.graph->clone()); };
    Journal journal;
    PipelineOptions options;
    options.noFold.insert("/attn/scale/Div");
    runPipeline(model, options, &journal, hooks);
    // One snapshot per journal step, plus the start.
    ASSERT_GE(journal.steps().size(), 10u);
    ASSERT_EQ(snapshots.size(), journal.steps().size() + 1);
    const size_t offset = 0;
    JournalCursor cursor(journal, *model.graph);
    for (size_t k = offset; k <= journal.steps().size(); ++k) {
        cursor.moveTo(k);
        EXPECT_EQ(compareGraphs(*snapshots[k - offset], cursor.graph()), "") << "forward to step " << k;
    }
    for (size_t k = journal.steps().size() + 1; k-- > offset;) {
        cursor.moveTo(k);
        EXPECT_EQ(compareGraphs(*snapshots[k - offset], cursor.graph()), "") << "back to step " << k;
    }
    cursor.moveTo(0);
    EXPECT_EQ(compareGraphs(*snapshots.front(), cursor.graph()), "");
    cursor.moveTo(journal.steps().size());
    EXPECT_EQ(compareGraphs(*model.graph, cursor.graph()), "");
    // Steps name what they touched, for highlighting.
    size_t added = 0, removed = 0;
    for (const JournalStep& s : journal.steps()) {
        added += s.addedNodes().size();
        removed += s.removedNodes().size();
    }
    EXPECT_GT(added, 0u);
    EXPECT_GT(removed, 0u);
}

TEST(Pipeline, EmptyInputsGiveEmptyConstants) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {0, 3});
    addFloatInitializer(g, "b", {3}, {1, 2, 3});
    addNode(g, "Add", {"x", "b"}, {"y"}, "add_empty");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {0, 3});
    Model model = loadProto(m, "empty");
    runPipeline(model, PipelineOptions{}, nullptr);
    EXPECT_EQ(byName(*model.graph, "add_empty"), nullptr);
    const Tensor* t =
        folding::constantValue(*model.graph, model.graph->node(model.graph->netOutput()).input(0));
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->dims(), (std::vector<int64_t>{0, 3}));
}

TEST(Pipeline, DimensionAdjustMergesChainsAndDropsNoOps) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3, 4});
    auto* axes0 = g.add_initializer();
    axes0->set_name("axes0");
    axes0->set_data_type(onnx::TensorProto::INT64);
    axes0->add_dims(1);
    axes0->add_int64_data(0);
    auto* shape = g.add_initializer();
    shape->set_name("shape");
    shape->set_data_type(onnx::TensorProto::INT64);
    shape->add_dims(2);
    shape->add_int64_data(6);
    shape->add_int64_data(4);
    auto* same = g.add_initializer();
    same->set_name("same");
    same->set_data_type(onnx::TensorProto::INT64);
    same->add_dims(2);
    same->add_int64_data(6);
    same->add_int64_data(4);
    addNode(g, "Unsqueeze", {"x", "axes0"}, {"u"}, "unsqueeze");
    addNode(g, "Reshape", {"u", "shape"}, {"r"}, "reshape");
    addNode(g, "Reshape", {"r", "same"}, {"r2"}, "noop_reshape");
    addNode(g, "Relu", {"r2"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {6, 4});
    Model original = loadProto(m, "adjust");
    Model model = original.clone();
    runPipeline(model, PipelineOptions{}, nullptr);
    EXPECT_EQ(countOp(*model.graph, "Unsqueeze"), 0u);
    EXPECT_EQ(countOp(*model.graph, "Reshape"), 1u);
    EXPECT_NE(byName(*model.graph, "relu"), nullptr);
    VerifyResult v = verifyModels(original, model, VerifyOptions{});
    EXPECT_TRUE(v.allEqual()) << v.problem;
}

TEST(Pipeline, CseMergesDuplicatesButNeverRandomOps) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addNode(g, "Sigmoid", {"x"}, {"s1"}, "sig1");
    addNode(g, "Sigmoid", {"x"}, {"s2"}, "sig2");
    addNode(g, "Add", {"s1", "s2"}, {"y"}, "add");
    for (const char* name : {"rand1", "rand2"}) {
        auto* r = addNode(g, "RandomUniformLike", {"x"}, {std::string(name) + "_out"}, name);
        (void)r;
    }
    addNode(g, "Add", {"rand1_out", "rand2_out"}, {"z"}, "add_random");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadProto(m, "cse");
    runPipeline(model, PipelineOptions{}, nullptr);
    EXPECT_EQ(countOp(*model.graph, "Sigmoid"), 1u);
    EXPECT_EQ(countOp(*model.graph, "RandomUniformLike"), 2u);
    EXPECT_EQ(model.graph->outputNames(), (std::vector<std::string>{"y", "z"}));
}

TEST(Pipeline, DceKeepsVariableWriteBack) {
    Model model = loadSample("training_step.onnx");
    auto writers = [&] {
        return countOp(*model.graph, "Assign") + countOp(*model.graph, "AssignAdd") +
               countOp(*model.graph, "AssignSub");
    };
    const size_t assigns = writers();
    ASSERT_EQ(assigns, 3u);
    runPipeline(model, PipelineOptions{}, nullptr);
    EXPECT_EQ(writers(), assigns);
    EXPECT_EQ(countOp(*model.graph, "Variable"), 3u);
}

TEST(Pipeline, SubgraphBodiesAreOptimizedWithOuterConstantsButTheirOwnerStays) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addFloatInitializer(g, "c", {2}, {4, 9});
    auto* ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    for (const char* branch : {"then_branch", "else_branch"}) {
        auto* body = addBody(*ifNode, branch);
        const std::string out = std::string(branch) + "_out";
        addNode(*body, "Sqrt", {"c"}, {std::string(branch) + "_root"},
                std::string(branch) + "_sqrt");  // outer constant
        addNode(*body, "Add", {"x", std::string(branch) + "_root"}, {out}, std::string(branch) + "_add");
        addTensorValue(body->mutable_output(), out, onnx::TensorProto::FLOAT, {2});
    }
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadProto(m, "subgraph_opt");
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal);
    const Node* owner = byName(*model.graph, "if");
    ASSERT_NE(owner, nullptr);
    for (const Graph* body : owner->subgraphs()) {
        EXPECT_EQ(countOp(*body, "Sqrt"), 0u);
        EXPECT_EQ(countOp(*body, "Add"), 1u);
    }
    // The body edit is one attribute change the journal can step over.
    JournalCursor cursor(journal, *model.graph);
    cursor.moveTo(journal.steps().size());
    EXPECT_EQ(compareGraphs(*model.graph, cursor.graph()), "");
    for (const Graph* body : byName(cursor.graph(), "if")->subgraphs()) EXPECT_EQ(countOp(*body, "Sqrt"), 0u);
    cursor.moveTo(0);
    for (const Graph* body : byName(cursor.graph(), "if")->subgraphs()) EXPECT_EQ(countOp(*body, "Sqrt"), 1u);
}

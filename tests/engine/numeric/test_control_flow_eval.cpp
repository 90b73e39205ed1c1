// If, Loop and Scan evaluated by the engine (issue 36 item 2, exec/control_flow.h): bodies run with
// the outer scope's values, Loop's loop-carried values and scan outputs, Scan's states, scan inputs
// (forwards and backwards) and scan outputs; what ran inside a body is kept by its path; the step
// evaluator reuses a control-flow node only while its bodies and the outer values they read are
// unchanged; bisect names a pass run inside a body, and the numbers of a body compare with the
// original's body.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

#include "compile/run_pipeline.h"
#include "exec/control_flow.h"
#include "exec/evaluator.h"
#include "folding/control_flow_fixtures.h"
#include "kernels/tensor_util.h"
#include "model_builders.h"
#include "numeric/bisect.h"
#include "numeric/bisect_report.h"
#include "numeric/value_compare.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// y, s = Loop(M = trips, cond = true, v = x): each iteration v += w (an outer value) and scans
// v * iteration_num.
onnx::ModelProto sumLoopModel(int64_t trips) {
    auto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addInt64Initializer(g, "trips", {}, {trips});
    cf::addBoolInitializer(g, "go", {}, true);
    addFloatInitializer(g, "w", {2}, {1.0f, 10.0f});
    auto* loop = addNode(g, "Loop", {"trips", "go", "x"}, {"v_final", "scanned"}, "loop");
    auto& body = *addBody(*loop, "body");
    addTensorValue(body.mutable_input(), "i", onnx::TensorProto::INT64, {});
    addTensorValue(body.mutable_input(), "c", onnx::TensorProto::BOOL, {});
    addTensorValue(body.mutable_input(), "v", onnx::TensorProto::FLOAT, {2});
    addNode(body, "Add", {"v", "w"}, {"v_next"}, "body_add");
    addIntAttribute(*addNode(body, "Cast", {"i"}, {"i_f"}, "body_cast"), "to", onnx::TensorProto::FLOAT);
    addNode(body, "Mul", {"v_next", "i_f"}, {"s"}, "body_mul");
    addNode(body, "Identity", {"c"}, {"c_next"}, "body_cond");
    addTensorValue(body.mutable_output(), "c_next", onnx::TensorProto::BOOL, {});
    addTensorValue(body.mutable_output(), "v_next", onnx::TensorProto::FLOAT, {2});
    addTensorValue(body.mutable_output(), "s", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "v_final", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "scanned", onnx::TensorProto::FLOAT, {trips, 2});
    return m;
}

// total, partial = Scan(acc = 0, xs [3,2]) over xs backwards: acc += xs[t]; partial stacks acc.
onnx::ModelProto reverseScanModel() {
    auto m = emptyModel(11);
    auto& g = *m.mutable_graph();
    addFloatInitializer(g, "zero", {2}, {0.0f, 0.0f});
    auto* scan = addNode(g, "Scan", {"zero", "xs"}, {"total", "partial"}, "scan");
    addIntAttribute(*scan, "num_scan_inputs", 1);
    auto* dirs = scan->add_attribute();
    dirs->set_name("scan_input_directions");
    dirs->set_type(onnx::AttributeProto::INTS);
    dirs->add_ints(1);
    auto& body = *addBody(*scan, "body");
    addTensorValue(body.mutable_input(), "acc", onnx::TensorProto::FLOAT, {2});
    addTensorValue(body.mutable_input(), "xt", onnx::TensorProto::FLOAT, {2});
    addNode(body, "Add", {"acc", "xt"}, {"acc_next"}, "scan_add");
    addNode(body, "Identity", {"acc_next"}, {"out"}, "scan_out");
    addTensorValue(body.mutable_output(), "acc_next", onnx::TensorProto::FLOAT, {2});
    addTensorValue(body.mutable_output(), "out", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "xs", onnx::TensorProto::FLOAT, {3, 2});
    addTensorValue(g.mutable_output(), "total", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "partial", onnx::TensorProto::FLOAT, {3, 2});
    return m;
}

std::vector<float> runOutput(const Model& model, const std::map<std::string, Tensor>& inputs, size_t output,
                             BodyValues* bodies = nullptr) {
    const EvalResult r = Evaluator(model).run(inputs, bodies);
    EXPECT_FALSE(r.failure) << (r.failure ? r.failure->reason : "");
    if (r.failure || output >= r.outputs.size()) return {};
    return cf::valuesOf(r.outputs[output]);
}

const Node* nodeIn(const Graph& g, const std::string& name) {
    const Node* found = nullptr;
    g.forEachNode([&](const Node& n) {
        if (n.name() == name) found = &n;
    });
    return found;
}

}  // namespace

TEST(ControlFlowEval, IfRunsTheBranchItsConditionTakesWithOuterValues) {
    Model model = loadProto(weightClipInIfModel(), "cf_eval_if");
    BodyValues bodies;
    const std::vector<float> y = runOutput(model, {{"x", cf::floats({2}, {0.5f, -1.0f})}}, 0, &bodies);
    ASSERT_EQ(y.size(), 2u);
    EXPECT_TRUE(std::isinf(y[0]) && y[0] > 0);  // half(0.5) * half(1e6) = 0.5 * inf
    EXPECT_FLOAT_EQ(y[1], -2.0f);
    // The then_branch ran (its Mul read the outer cast_w), the else_branch did not.
    const Graph* then = cf::bodyOf(*model.graph, "if_pos", "then_branch");
    const Graph* otherwise = cf::bodyOf(*model.graph, "if_pos", "else_branch");
    ASSERT_TRUE(then && otherwise);
    ASSERT_EQ(bodies.count(pathOf(*then)), 1u);
    EXPECT_EQ(bodies.count(pathOf(*otherwise)), 0u);
    EXPECT_EQ(bodies.at(pathOf(*then)).count(nodeIn(*then, "then_mul")->id()), 1u);
}

TEST(ControlFlowEval, LoopCarriesValuesAndStacksScanOutputs) {
    Model model = loadProto(sumLoopModel(3), "cf_eval_loop");
    const std::map<std::string, Tensor> in{{"x", cf::floats({2}, {1.0f, 2.0f})}};
    EXPECT_EQ(runOutput(model, in, 0), (std::vector<float>{4.0f, 32.0f}));  // x + 3w
    // (x + w) * 0, (x + 2w) * 1, (x + 3w) * 2
    EXPECT_EQ(runOutput(model, in, 1), (std::vector<float>{0.0f, 0.0f, 3.0f, 22.0f, 8.0f, 64.0f}));
    const EvalResult r = Evaluator(model).run(in);
    ASSERT_FALSE(r.failure);
    EXPECT_EQ(r.outputs[1].dims(), (std::vector<int64_t>{3, 2}));
}

TEST(ControlFlowEval, AZeroTripLoopGivesItsInitialValuesAndAnEmptyScan) {
    Model model = loadProto(sumLoopModel(0), "cf_eval_loop0");
    const EvalResult r = Evaluator(model).run({{"x", cf::floats({2}, {1.0f, 2.0f})}});
    ASSERT_FALSE(r.failure) << r.failure->reason;
    EXPECT_EQ(cf::valuesOf(r.outputs[0]), (std::vector<float>{1.0f, 2.0f}));
    EXPECT_EQ(r.outputs[1].dims(), (std::vector<int64_t>{0, 2}));  // the body declares [2]
}

TEST(ControlFlowEval, ScanReadsItsInputBackwards) {
    Model model = loadProto(reverseScanModel(), "cf_eval_scan");
    const std::map<std::string, Tensor> in{{"xs", cf::floats({3, 2}, {1, 2, 10, 20, 100, 200})}};
    EXPECT_EQ(runOutput(model, in, 0), (std::vector<float>{111.0f, 222.0f}));
    // Slices read from the end; the scan output in iteration order: xs[2], xs[2]+xs[1], all.
    EXPECT_EQ(runOutput(model, in, 1), (std::vector<float>{100, 200, 110, 220, 111, 222}));
}

TEST(ControlFlowEval, ACancelledLoopSaysSo) {
    Model model = loadProto(sumLoopModel(3), "cf_eval_cancel");
    std::atomic<bool> cancel{true};
    Evaluator e(model);
    e.setCancel(&cancel);
    const EvalResult r = e.run({{"x", cf::floats({2}, {1.0f, 2.0f})}});
    ASSERT_TRUE(r.failure);
    EXPECT_EQ(r.failure->reason, exec::kCancelledReason);
}

TEST(ControlFlowEval, SliceAndStackAreInverse) {
    const Tensor t = kernels::makeTensor<int32_t>({2, 3}, {1, 2, 3, 4, 5, 6});
    std::vector<Tensor> columns;
    for (int64_t i = 0; i < 3; ++i) columns.push_back(exec::sliceAlong(t, 1, i));
    EXPECT_EQ(kernels::values<int32_t>(columns[1]), (std::vector<int32_t>{2, 5}));
    EXPECT_TRUE(exec::stackAlong(columns, 1).sameValue(t));
    EXPECT_THROW(exec::sliceAlong(t, 1, 3), std::runtime_error);
    EXPECT_THROW(exec::stackAlong({t, columns[0]}, 0), std::runtime_error);
}

// The weight clip in the main graph, read inside the If's then_branch: bisect finds the clip (the
// If is evaluated again because the outer value its body reads changed), and the body's numbers at
// that step mark its Mul and nothing the clip did not reach.
TEST(ControlFlowEval, AnOuterValueChangedUnderABodyIsSeenInside) {
    Model model = loadProto(weightClipInIfModel(), "cf_eval_outer");
    PipelineOptions options;
    options.set("ge.is_weight_clip", "1");
    Journal journal;
    runPipeline(model, options, &journal);
    numeric::StepEvaluator evaluator(model, {{"x", cf::floats({2}, {0.5f, -1.0f})}});
    const numeric::BisectResult r = numeric::bisectJournal(journal, *model.graph, evaluator, {});
    ASSERT_TRUE(r.problem.empty()) << r.problem;
    ASSERT_TRUE(r.first.has_value());
    EXPECT_EQ(r.first->pass, "ConstantClipPass");
    EXPECT_TRUE(r.first->graph.empty());

    JournalCursor original(journal, *model.graph), step(journal, *model.graph);
    original.moveTo(0);
    step.moveTo(r.first->step);
    const numeric::StepValues before = evaluator.evaluate(original.graph());
    const numeric::StepValues after = evaluator.evaluate(step.graph());
    EXPECT_EQ(before.computed, 0u) << "the original was evaluated by bisect: every node is reused";
    std::map<std::string, numeric::ValueDistance> then;
    bool sawElse = false;
    for (const numeric::BodyDistances& b :
         numeric::compareBodiesWithOriginal(original.graph(), before, step.graph(), after, 1e-3, 1e-5)) {
        const Graph* body = resolvePath(step.graph(), b.path);
        for (const numeric::ValueDistance& d : b.rows) {
            const std::string& name = body->node(d.value.node).name();
            if (b.path.back().attribute == "then_branch") then[name] = d;
            if (name == "else_neg") sawElse = !d.compared;  // that branch did not run
        }
    }
    ASSERT_TRUE(then.count("then_mul") && then.count("then_cast_x"));
    EXPECT_TRUE(then.at("then_mul").compared && !then.at("then_mul").comparison.equal);
    EXPECT_TRUE(then.at("then_cast_x").compared && then.at("then_cast_x").comparison.equal);
    EXPECT_TRUE(sawElse);
}

// A pass run inside a body that changes what the body computes: bisect names it with its body.
// The journal is written by hand (no shipped body pass changes values on purpose): the else_branch
// gets a Const it adds, as a buggy pass would.
TEST(ControlFlowEval, BisectNamesAPassRunInsideABody) {
    Model model = loadProto(weightClipInIfModel(), "cf_eval_body_pass");
    Graph& g = *model.graph;
    Journal journal;
    journal.begin(g);
    Graph* otherwise = const_cast<Graph*>(cf::bodyOf(g, "if_pos", "else_branch"));
    ASSERT_TRUE(otherwise);
    journal.beginStep("CondRemovePass", "Body", 0, pathOf(*otherwise), describePath(g, pathOf(*otherwise)));
    // else_neg now reads a constant instead of x.
    Node& k = otherwise->addNode("Const", "", "bogus", 1);
    otherwise->setOutputName(k.id(), 0, "bogus_value");
    otherwise->setAttribute(k.id(), Attribute::makeTensor("value", cf::floats({2}, {7.0f, 7.0f})));
    otherwise->setInput(nodeIn(*otherwise, "else_neg")->id(), 0, ValueRef{k.id(), 0, 0});
    journal.endStep(0, {}, {});
    journal.end();

    // x whose |x| sums below... never: the condition is always true, so feed the else branch by
    // an input that makes ReduceSum(|x|) NaN (NaN > -1 is false).
    const float nan = std::nanf("");
    numeric::StepEvaluator evaluator(model, {{"x", cf::floats({2}, {nan, 1.0f})}});
    const numeric::BisectResult r = numeric::bisectJournal(journal, g, evaluator, {});
    ASSERT_TRUE(r.problem.empty()) << r.problem;
    ASSERT_TRUE(r.first.has_value());
    EXPECT_EQ(r.first->pass, "CondRemovePass");
    EXPECT_EQ(r.first->graph, "if_pos/else_branch");
    ASSERT_FALSE(r.first->values.diverging.empty());
    EXPECT_EQ(r.first->values.diverging.front().graph, "if_pos/else_branch");
    EXPECT_EQ(r.first->values.diverging.front().node, "else_neg");
    EXPECT_NE(numeric::bisectText(r, {}).find("CondRemovePass in if_pos/else_branch"), std::string::npos);
    EXPECT_EQ(numeric::bisectJson(r)["first_divergent"]["graph"], "if_pos/else_branch");
}

TEST(ControlFlowEval, AnUnchangedIfIsReusedAndAChangedBodyIsNot) {
    Model model = loadProto(weightClipInIfModel(), "cf_eval_reuse");
    numeric::StepEvaluator evaluator(model, {{"x", cf::floats({2}, {0.5f, -1.0f})}});
    const numeric::StepValues first = evaluator.evaluate(*model.graph);
    ASSERT_FALSE(first.failure) << first.failure->reason;
    const numeric::StepValues again = evaluator.evaluate(*model.graph);
    EXPECT_EQ(again.computed, 0u);
    EXPECT_FALSE(again.bodies.empty()) << "a reused If keeps the values its body computed";
    // An edit inside the taken branch: the If is computed again, with the new body.
    Graph* then = const_cast<Graph*>(cf::bodyOf(*model.graph, "if_pos", "then_branch"));
    Node& k = then->addNode("Const", "", "two", 1);
    then->setOutputName(k.id(), 0, "two_value");
    then->setAttribute(k.id(),
                       Attribute::makeTensor("value", kernels::makeTensor<kernels::half>(
                                                          {2}, {kernels::half(2.0f), kernels::half(2.0f)})));
    then->setInput(nodeIn(*then, "then_mul")->id(), 1, ValueRef{k.id(), 0, 0});
    const numeric::StepValues edited = evaluator.evaluate(*model.graph);
    ASSERT_FALSE(edited.failure) << edited.failure->reason;
    EXPECT_GT(edited.computed, 0u);
    EXPECT_EQ(cf::valuesOf(edited.outputs[0]), (std::vector<float>{1.0f, -2.0f}));
}

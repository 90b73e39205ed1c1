// ZeroTripLoopRemovePass (docs/ge-constant-folding.md §15.2): a Loop whose trip count is the
// constant 0, or whose condition is the constant false, runs no iteration: its loop-carried
// outputs are the initial values and its scan outputs empty tensors [0, per-iteration dims].
// Refused when the Loop may run or a scan output's per-iteration shape is not static; also done
// inside bodies, where the initial value may be an outer value.
#include "compile/run_pipeline.h"
#include "control_flow_fixtures.h"
#include "ir/op_types.h"
#include "passes/constant_folding/zero_trip_loop_remove_pass.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::cf;

namespace {

std::vector<std::unique_ptr<Pass>> loopRemoveOnly() {
    std::vector<std::unique_ptr<Pass>> passes;
    passes.push_back(std::make_unique<ZeroTripLoopRemovePass>());
    return passes;
}

}  // namespace

TEST(ZeroTripLoopRemovePass, TripCountZeroGivesInitialValuesAndEmptyScanOutputs) {
    Model model = loadProto(loopModel({}), "loop_zero");
    auto run = runStage(model, loopRemoveOnly());
    const Graph& g = *model.graph;
    EXPECT_EQ(countOp(g, "Loop"), 0u);
    EXPECT_EQ(g.outputNames(), (std::vector<std::string>{"vf", "sc", "after"}));
    // The carried output is x itself; the scan output a constant [0, 2].
    const Node& out = g.node(g.netOutput());
    EXPECT_EQ(g.producer(out.input(0))->name(), "x");
    const Node* empty = g.producer(out.input(1));
    ASSERT_NE(empty, nullptr);
    EXPECT_EQ(empty->opType(), op::kConst);
    EXPECT_EQ(empty->output(0).name, "sc");
    ASSERT_NE(empty->attrTensor(op::attr::kValue), nullptr);
    EXPECT_EQ(empty->attrTensor(op::attr::kValue)->dims(), (std::vector<int64_t>{0, 2}));
    EXPECT_EQ(empty->attrTensor(op::attr::kValue)->dtype(), DataType::Float);
    EXPECT_EQ(g.producer(byName(g, "after")->input(0))->name(), "x");
    // The constant trip count has no reader left.
    EXPECT_EQ(g.valuesByName().count("m"), 0u);
    ASSERT_EQ(run->changedSteps("ZeroTripLoopRemovePass").size(), 1u);
    EXPECT_EQ(run->changedSteps("ZeroTripLoopRemovePass")[0]->stats.value("loops_removed"), 1u);

    auto values = evaluateNamed(model, {{"x", floats({2}, {-1, 3})}});
    EXPECT_EQ(valuesOf(values.at("vf")), (std::vector<float>{-1, 3}));
    EXPECT_EQ(values.at("sc").dims(), (std::vector<int64_t>{0, 2}));
    EXPECT_EQ(valuesOf(values.at("after")), (std::vector<float>{0, 3}));
}

TEST(ZeroTripLoopRemovePass, FalseConditionRunsNoIterationWhateverTheTripCount) {
    LoopSpec spec;
    spec.tripsConstant = false;  // M is a graph input
    spec.cond = "go";
    Model model = loadProto(loopModel(spec), "loop_cond_false");
    runStage(model, loopRemoveOnly());
    EXPECT_EQ(countOp(*model.graph, "Loop"), 0u);
}

TEST(ZeroTripLoopRemovePass, RefusesALoopThatMayRun) {
    {
        LoopSpec spec;
        spec.tripValue = 3;
        Model model = loadProto(loopModel(spec), "loop_three");
        auto run = runStage(model, loopRemoveOnly());
        EXPECT_EQ(countOp(*model.graph, "Loop"), 1u);
        const UnfoldedNode* why = reasonFor(run->journal, "loop");
        ASSERT_NE(why, nullptr);
        EXPECT_EQ(why->reason, NotFoldedReason::RuntimeInput);
        EXPECT_NE(why->detail.find("the trip count is 3"), std::string::npos) << why->detail;
    }
    {
        LoopSpec spec;
        spec.tripsConstant = false;
        spec.cond = "go";
        spec.condValue = true;
        Model model = loadProto(loopModel(spec), "loop_runtime");
        auto run = runStage(model, loopRemoveOnly());
        EXPECT_EQ(countOp(*model.graph, "Loop"), 1u);
        const UnfoldedNode* why = reasonFor(run->journal, "loop");
        ASSERT_NE(why, nullptr);
        EXPECT_NE(why->detail.find("'m' is a graph input"), std::string::npos) << why->detail;
        EXPECT_NE(why->detail.find("the condition is true"), std::string::npos) << why->detail;
    }
}

TEST(ZeroTripLoopRemovePass, RefusesAScanOutputWithoutAStaticPerIterationShape) {
    LoopSpec spec;
    spec.scanStatic = false;
    Model model = loadProto(loopModel(spec), "loop_scan_dynamic");
    auto run = runStage(model, loopRemoveOnly());
    EXPECT_EQ(countOp(*model.graph, "Loop"), 1u);
    const UnfoldedNode* why = reasonFor(run->journal, "loop");
    ASSERT_NE(why, nullptr);
    EXPECT_EQ(why->reason, NotFoldedReason::ContradictsInference);
    EXPECT_NE(why->detail.find("scan output 0"), std::string::npos) << why->detail;
}

// In an If branch (runtime condition), a Loop with the main graph's constant trip count 0 whose
// initial value is the main graph's x: the branch's output and a read from a body nested in the
// branch now reach x across one and two scopes.
TEST(ZeroTripLoopRemovePass, InABodyTheInitialValueMayBeAnOuterValue) {
    auto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "s", onnx::TensorProto::BOOL, {});
    addInt64Initializer(g, "m", {}, {0});
    addFloatInitializer(g, "one", {}, {1});
    auto* branchOwner = addNode(g, "If", {"s"}, {"y", "y2"}, "branching");
    auto* then = addBody(*branchOwner, "then_branch");
    auto* loop = addNode(*then, "Loop", {"m", "", "x"}, {"vf"}, "inner_loop");
    auto* body = addBody(*loop, "body");
    addTensorValue(body->mutable_input(), "i", onnx::TensorProto::INT64, {});
    addTensorValue(body->mutable_input(), "cin", onnx::TensorProto::BOOL, {});
    addTensorValue(body->mutable_input(), "v", onnx::TensorProto::FLOAT, {2});
    addNode(*body, "Identity", {"cin"}, {"cout"}, "keep_going");
    addNode(*body, "Add", {"v", "one"}, {"vo"}, "step");
    addTensorValue(body->mutable_output(), "cout", onnx::TensorProto::BOOL, {});
    addTensorValue(body->mutable_output(), "vo", onnx::TensorProto::FLOAT, {2});
    auto* reader = addNode(*then, "If", {"s"}, {"r"}, "reader");  // reads vf from its branches
    auto* readThen = addBody(*reader, "then_branch");
    addNode(*readThen, "Neg", {"vf"}, {"rn"}, "read_neg");
    addTensorValue(readThen->mutable_output(), "rn", onnx::TensorProto::FLOAT, {2});
    auto* readElse = addBody(*reader, "else_branch");
    addNode(*readElse, "Abs", {"vf"}, {"ra"}, "read_abs");
    addTensorValue(readElse->mutable_output(), "ra", onnx::TensorProto::FLOAT, {2});
    addTensorValue(then->mutable_output(), "vf", onnx::TensorProto::FLOAT, {2});
    addTensorValue(then->mutable_output(), "r", onnx::TensorProto::FLOAT, {2});
    auto* otherwise = addBody(*branchOwner, "else_branch");
    addNode(*otherwise, "Neg", {"x"}, {"e"}, "else_neg");
    addNode(*otherwise, "Abs", {"x"}, {"e2"}, "else_abs");
    addTensorValue(otherwise->mutable_output(), "e", onnx::TensorProto::FLOAT, {2});
    addTensorValue(otherwise->mutable_output(), "e2", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_output(), "y2", onnx::TensorProto::FLOAT, {2});

    Model model = loadProto(m, "loop_in_body");
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal);
    const Graph* branch = bodyOf(*model.graph, "branching", "then_branch");
    ASSERT_NE(branch, nullptr);
    EXPECT_EQ(countOp(*branch, "Loop"), 0u);
    const Node& out = branch->node(branch->netOutput());
    EXPECT_EQ(out.input(0).depth, 1u);
    EXPECT_EQ(branch->producer(out.input(0))->name(), "x");
    EXPECT_EQ(branch->outputNames(), (std::vector<std::string>{"vf", "r"}));
    const Graph* readBody = bodyOf(*branch, "reader", "then_branch");
    ASSERT_NE(readBody, nullptr);
    const Node* neg = byName(*readBody, "read_neg");
    ASSERT_NE(neg, nullptr);
    EXPECT_EQ(neg->input(0).depth, 2u);
    EXPECT_EQ(readBody->producer(neg->input(0))->name(), "x");
    bool bodyStep = false;
    for (const JournalStep& s : journal.steps())
        bodyStep |= s.pass == "ZeroTripLoopRemovePass" && s.changed && s.graphName == "branching/then_branch";
    EXPECT_TRUE(bodyStep);
}

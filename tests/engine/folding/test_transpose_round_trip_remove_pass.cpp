// TransposeRoundTripRemovePass: a Transpose and the inverses it reaches through elementwise ops and
// Reduces with keepdims go (ConvNeXt's LayerNorm2d, an adjacent pair), constants transposed along;
// Shape(Transpose(x, p)) becomes Gather(Shape(x), p). Kept: Transposes that do not cancel, a
// region value something else reads, a run-time operand from outside, a graph output.
#include <gtest/gtest.h>

#include "noop_fixtures.h"
#include "passes/cleanup/transpose_round_trip_remove_pass.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::noop;

namespace {

void setPerm(onnx::NodeProto* n, const std::vector<int64_t>& perm) {
    auto* a = n->add_attribute();
    a->set_name("perm");
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t p : perm) a->add_ints(p);
}

void setInts(onnx::NodeProto* n, const std::string& name, const std::vector<int64_t>& v) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t x : v) a->add_ints(x);
}

// x[2,3,2,2] -> Transpose(0,2,3,1) -> LayerNorm over the last axis written out as PyTorch does
// (ReduceMean, Sub, Pow, ReduceMean, Add, Sqrt, Div, Mul w[3], Add b[3]) -> Transpose(0,3,1,2) -> Relu
onnx::ModelProto layerNorm2d() {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3, 2, 2});
    addFloatInitializer(g, "two", {}, {2.0f});
    addFloatInitializer(g, "eps", {}, {1e-6f});
    addFloatInitializer(g, "w", {3}, {0.5f, -1.25f, 2.0f});
    addFloatInitializer(g, "b", {3}, {0.1f, 0.2f, -0.3f});
    setPerm(addNode(g, "Transpose", {"x"}, {"t"}, "t"), {0, 2, 3, 1});
    setInts(addNode(g, "ReduceMean", {"t"}, {"mean"}, "mean"), "axes", {-1});
    addNode(g, "Sub", {"t", "mean"}, {"d"}, "sub");
    addNode(g, "Pow", {"d", "two"}, {"sq"}, "pow");
    setInts(addNode(g, "ReduceMean", {"sq"}, {"var"}, "var"), "axes", {-1});
    addNode(g, "Add", {"var", "eps"}, {"ve"}, "add_eps");
    addNode(g, "Sqrt", {"ve"}, {"sd"}, "sqrt");
    addNode(g, "Div", {"d", "sd"}, {"n"}, "div");
    addNode(g, "Mul", {"n", "w"}, {"nw"}, "mul");
    addNode(g, "Add", {"nw", "b"}, {"nb"}, "add_b");
    setPerm(addNode(g, "Transpose", {"nb"}, {"back"}, "back"), {0, 3, 1, 2});
    addNode(g, "Relu", {"back"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    return m;
}

// x[2,3,4] -> Transpose(p) -> Relu -> Transpose(q) -> Neg -> y
onnx::ModelProto throughRelu(const std::vector<int64_t>& p, const std::vector<int64_t>& q) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3, 4});
    setPerm(addNode(g, "Transpose", {"x"}, {"t"}, "t"), p);
    addNode(g, "Relu", {"t"}, {"r"}, "relu");
    setPerm(addNode(g, "Transpose", {"r"}, {"back"}, "back"), q);
    addNode(g, "Neg", {"back"}, {"y"}, "neg");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    return m;
}

}  // namespace

TEST(TransposeRoundTripRemovePass, LayerNorm2dComputesOnTheInputLayout) {
    Model model = loadTransOpModel(layerNorm2d(), "transpose_layernorm2d");
    const Model before = model.clone();
    FoldingRun r = runFoldingPass<TransposeRoundTripRemovePass>(model);
    EXPECT_EQ(r.problems, "");
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Transpose"), 0u);
    EXPECT_EQ(r.stats.value("transposes_removed"), 2u);
    EXPECT_EQ(findByName(*model.graph, "relu")->input(0).node, idOf(*model.graph, "add_b"));
    EXPECT_EQ(sameResults(before, model), "");  // bit for bit
}

TEST(TransposeRoundTripRemovePass, AnAdjacentInversePairGoes) {
    Model model = loadTransOpModel(throughRelu({1, 2, 0}, {2, 0, 1}), "transpose_pair");
    const Model before = model.clone();
    FoldingRun r = runFoldingPass<TransposeRoundTripRemovePass>(model);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Transpose"), 0u);
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(TransposeRoundTripRemovePass, TransposesThatDoNotCancelStay) {
    Model model = loadTransOpModel(throughRelu({1, 2, 0}, {1, 2, 0}), "transpose_no_cancel");
    FoldingRun r = runFoldingPass<TransposeRoundTripRemovePass>(model);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Transpose"), 2u);
}

TEST(TransposeRoundTripRemovePass, AValueBetweenThatIsReadElsewhereKeepsThem) {
    {  // the Relu between is also a graph output
        onnx::ModelProto m = throughRelu({1, 2, 0}, {2, 0, 1});
        addTensorValue(m.mutable_graph()->mutable_output(), "r", onnx::TensorProto::FLOAT, {});
        Model model = loadTransOpModel(m, "transpose_between_output");
        EXPECT_FALSE(runFoldingPass<TransposeRoundTripRemovePass>(model).changed);
        EXPECT_EQ(countOps(*model.graph, "Transpose"), 2u);
    }
    {  // the Relu between is also read by a MatMul, which does not work element by element
        onnx::ModelProto m = throughRelu({1, 2, 0}, {2, 0, 1});
        auto& g = *m.mutable_graph();
        addFloatInitializer(g, "k", {2, 5}, std::vector<float>(10, 0.5f));
        addNode(g, "MatMul", {"r", "k"}, {"mm"}, "matmul");
        addTensorValue(g.mutable_output(), "mm", onnx::TensorProto::FLOAT, {});
        Model model = loadTransOpModel(m, "transpose_between_matmul");
        EXPECT_FALSE(runFoldingPass<TransposeRoundTripRemovePass>(model).changed);
        EXPECT_EQ(countOps(*model.graph, "Transpose"), 2u);
    }
    {  // an operand between computed at run time elsewhere
        onnx::ModelProto m = throughRelu({1, 2, 0}, {2, 0, 1});
        auto& g = *m.mutable_graph();
        addTensorValue(g.mutable_input(), "z", onnx::TensorProto::FLOAT, {3, 4, 2});
        g.mutable_node(1)->set_op_type("Add");
        g.mutable_node(1)->add_input("z");
        Model model = loadTransOpModel(m, "transpose_between_runtime");
        EXPECT_FALSE(runFoldingPass<TransposeRoundTripRemovePass>(model).changed);
        EXPECT_EQ(countOps(*model.graph, "Transpose"), 2u);
    }
}

TEST(TransposeRoundTripRemovePass, AShapeOfATransposeReadsTheInput) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addSymbolicInput(g, "x", onnx::TensorProto::FLOAT, {1, 3, 4}, {"N", "", ""});
    setPerm(addNode(g, "Transpose", {"x"}, {"t"}, "t"), {1, 0, 2});
    addNode(g, "Shape", {"t"}, {"s"}, "shape");
    addNode(g, "Neg", {"s"}, {"y"}, "neg");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::INT64, {});
    Model model = loadTransOpModel(m, "transpose_shape");
    const Model before = model.clone();
    FoldingRun r = runFoldingPass<TransposeRoundTripRemovePass>(model);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Transpose"), 0u);
    EXPECT_EQ(countOps(*model.graph, "Gather"), 1u);
    const std::map<std::string, Tensor> in = {
        {"x", kernels::makeTensor<float>({2, 3, 4}, std::vector<float>(24, 1.0f))}};
    EXPECT_EQ(sameResultsOn(before, model, in), "");
}

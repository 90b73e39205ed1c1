// NoOpArithmeticRemovePass: x*1, 1*x, x/1, x-(+0.0), x+(-0.0) and integer x+0 go; kept: x+(+0.0) on
// floats (it turns -0.0 into +0.0), 0-x, x*2, and a neutral constant that would broadcast x to a
// larger shape.
#include <gtest/gtest.h>

#include <cstring>

#include "noop_fixtures.h"
#include "passes/cleanup/no_op_arithmetic_remove_pass.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::noop;

namespace {

std::string floatBytes(const std::vector<float>& v) {
    return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
}

// x[2,3] (float) -> op(x, c) or op(c, x) -> Relu -> y
onnx::ModelProto arithModel(const std::string& op, const std::vector<int64_t>& cDims,
                            const std::vector<float>& c, bool constFirst,
                            const std::vector<int64_t>& xDims = {2, 3}) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, xDims);
    addScalarInitializer(g, "c", onnx::TensorProto::FLOAT, cDims, floatBytes(c));
    addNode(g, op, constFirst ? std::vector<std::string>{"c", "x"} : std::vector<std::string>{"x", "c"},
            {"a"}, "arith");
    addNode(g, "Relu", {"a"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    return m;
}

}  // namespace

TEST(NoOpArithmeticRemovePass, NeutralOperandsGo) {
    struct Case {
        std::string op;
        std::vector<int64_t> dims;
        std::vector<float> c;
        bool constFirst;
    };
    const std::vector<Case> cases = {
        {"Mul", {}, {1.0f}, false},     {"Mul", {}, {1.0f}, true},  {"Div", {3}, {1, 1, 1}, false},
        {"Sub", {1, 1}, {0.0f}, false}, {"Add", {}, {-0.0f}, true}, {"Add", {2, 1}, {-0.0f, -0.0f}, false},
    };
    for (size_t i = 0; i < cases.size(); ++i) {
        const Case& c = cases[i];
        Model model =
            loadTransOpModel(arithModel(c.op, c.dims, c.c, c.constFirst), "arith_go_" + std::to_string(i));
        const Model before = model.clone();
        FoldingRun r = runFoldingPass<NoOpArithmeticRemovePass>(model);
        EXPECT_EQ(r.problems, "") << i;
        EXPECT_EQ(countOps(*model.graph, c.op), 0u) << i;
        EXPECT_EQ(r.stats.value("no_op_arithmetic_removed"), 1u) << i;
        EXPECT_EQ(findByName(*model.graph, "relu")->input(0).node, model.graph->inputs()[0]) << i;
        EXPECT_EQ(sameResults(before, model), "") << i;
    }
}

TEST(NoOpArithmeticRemovePass, IntegerAddOfZeroGoes) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::INT64, {4});
    addInt64Initializer(g, "zero", {1}, {0});
    addNode(g, "Add", {"zero", "x"}, {"a"}, "add");
    addNode(g, "Neg", {"a"}, {"y"}, "neg");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::INT64, {4});
    Model model = loadTransOpModel(m, "arith_int_add");
    const Model before = model.clone();
    FoldingRun r = runFoldingPass<NoOpArithmeticRemovePass>(model);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Add"), 0u);
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(NoOpArithmeticRemovePass, NotNeutralStays) {
    struct Case {
        std::string op;
        std::vector<float> c;
        bool constFirst;
    };
    const std::vector<Case> cases = {
        {"Add", {0.0f}, false},   // +0.0 turns x = -0.0 into +0.0
        {"Sub", {-0.0f}, false},  // x - (-0.0) = x + 0.0, same
        {"Sub", {0.0f}, true},    // 0 - x
        {"Div", {1.0f}, true},    // 1 / x
        {"Mul", {2.0f}, false},
    };
    for (size_t i = 0; i < cases.size(); ++i) {
        const Case& c = cases[i];
        Model model =
            loadTransOpModel(arithModel(c.op, {}, c.c, c.constFirst), "arith_stay_" + std::to_string(i));
        FoldingRun r = runFoldingPass<NoOpArithmeticRemovePass>(model);
        EXPECT_FALSE(r.changed) << i;
        EXPECT_EQ(countOps(*model.graph, c.op), 1u) << i;
    }
}

TEST(NoOpArithmeticRemovePass, ABroadcastThatGrowsXStays) {
    // x[1,3] * ones[2,3] is [2,3]; x[N,3] * ones[1] cannot grow x, x[N,3] * ones[3] neither.
    {
        Model model =
            loadTransOpModel(arithModel("Mul", {2, 3}, {1, 1, 1, 1, 1, 1}, false, {1, 3}), "arith_grow");
        FoldingRun r = runFoldingPass<NoOpArithmeticRemovePass>(model);
        EXPECT_FALSE(r.changed);
        const std::string why = keptBecause(r, "arith");
        EXPECT_NE(why.find("broadcast"), std::string::npos) << why;
    }
    {
        Model model =
            loadTransOpModel(arithModel("Mul", {3, 1}, {1, 1, 1}, false, {1, 3}), "arith_grow_rows");
        FoldingRun r = runFoldingPass<NoOpArithmeticRemovePass>(model);
        EXPECT_FALSE(r.changed);
    }
    {
        Model model =
            loadTransOpModel(arithModel("Mul", {1, 2, 3}, {1, 1, 1, 1, 1, 1}, false), "arith_grow_rank");
        FoldingRun r = runFoldingPass<NoOpArithmeticRemovePass>(model);
        EXPECT_FALSE(r.changed);  // rank 3 output from a rank-2 x
    }
    {
        onnx::ModelProto m = arithModel("Mul", {3}, {1, 1, 1}, false);
        auto* dim = m.mutable_graph()
                        ->mutable_input(0)
                        ->mutable_type()
                        ->mutable_tensor_type()
                        ->mutable_shape()
                        ->mutable_dim(0);
        dim->set_dim_param("N");
        Model model = loadTransOpModel(m, "arith_symbolic");
        const Model before = model.clone();
        FoldingRun r = runFoldingPass<NoOpArithmeticRemovePass>(model);
        EXPECT_EQ(countOps(*model.graph, "Mul"), 0u);
        const std::map<std::string, Tensor> in = {
            {"x", kernels::makeTensor<float>({2, 3}, {1, -2, 3, -4, 5, -0.0f})}};
        EXPECT_EQ(sameResultsOn(before, model, in), "");
    }
}

TEST(NoOpArithmeticRemovePass, SignedZerosAreKept) {
    // x + (-0.0) keeps -0.0 bit for bit; the evaluator compares bits.
    Model model = loadTransOpModel(arithModel("Add", {}, {-0.0f}, false), "arith_signed_zero");
    const Model before = model.clone();
    FoldingRun r = runFoldingPass<NoOpArithmeticRemovePass>(model);
    EXPECT_TRUE(r.changed);
    const std::map<std::string, Tensor> in = {
        {"x", kernels::makeTensor<float>({2, 3}, {-0.0f, 0.0f, 1, -1, 2, -2})}};
    EXPECT_EQ(sameResultsOn(before, model, in), "");
}

TEST(NoOpArithmeticRemovePass, AScalarOneGoesWhateverXsRank) {
    // x of unknown rank * 1.0 (PyTorch writes it after attention MatMuls, issue 23): a scalar never
    // broadcasts x to more dims; a [1] constant might (x could be a scalar), so it stays.
    for (const bool scalar : {true, false}) {
        onnx::ModelProto m =
            arithModel("Mul", scalar ? std::vector<int64_t>{} : std::vector<int64_t>{1}, {1.0f}, false);
        m.mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->clear_shape();
        Model model = loadTransOpModel(m, scalar ? "arith_rank_unknown" : "arith_rank_unknown_1");
        const Model before = model.clone();
        FoldingRun r = runFoldingPass<NoOpArithmeticRemovePass>(model);
        EXPECT_EQ(countOps(*model.graph, "Mul"), scalar ? 0u : 1u) << scalar;
        const std::map<std::string, Tensor> in = {{"x", kernels::makeTensor<float>({3}, {1, -2, 0.5f})}};
        EXPECT_EQ(sameResultsOn(before, model, in), "") << scalar;
    }
}

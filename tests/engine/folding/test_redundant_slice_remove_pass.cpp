// RedundantSliceRemovePass: a Slice that keeps its whole input goes (INT64_MAX ends on any dim,
// ends at or past a static dim, negative starts that clamp to 0, opset 1 attributes). Kept: a
// stride, a start past 0, a finite end on a symbolic dim, ends computed at run time, and a Slice
// between a graph input and a graph output.
#include <gtest/gtest.h>

#include <limits>

#include "noop_fixtures.h"
#include "passes/cleanup/redundant_slice_remove_pass.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::noop;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// x[2,3] -> Slice(starts, ends, axes, steps) -> Relu -> y
onnx::ModelProto sliceModel(const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                            const std::vector<int64_t>& axes, const std::vector<int64_t>& steps) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    const auto n = static_cast<int64_t>(starts.size());
    addInt64Initializer(g, "starts", {n}, starts);
    addInt64Initializer(g, "ends", {n}, ends);
    addInt64Initializer(g, "axes", {n}, axes);
    addInt64Initializer(g, "steps", {n}, steps);
    addNode(g, "Slice", {"x", "starts", "ends", "axes", "steps"}, {"s"}, "slice");
    addNode(g, "Relu", {"s"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    return m;
}

}  // namespace

TEST(RedundantSliceRemovePass, WholeInputSlicesGo) {
    const std::vector<std::vector<std::vector<int64_t>>> cases = {
        {{0}, {kMax}, {1}, {1}},             // INT64_MAX: to the end
        {{0, -3}, {2, 3}, {0, -1}, {1, 1}},  // ends at the dims, start -3 = 0 on dim 3
        {{-100}, {100}, {1}, {1}},           // both clamp to the whole axis
    };
    for (size_t i = 0; i < cases.size(); ++i) {
        const auto& c = cases[i];
        Model model = loadTransOpModel(sliceModel(c[0], c[1], c[2], c[3]), "slice_full_" + std::to_string(i));
        const Model before = model.clone();
        FoldingRun r = runFoldingPass<RedundantSliceRemovePass>(model);
        EXPECT_EQ(r.problems, "") << i;
        EXPECT_TRUE(r.changed) << i;
        EXPECT_EQ(countOps(*model.graph, "Slice"), 0u) << i;
        EXPECT_EQ(r.stats.value("slices_removed"), 1u) << i;
        EXPECT_EQ(findByName(*model.graph, "relu")->input(0).node, model.graph->inputs()[0]) << i;
        EXPECT_EQ(countOps(*model.graph, "Const"), 0u) << i;  // the parameters went with it
        EXPECT_EQ(sameResults(before, model), "") << i;
    }
}

TEST(RedundantSliceRemovePass, SlicesThatCutStay) {
    const std::vector<std::vector<std::vector<int64_t>>> cases = {
        {{0}, {kMax}, {1}, {2}},   // a stride
        {{0}, {kMax}, {1}, {-1}},  // a reversal
        {{1}, {kMax}, {1}, {1}},   // a start past 0
        {{0}, {2}, {1}, {1}},      // an end before the dim
        {{0}, {-1}, {1}, {1}},     // a negative end
    };
    for (size_t i = 0; i < cases.size(); ++i) {
        const auto& c = cases[i];
        Model model = loadTransOpModel(sliceModel(c[0], c[1], c[2], c[3]), "slice_cut_" + std::to_string(i));
        FoldingRun r = runFoldingPass<RedundantSliceRemovePass>(model);
        EXPECT_FALSE(r.changed) << i;
        EXPECT_EQ(countOps(*model.graph, "Slice"), 1u) << i;
    }
}

TEST(RedundantSliceRemovePass, SymbolicDimNeedsInt64MaxEnd) {
    for (int64_t end : {kMax, int64_t{1000}}) {
        onnx::ModelProto m = emptyModel();
        auto& g = *m.mutable_graph();
        addSymbolicInput(g, "x", onnx::TensorProto::FLOAT, {1, 3}, {"N", ""});
        addInt64Initializer(g, "starts", {1}, {0});
        addInt64Initializer(g, "ends", {1}, {end});
        addInt64Initializer(g, "axes", {1}, {0});
        addNode(g, "Slice", {"x", "starts", "ends", "axes"}, {"s"}, "slice");
        addNode(g, "Neg", {"s"}, {"y"}, "neg");
        addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
        Model model = loadTransOpModel(m, "slice_symbolic_" + std::to_string(end == kMax));
        const Model before = model.clone();
        FoldingRun r = runFoldingPass<RedundantSliceRemovePass>(model);
        EXPECT_EQ(r.problems, "");
        if (end == kMax) {
            EXPECT_EQ(countOps(*model.graph, "Slice"), 0u);
            const std::map<std::string, Tensor> in = {
                {"x", kernels::makeTensor<float>({4, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})}};
            EXPECT_EQ(sameResultsOn(before, model, in), "");
        } else {
            EXPECT_EQ(countOps(*model.graph, "Slice"), 1u);
            const std::string why = keptBecause(r, "slice");
            EXPECT_NE(why.find("'N'"), std::string::npos) << why;
        }
    }
}

TEST(RedundantSliceRemovePass, EndsComputedAtRunTimeStay) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addTensorValue(g.mutable_input(), "e", onnx::TensorProto::INT64, {1});
    addInt64Initializer(g, "starts", {1}, {0});
    addNode(g, "Slice", {"x", "starts", "e"}, {"s"}, "slice");
    addNode(g, "Neg", {"s"}, {"y"}, "neg");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    Model model = loadTransOpModel(m, "slice_runtime_ends");
    FoldingRun r = runFoldingPass<RedundantSliceRemovePass>(model);
    EXPECT_FALSE(r.changed);
    const std::string why = keptBecause(r, "slice");
    EXPECT_NE(why.find("computed at run time"), std::string::npos) << why;
}

TEST(RedundantSliceRemovePass, Opset1AttributesAreRead) {
    onnx::ModelProto m = emptyModel(9);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    auto* s = addNode(g, "Slice", {"x"}, {"s"}, "slice");
    for (const auto& [name, v] : std::vector<std::pair<std::string, int64_t>>{
             {"starts", 0}, {"ends", std::numeric_limits<int32_t>::max()}, {"axes", 1}}) {
        auto* a = s->add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto::INTS);
        a->add_ints(v);
    }
    addNode(g, "Neg", {"s"}, {"y"}, "neg");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    Model model = loadTransOpModel(m, "slice_opset9");
    const Model before = model.clone();
    FoldingRun r = runFoldingPass<RedundantSliceRemovePass>(model);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Slice"), 0u);  // INT32_MAX >= static dim 3
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(RedundantSliceRemovePass, BetweenAGraphInputAndAGraphOutputItStays) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addInt64Initializer(g, "starts", {1}, {0});
    addInt64Initializer(g, "ends", {1}, {kMax});
    addNode(g, "Slice", {"x", "starts", "ends"}, {"y"}, "slice");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadTransOpModel(m, "slice_in_out");
    FoldingRun r = runFoldingPass<RedundantSliceRemovePass>(model);
    EXPECT_FALSE(r.changed);
    const std::string why = keptBecause(r, "slice");
    EXPECT_NE(why.find("graph input"), std::string::npos) << why;
    EXPECT_EQ(model.graph->outputNames(), std::vector<std::string>{"y"});
}

TEST(RedundantSliceRemovePass, BeforeAGraphOutputTheProducerTakesTheName) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    addInt64Initializer(g, "starts", {1}, {0});
    addInt64Initializer(g, "ends", {1}, {kMax});
    addNode(g, "Slice", {"r", "starts", "ends"}, {"y"}, "slice");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadTransOpModel(m, "slice_out");
    const Model before = model.clone();
    FoldingRun r = runFoldingPass<RedundantSliceRemovePass>(model);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Slice"), 0u);
    EXPECT_EQ(findByName(*model.graph, "relu")->output(0).name, "y");
    EXPECT_EQ(model.graph->outputNames(), std::vector<std::string>{"y"});
    EXPECT_EQ(sameResults(before, model), "");
}

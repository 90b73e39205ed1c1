// DecomposeLargeConstPass (threshold lowered for the test): a large constant whose leading dims repeat
// one block becomes Tile(block, multiples), an all-equal one Expand(scalar, shape); the block keeps
// _is_from_constant_folding. Kept whole: no repetition, or a reader that is not elementwise.
#include <gtest/gtest.h>

#include "compile/run_pipeline.h"
#include "folding_fixtures.h"
#include "ir/op_types.h"
#include "passes/cleanup/decompose_large_const_pass.h"
#include "passes/constant_folding/folding.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// x[4,3] + c[4,3] -> y, c's rows given; `reader` is the op reading c ("Add" or "MatMul" with c^T).
Model constModel(const std::string& dir, const std::vector<float>& values,
                 const std::string& reader = "Add") {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {4, 3});
    addFloatInitializer(g, "c", {4, 3}, values);
    if (reader == "Add") {
        addNode(g, "Add", {"x", "c"}, {"y"}, "reader");
        addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {4, 3});
    } else {
        addNode(g, "Transpose", {"x"}, {"xt"}, "transpose");
        addNode(g, "MatMul", {"c", "xt"}, {"y"}, "reader");
        addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {4, 4});
    }
    return loadTransOpModel(m, dir);
}

const Node* constNode(const Graph& g) {
    for (const Node* n : g.nodes())
        if (n->opType() == "Const" && n->output(0).name == "c") return n;
    return nullptr;
}

}  // namespace

TEST(DecomposeLargeConstPass, RepeatedRowsBecomeATileOfOneRow) {
    Model model = constModel("decompose_rows", {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3});
    Graph& g = *model.graph;
    g.setAttribute(constNode(g)->id(), Attribute::makeInt(std::string(op::attr::kIsFromConstantFolding), 1));
    const Model before = model.clone();
    DecomposeLargeConstPass pass(16);
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(r.stats.value("consts_decomposed"), 1u);
    EXPECT_EQ(r.stats.value("const_bytes_saved"), 9u * 4u);
    ASSERT_EQ(countOps(g, "Tile"), 1u);
    const Node* tile = g.producer(findByName(g, "reader")->input(1));
    ASSERT_TRUE(tile);
    EXPECT_EQ(tile->opType(), "Tile");
    EXPECT_EQ(tile->output(0).name, "c");
    EXPECT_NE(tile->attrInt(op::attr::kNoNeedConstantFolding, 0), 0);
    const Node* block = g.producer(tile->input(0));
    EXPECT_EQ(block->attrTensor(op::attr::kValue)->dims(), (std::vector<int64_t>{1, 3}));
    EXPECT_EQ(block->attrInt(op::attr::kIsFromConstantFolding, 0), 1);
    const Tensor* multiples = folding::constantValue(g, tile->input(1));
    ASSERT_TRUE(multiples);
    EXPECT_EQ(multiples->dims(), std::vector<int64_t>{2});
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(DecomposeLargeConstPass, AnAllEqualConstantBecomesAnExpandOfAScalar) {
    Model model = constModel("decompose_fill", std::vector<float>(12, 0.5f));
    const Model before = model.clone();
    DecomposeLargeConstPass pass(16);
    FoldingRun r = runFoldingPass(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Expand"), 1u);
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(DecomposeLargeConstPass, NoRepetitionSmallOrANonElementwiseReaderKeepsItWhole) {
    std::vector<float> distinct(12);
    for (size_t i = 0; i < distinct.size(); ++i) distinct[i] = static_cast<float>(i);
    Model model = constModel("decompose_distinct", distinct);
    DecomposeLargeConstPass pass(16);
    EXPECT_FALSE(runFoldingPass(model, pass).changed);

    Model small = constModel("decompose_small", std::vector<float>(12, 0.5f));
    DecomposeLargeConstPass defaultThreshold;  // GE's 128 MiB
    EXPECT_FALSE(runFoldingPass(small, defaultThreshold).changed);

    Model matmul = constModel("decompose_matmul", std::vector<float>(12, 0.5f), "MatMul");
    FoldingRun r = runFoldingPass(matmul, pass);
    EXPECT_FALSE(r.changed);
    ASSERT_EQ(r.kept.size(), 1u);
    EXPECT_NE(r.kept[0].detail.find("not an elementwise op"), std::string::npos);
}

TEST(DecomposeLargeConstPass, RunsOnlyAtTargetGe) {
    for (Target t : {Target::Onnx, Target::Ge}) {
        PipelineOptions o;
        o.target = t;
        bool found = false;
        for (const Stage& s : buildPipeline(o))
            for (const auto& p : s.passes) found |= p->name() == "DecomposeLargeConstPass";
        EXPECT_EQ(found, t == Target::Ge);
    }
}

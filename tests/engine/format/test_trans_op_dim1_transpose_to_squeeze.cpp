// Dim1TransposeToSqueezePass: a Transpose that only moves dims of size 1 becomes Squeeze +
// Unsqueeze (axes as inputs from opset 13, attributes before); one that reorders other dims stays.
#include <gtest/gtest.h>

#include "passes/format/dim1_transpose_to_squeeze_pass.h"
#include "test_trans_op_support.h"

using namespace passscope;
using namespace passscope::test;

namespace {

Model transposeModel(int opset, const std::vector<int64_t>& dims, const std::vector<int64_t>& perm,
                     const std::string& dir) {
    onnx::ModelProto m = emptyModel(opset);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, dims);
    auto* t = addNode(g, "Transpose", {"x"}, {"t"}, "transpose");
    auto* a = t->add_attribute();
    a->set_name("perm");
    a->set_type(onnx::AttributeProto::INTS);
    std::vector<int64_t> out;
    for (int64_t p : perm) {
        a->add_ints(p);
        out.push_back(dims[static_cast<size_t>(p)]);
    }
    addNode(g, "Relu", {"t"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, out);
    return loadTransOpModel(m, dir);
}

}  // namespace

TEST(Dim1TransposeToSqueeze, ATransposeMovingASizeOneDimBecomesSqueezeAndUnsqueezeInTheOpsetsForm) {
    for (int opset : {11, 13}) {
        Model model = transposeModel(opset, {3, 1, 4}, {1, 0, 2}, "dim1_" + std::to_string(opset));
        const Model before = model.clone();
        Dim1TransposeToSqueezePass pass;
        PassOutcome r = runChecked(model, pass);
        EXPECT_EQ(r.problems, "") << opset;
        const Graph& g = *model.graph;
        EXPECT_EQ(countOps(g, "Transpose"), 0u);
        EXPECT_EQ(countOps(g, "Squeeze"), 1u);
        EXPECT_EQ(countOps(g, "Unsqueeze"), 1u);
        EXPECT_EQ(r.stats.value("transposes_to_squeeze"), 1u);
        for (const Node* n : g.nodes()) {
            if (n->opType() == "Squeeze" || n->opType() == "Unsqueeze") {
                EXPECT_EQ(n->inputs().size(), opset >= 13 ? 2u : 1u) << n->opType() << " opset " << opset;
            }
        }
        EXPECT_EQ(sameResults(before, model), "") << opset;
    }
}

TEST(Dim1TransposeToSqueeze, ATransposeThatReordersLargerDimsStays) {
    Model model = transposeModel(13, {3, 1, 4}, {2, 1, 0}, "dim1_keep");
    Dim1TransposeToSqueezePass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Transpose"), 1u);
}

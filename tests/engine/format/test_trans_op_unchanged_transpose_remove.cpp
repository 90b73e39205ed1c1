// UnchangedTransposeRemovePass: a Transpose that moves only dims of size 1 (or none) goes.
#include <gtest/gtest.h>

#include "passes/format/unchanged_transpose_remove_pass.h"
#include "test_trans_op_support.h"

using namespace passscope;
using namespace passscope::test;

namespace {

Model transposeModel(const std::vector<int64_t>& dims, const std::vector<int64_t>& perm,
                     const std::string& dir) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, dims);
    auto* t = addNode(g, "Transpose", {"x"}, {"y"}, "transpose");
    auto* a = t->add_attribute();
    a->set_name("perm");
    a->set_type(onnx::AttributeProto::INTS);
    std::vector<int64_t> out;
    for (int64_t p : perm) {
        a->add_ints(p);
        out.push_back(dims[static_cast<size_t>(p)]);
    }
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, out);
    return loadTransOpModel(m, dir);
}

}  // namespace

TEST(UnchangedTransposeRemove, ATransposeOfSizeOneDimsOrTheIdentityGoes) {
    for (auto [dims, perm] : {std::pair{std::vector<int64_t>{1, 3, 1, 4}, std::vector<int64_t>{2, 1, 0, 3}},
                              std::pair{std::vector<int64_t>{2, 3, 4}, std::vector<int64_t>{0, 1, 2}}}) {
        Model model = transposeModel(dims, perm, "utr_remove");
        const Model before = model.clone();
        UnchangedTransposeRemovePass pass;
        PassOutcome r = runChecked(model, pass);
        EXPECT_EQ(r.problems, "");
        EXPECT_EQ(countOps(*model.graph, "Transpose"), 0u);
        EXPECT_EQ(r.stats.value("transposes_removed"), 1u);
        EXPECT_EQ(model.graph->outputNames(), std::vector<std::string>{"y"});
        EXPECT_EQ(sameResults(before, model), "");
    }
}

TEST(UnchangedTransposeRemove, ATransposeThatMovesADimLargerThanOneStays) {
    Model model = transposeModel({2, 3, 1, 4}, {2, 1, 0, 3}, "utr_keep");
    UnchangedTransposeRemovePass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Transpose"), 1u);
}

// TransposeTransDataPass: NHWC -> Transpose -> NCHW -> TransData NCHW->NC1HWC0 becomes one
// TransData NHWC->NC1HWC0; a Transpose whose perm does not match its formats stays.
#include <gtest/gtest.h>

#include "ir/op_types.h"
#include "passes/format/transpose_trans_data_pass.h"
#include "test_trans_op_support.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// x NHWC[1,4,4,3] -> Transpose(perm) -> TransData NCHW->NC1HWC0 -> Relu -> y (and Transpose -> Neg -> z)
Model tfStyle(const std::vector<int64_t>& perm, bool secondReader, const std::string& dir) {
    onnx::ModelProto m = emptyModel();
    importGeDomain(m);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 4, 4, 3});
    auto* t = addNode(g, "Transpose", {"x"}, {"t"}, "transpose");
    auto* a = t->add_attribute();
    a->set_name("perm");
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t p : perm) a->add_ints(p);
    addTransData(g, "t", "a", "NCHW", "NC1HWC0", "td");
    addNode(g, "Relu", {"a"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 1, 4, 4, 16});
    if (secondReader) {
        addNode(g, "Neg", {"t"}, {"z"}, "neg");
        addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, {1, 3, 4, 4});
    }
    Model model = loadTransOpModel(m, dir);
    Graph& gr = *model.graph;
    setDesc(gr, "x", desc(DataType::Float, {1, 4, 4, 3}, Format::NHWC, Format::NHWC));
    setDesc(gr, "transpose", desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, Format::NCHW));
    setDesc(gr, "td", desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, Format::NC1HWC0, {1, 1, 4, 4, 16}));
    return model;
}

std::string srcFormat(const Node& n) {
    return std::get<std::string>(n.findAttr("src_format")->value);
}

}  // namespace

TEST(TransposeTransData, ATransposeIntoATransDataBecomesOneTransDataFromTheInputFormat) {
    Model model = tfStyle({0, 3, 1, 2}, false, "ttd_fuse");
    TransposeTransDataPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_TRUE(r.changed);
    const Graph& g = *model.graph;
    EXPECT_EQ(countOps(g, "Transpose"), 0u);
    const Node* td = findByName(g, "td");
    ASSERT_NE(td, nullptr);
    EXPECT_EQ(td->input(0).node, idOf(g, "x"));
    EXPECT_EQ(srcFormat(*td), "NHWC");
    // As GE: the output still means the NCHW tensor its readers expect; the stored bytes are the
    // same NC1HWC0.
    EXPECT_EQ(td->output(0).desc,
              desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, Format::NC1HWC0, {1, 1, 4, 4, 16}));
    EXPECT_EQ(r.stats.value("transposes_fused"), 1u);
    EXPECT_EQ(r.stats.value("transposes_removed"), 1u);
}

TEST(TransposeTransData, ATransposeWithAnotherReaderStaysForIt) {
    Model model = tfStyle({0, 3, 1, 2}, true, "ttd_shared");
    TransposeTransDataPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    const Graph& g = *model.graph;
    EXPECT_EQ(countOps(g, "Transpose"), 1u);
    EXPECT_EQ(findByName(g, "td")->input(0).node, idOf(g, "x"));
    EXPECT_EQ(findByName(g, "neg")->input(0).node, idOf(g, "transpose"));
    EXPECT_EQ(r.stats.value("transposes_removed"), 0u);
}

TEST(TransposeTransData, APermThatIsNotTheFormatChangeStays) {
    Model model = tfStyle({0, 3, 2, 1}, false, "ttd_wrong_perm");
    TransposeTransDataPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(srcFormat(*findByName(*model.graph, "td")), "NCHW");
}

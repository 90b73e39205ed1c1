// TransOpWithoutReshapeFusionPass: a chain of trans ops whose ends match is bypassed, unless
// something on it must remain (Reshape, a dtype break, a lossy Cast).
#include <gtest/gtest.h>

#include "ir/op_types.h"
#include "passes/format/trans_op_without_reshape_fusion_pass.h"
#include "test_trans_op_support.h"

using namespace passscope;
using namespace passscope::test;

namespace {

const std::vector<int64_t> kOrigin{1, 3, 4, 4};
const std::vector<int64_t> k5hd{1, 1, 4, 4, 16};

// x -> TransData NCHW->NC1HWC0 -> Cast float->`mid` -> Cast `mid`->float -> TransData back -> Relu -> y
Model castChain(DataType mid, int midOnnx, const std::string& dir) {
    onnx::ModelProto m = emptyModel();
    importGeDomain(m);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, kOrigin);
    addTransData(g, "x", "a", "NCHW", "NC1HWC0", "td_in");
    addIntAttribute(*addNode(g, "Cast", {"a"}, {"b"}, "c1"), "to", midOnnx);
    addIntAttribute(*addNode(g, "Cast", {"b"}, {"c"}, "c2"), "to", onnx::TensorProto::FLOAT);
    addTransData(g, "c", "d", "NC1HWC0", "NCHW", "td_out");
    addNode(g, "Relu", {"d"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, kOrigin);
    Model model = loadTransOpModel(m, dir);
    Graph& gr = *model.graph;
    setDesc(gr, "x", desc(DataType::Float, kOrigin, Format::NCHW, Format::NCHW));
    setDesc(gr, "td_in", desc(DataType::Float, kOrigin, Format::NCHW, Format::NC1HWC0, k5hd));
    setDesc(gr, "c1", desc(mid, kOrigin, Format::NCHW, Format::NC1HWC0, k5hd));
    setDesc(gr, "c2", desc(DataType::Float, kOrigin, Format::NCHW, Format::NC1HWC0, k5hd));
    setDesc(gr, "td_out", desc(DataType::Float, kOrigin, Format::NCHW, Format::NCHW));
    setDesc(gr, "relu", desc(DataType::Float, kOrigin, Format::NCHW, Format::NCHW));
    return model;
}

}  // namespace

TEST(TransOpWithoutReshapeFusion, AChainThatEndsAsItBeganIsBypassedAndItsTransOpsGo) {
    Model model = castChain(DataType::Double, onnx::TensorProto::DOUBLE, "wrf_chain");
    TransOpWithoutReshapeFusionPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_TRUE(r.changed);
    const Graph& g = *model.graph;
    EXPECT_EQ(findByName(g, "relu")->input(0).node, idOf(g, "x"));
    EXPECT_EQ(countOps(g, std::string(op::kTransData)), 0u);
    EXPECT_EQ(countOps(g, "Cast"), 0u);
    EXPECT_EQ(r.stats.value("trans_chains_fused"), 1u);
    EXPECT_EQ(r.stats.value("trans_ops_removed"), 4u);
    EXPECT_EQ(r.stats.value("transdata_eliminated"), 2u);
    EXPECT_EQ(g.outputNames(), std::vector<std::string>{"y"});
}

TEST(TransOpWithoutReshapeFusion, ATransOpWhoseInputDtypeDiffersFromItsUpstreamKeepsTheChain) {
    Model model = castChain(DataType::Double, onnx::TensorProto::DOUBLE, "wrf_dtype_break");
    Graph& g = *model.graph;
    // The second TransData expects float16 while the Cast before it gives float: not continuous.
    g.setInputDescs(idOf(g, "td_out"),
                    {desc(DataType::Float16, kOrigin, Format::NCHW, Format::NC1HWC0, k5hd)});
    TransOpWithoutReshapeFusionPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(g, std::string(op::kTransData)), 2u);
    EXPECT_EQ(countOps(g, "Cast"), 2u);
    EXPECT_EQ(r.stats.value("transdata_eliminated"), 0u);
}

TEST(TransOpWithoutReshapeFusion, ANarrowingCastOnTheChainKeepsIt) {
    Model model = castChain(DataType::Float16, onnx::TensorProto::FLOAT16, "wrf_lossy");
    TransOpWithoutReshapeFusionPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Cast"), 2u);
}

TEST(TransOpWithoutReshapeFusion, AReshapeOnTheChainKeepsIt) {
    onnx::ModelProto m = emptyModel();
    importGeDomain(m);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, kOrigin);
    auto* shape = g.add_initializer();
    shape->set_name("shape");
    shape->set_data_type(onnx::TensorProto::INT64);
    shape->add_dims(5);
    shape->set_raw_data(
        std::string(reinterpret_cast<const char*>(k5hd.data()), k5hd.size() * sizeof(int64_t)));
    addTransData(g, "x", "a", "NCHW", "NC1HWC0", "td_in");
    addNode(g, "Reshape", {"a", "shape"}, {"b"}, "reshape");
    addTransData(g, "b", "d", "NC1HWC0", "NCHW", "td_out");
    addNode(g, "Relu", {"d"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, kOrigin);
    Model model = loadTransOpModel(m, "wrf_reshape");
    Graph& gr = *model.graph;
    setDesc(gr, "x", desc(DataType::Float, kOrigin, Format::NCHW, Format::NCHW));
    setDesc(gr, "td_in", desc(DataType::Float, kOrigin, Format::NCHW, Format::NC1HWC0, k5hd));
    setDesc(gr, "reshape", desc(DataType::Float, kOrigin, Format::NCHW, Format::NC1HWC0, k5hd));
    setDesc(gr, "td_out", desc(DataType::Float, kOrigin, Format::NCHW, Format::NCHW));
    TransOpWithoutReshapeFusionPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(gr, std::string(op::kTransData)), 2u);
}

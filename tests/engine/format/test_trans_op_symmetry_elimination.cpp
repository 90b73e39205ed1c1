// TransOpSymmetryEliminationPass: inverse pairs of trans ops go, asymmetric or lossy ones stay.
#include <gtest/gtest.h>

#include "ir/op_types.h"
#include "passes/format/trans_op_symmetry_elimination_pass.h"
#include "test_trans_op_support.h"

using namespace passscope;
using namespace passscope::test;

namespace {

void addPerm(onnx::NodeProto* n, const std::vector<int64_t>& perm) {
    auto* a = n->add_attribute();
    a->set_name("perm");
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t p : perm) a->add_ints(p);
}

// x[1,3,4,4] -> TransData NCHW->NC1HWC0 -> TransData NC1HWC0->NCHW -> Relu -> y
Model transDataPair(const std::string& backDst = "NCHW") {
    onnx::ModelProto m = emptyModel();
    importGeDomain(m);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3, 4, 4});
    addTransData(g, "x", "x5hd", "NCHW", "NC1HWC0", "td_in");
    addTransData(g, "x5hd", "xback", "NC1HWC0", backDst, "td_out");
    addNode(g, "Relu", {"xback"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 3, 4, 4});
    Model model = loadTransOpModel(m, "sym_transdata");
    Graph& gr = *model.graph;
    const TensorDesc nchw = desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, Format::NCHW);
    setDesc(gr, "x", nchw);
    setDesc(gr, "td_in",
            desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, Format::NC1HWC0, {1, 1, 4, 4, 16}));
    setDesc(gr, "td_out", desc(DataType::Float, {1, 3, 4, 4}, Format::NCHW, *parseFormat(backDst)));
    setDesc(gr, "relu", nchw);
    return model;
}

// x[1,3,4,5] -> Transpose(p1) -> Transpose(p2) -> Relu -> y, and the first Transpose also -> Neg -> z
Model transposePair(const std::vector<int64_t>& p1, const std::vector<int64_t>& p2, bool secondReader,
                    const std::string& dir) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3, 4, 5});
    addPerm(addNode(g, "Transpose", {"x"}, {"t1"}, "t1"), p1);
    addPerm(addNode(g, "Transpose", {"t1"}, {"t2"}, "t2"), p2);
    addNode(g, "Relu", {"t2"}, {"y"}, "relu");
    auto permute = [](const std::vector<int64_t>& dims, const std::vector<int64_t>& perm) {
        std::vector<int64_t> out;
        for (int64_t p : perm) out.push_back(dims[static_cast<size_t>(p)]);
        return out;
    };
    const std::vector<int64_t> afterFirst = permute({1, 3, 4, 5}, p1);
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, permute(afterFirst, p2));
    if (secondReader) {
        addNode(g, "Neg", {"t1"}, {"z"}, "neg");
        addTensorValue(g.mutable_output(), "z", onnx::TensorProto::FLOAT, afterFirst);
    }
    return loadTransOpModel(m, dir);
}

// x -> Cast(a->b) -> Cast(b->a) -> y (a graph output read straight from the second Cast)
Model castPair(int a, int b, const std::string& dir) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", a, {2, 3});
    addIntAttribute(*addNode(g, "Cast", {"x"}, {"c1"}, "c1"), "to", b);
    addIntAttribute(*addNode(g, "Cast", {"c1"}, {"y"}, "c2"), "to", a);
    addTensorValue(g.mutable_output(), "y", a, {2, 3});
    return loadTransOpModel(m, dir);
}

}  // namespace

TEST(TransOpSymmetryElimination, AnInverseTransDataPairGoesAndItsReaderReadsTheInput) {
    Model model = transDataPair();
    TransOpSymmetryEliminationPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_TRUE(r.changed);
    const Graph& g = *model.graph;
    EXPECT_EQ(countOps(g, std::string(op::kTransData)), 0u);
    EXPECT_EQ(r.stats.value("transdata_eliminated"), 2u);
    EXPECT_EQ(r.stats.value("trans_ops_removed"), 2u);
    EXPECT_EQ(findByName(g, "relu")->input(0).node, idOf(g, "x"));
    EXPECT_EQ(g.outputNames(), std::vector<std::string>{"y"});
}

TEST(TransOpSymmetryElimination, AnInverseTransDataPairGoesWithAnUnknownBatchDimToo) {
    Model model = transDataPair();
    Graph& g = *model.graph;
    const TensorDesc nchw = desc(DataType::Float, {-1, 3, 4, 4}, Format::NCHW, Format::NCHW);
    setDesc(g, "x", nchw);
    setDesc(g, "td_in",
            desc(DataType::Float, {-1, 3, 4, 4}, Format::NCHW, Format::NC1HWC0, {-1, 1, 4, 4, 16}));
    setDesc(g, "td_out", nchw);
    TransOpSymmetryEliminationPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(g, std::string(op::kTransData)), 0u);
    EXPECT_EQ(r.stats.value("transdata_eliminated"), 2u);
}

TEST(TransOpSymmetryElimination, TransDataThatDoNotReturnToTheStartStay) {
    Model model = transDataPair("NHWC");
    TransOpSymmetryEliminationPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, std::string(op::kTransData)), 2u);
    EXPECT_EQ(r.stats.value("transdata_eliminated"), 0u);
}

TEST(TransOpSymmetryElimination, ATransposeAndItsInverseGoAndTheResultsStayTheSame) {
    Model model = transposePair({0, 2, 3, 1}, {0, 3, 1, 2}, false, "sym_transpose");
    const Model before = model.clone();
    TransOpSymmetryEliminationPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Transpose"), 0u);
    EXPECT_EQ(r.stats.value("trans_ops_removed"), 2u);
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(TransOpSymmetryElimination, AFirstTransposeWithAnotherReaderStaysForIt) {
    Model model = transposePair({0, 2, 3, 1}, {0, 3, 1, 2}, true, "sym_transpose_shared");
    const Model before = model.clone();
    TransOpSymmetryEliminationPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    const Graph& g = *model.graph;
    ASSERT_NE(findByName(g, "t1"), nullptr);
    EXPECT_EQ(findByName(g, "t2"), nullptr);
    EXPECT_EQ(findByName(g, "relu")->input(0).node, idOf(g, "x"));
    EXPECT_EQ(findByName(g, "neg")->input(0).node, idOf(g, "t1"));
    EXPECT_EQ(r.stats.value("trans_ops_removed"), 1u);
    EXPECT_EQ(g.outputNames(), (std::vector<std::string>{"y", "z"}));
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(TransOpSymmetryElimination, TransposesThatDoNotCancelStay) {
    Model model = transposePair({0, 2, 3, 1}, {0, 2, 3, 1}, false, "sym_transpose_no");
    TransOpSymmetryEliminationPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(countOps(*model.graph, "Transpose"), 2u);
}

TEST(TransOpSymmetryElimination, ALosslessCastRoundTripGoesAndTheGraphOutputKeepsItsName) {
    Model model = castPair(onnx::TensorProto::INT8, onnx::TensorProto::INT32, "sym_cast_int8");
    const Model before = model.clone();
    TransOpSymmetryEliminationPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Cast"), 0u);
    EXPECT_EQ(model.graph->outputNames(), std::vector<std::string>{"y"});
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(TransOpSymmetryElimination, ANarrowingCastRoundTripStays) {
    for (auto [a, b] : {std::pair{onnx::TensorProto::INT32, onnx::TensorProto::INT8},
                        std::pair{onnx::TensorProto::FLOAT, onnx::TensorProto::FLOAT16},
                        std::pair{onnx::TensorProto::INT32, onnx::TensorProto::FLOAT}}) {
        Model model = castPair(a, b, "sym_cast_narrow");
        TransOpSymmetryEliminationPass pass;
        PassOutcome r = runChecked(model, pass);
        EXPECT_FALSE(r.changed) << a << " -> " << b;
        EXPECT_EQ(countOps(*model.graph, "Cast"), 2u);
    }
}

TEST(TransOpSymmetryElimination, AnUnsqueezeUndoneByASqueezeGoesAReshapeToAnotherShapeStays) {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {3, 4});
    auto* axes = g.add_initializer();
    axes->set_name("axes");
    axes->set_data_type(onnx::TensorProto::INT64);
    axes->add_dims(1);
    const int64_t zero = 0;
    axes->set_raw_data(std::string(reinterpret_cast<const char*>(&zero), sizeof zero));
    auto* shape = g.add_initializer();
    shape->set_name("shape");
    shape->set_data_type(onnx::TensorProto::INT64);
    shape->add_dims(2);
    const int64_t dims[] = {4, 3};
    shape->set_raw_data(std::string(reinterpret_cast<const char*>(dims), sizeof dims));
    addNode(g, "Unsqueeze", {"x", "axes"}, {"u"}, "unsqueeze");
    addNode(g, "Squeeze", {"u", "axes"}, {"s"}, "squeeze");
    addNode(g, "Reshape", {"s", "shape"}, {"r1"}, "reshape1");
    addNode(g, "Reshape", {"r1", "shape"}, {"y"}, "reshape2");  // [4,3] -> [4,3]: not [3,4] again
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {4, 3});
    Model model = loadTransOpModel(m, "sym_squeeze");
    const Model before = model.clone();
    TransOpSymmetryEliminationPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    const Graph& gr = *model.graph;
    EXPECT_EQ(countOps(gr, "Unsqueeze"), 0u);
    EXPECT_EQ(countOps(gr, "Squeeze"), 0u);
    EXPECT_EQ(countOps(gr, "Reshape"), 2u);
    EXPECT_EQ(findByName(gr, "reshape1")->input(0).node, idOf(gr, "x"));
    EXPECT_EQ(r.stats.value("trans_ops_removed"), 2u);
    EXPECT_EQ(sameResults(before, model), "");
}

TEST(TransOpSymmetryElimination, AnIfBranchReadingTheSecondTransposeReadsTheInputAfterwards) {
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    for (auto [in, out] : {std::pair{"x", "t1"}, std::pair{"t1", "t2"}}) {
        auto* a = addNode(g, "Transpose", {in}, {out}, out)->add_attribute();
        a->set_name("perm");
        a->set_type(onnx::AttributeProto::INTS);
        a->add_ints(1);
        a->add_ints(0);
    }
    auto* ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    for (const char* branch : {"then_branch", "else_branch"}) {
        auto* body = addBody(*ifNode, branch);
        const std::string out = std::string(branch) + "_out";
        addNode(*body, std::string(branch) == "then_branch" ? "Neg" : "Abs", {"t2"}, {out}, out);
        addTensorValue(body->mutable_output(), out, onnx::TensorProto::FLOAT, {2, 3});
    }
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadTransOpModel(m, "sym_if");
    TransOpSymmetryEliminationPass pass;
    PassOutcome r = runChecked(model, pass);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(countOps(*model.graph, "Transpose"), 0u);
    const Node* ifn = findByName(*model.graph, "if");
    ASSERT_NE(ifn, nullptr);
    for (const Graph* body : ifn->subgraphs())
        for (const Node* n : body->nodes())
            if (n->opType() == "Neg" || n->opType() == "Abs") {
                EXPECT_EQ(n->input(0).depth, 1u);
                EXPECT_EQ(n->input(0).node, idOf(*model.graph, "x"));
            }
}

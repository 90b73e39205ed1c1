// PartialShapeFoldingPass: Shape -> Gather / Slice / Gather -> Unsqueeze -> Concat chains that read
// only static dims of x [N,3,224,224] become constants; what reads the symbolic dim stays, and its
// not-folded reason names that dim; the pass marks in Prepare and folds later; it can be switched
// off; the model computes the same.
#include <gtest/gtest.h>

#include "compile/run_pipeline.h"
#include "exec/verify.h"
#include "shape_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

constexpr int kFloat = onnx::TensorProto::FLOAT;
constexpr int kInt64 = onnx::TensorProto::INT64;

// x [N,3,224,224] -> Shape -> s (the graph's first nodes); outputs are declared by each test.
onnx::ModelProto shapeModel(int opset = 13, std::vector<DimSpec> dims = {std::string("N"), 3, 224, 224}) {
    auto m = emptyModel(opset);
    auto& g = *m.mutable_graph();
    addValue(g.mutable_input(), "x", kFloat, dims);
    addNode(g, "Shape", {"x"}, {"s"}, "shape");
    return m;
}

void addOutput(onnx::ModelProto& m, const std::string& name, int type = kInt64) {
    m.mutable_graph()->add_output()->set_name(name);
    m.mutable_graph()->mutable_output()->rbegin()->mutable_type()->mutable_tensor_type()->set_elem_type(type);
}

struct Run {
    Model original;
    Model model;
    Journal journal;
};

std::unique_ptr<Run> optimize(const onnx::ModelProto& proto, const std::string& dir,
                              PipelineOptions options = {}) {
    auto r = std::make_unique<Run>();
    r->original = loadProto(proto, dir);
    r->model = r->original.clone();
    runPipeline(r->model, options, &r->journal);
    return r;
}

void expectSameOutputs(const Run& r) {
    VerifyOptions v;
    v.inputShapes["x"] = {2, 3, 224, 224};
    VerifyResult result = verifyModels(r.original, r.model, v);
    EXPECT_TRUE(result.allEqual()) << result.problem;
}

}  // namespace

TEST(PartialShapeFolding, GatherOfAStaticDimBecomesAConstant) {
    auto m = shapeModel();
    auto& g = *m.mutable_graph();
    addInt64Initializer(g, "one", {}, {1});
    addNode(g, "Gather", {"s", "one"}, {"c"}, "gather_c");
    addOutput(m, "c");
    auto r = optimize(m, "psf_gather");
    const Graph& out = *r->model.graph;
    EXPECT_EQ(byName(out, "gather_c"), nullptr);
    const Tensor* c = constantProducing(out, "c");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(int64Values(*c), std::vector<int64_t>{3});
    EXPECT_TRUE(c->dims().empty());
    // Marked in Prepare (as DimensionComputePass marks there), folded when the marks take effect.
    EXPECT_TRUE(counted(r->journal, "PartialShapeFoldingPass", "Prepare", "marked_potential_const"));
    expectSameOutputs(*r);
}

TEST(PartialShapeFolding, SliceOfStaticDimsAndNegativeIndicesFold) {
    auto m = shapeModel();
    auto& g = *m.mutable_graph();
    addInt64Initializer(g, "starts", {1}, {1});
    addInt64Initializer(g, "ends", {1}, {4});
    addNode(g, "Slice", {"s", "starts", "ends"}, {"hw"}, "slice_chw");
    addInt64Initializer(g, "back", {1}, {-2});
    addInt64Initializer(g, "big", {1}, {INT64_MAX});
    addNode(g, "Slice", {"s", "back", "big"}, {"last2"}, "slice_last2");
    addInt64Initializer(g, "idx", {2}, {-1, 1});  // a vector index, one of it negative
    addNode(g, "Gather", {"s", "idx"}, {"picked"}, "gather_vec");
    for (const char* o : {"hw", "last2", "picked"}) addOutput(m, o);
    auto r = optimize(m, "psf_slice");
    const Graph& out = *r->model.graph;
    for (const char* n : {"slice_chw", "slice_last2", "gather_vec", "shape"})
        EXPECT_EQ(byName(out, n), nullptr) << n;
    ASSERT_NE(constantProducing(out, "hw"), nullptr);
    EXPECT_EQ(int64Values(*constantProducing(out, "hw")), (std::vector<int64_t>{3, 224, 224}));
    ASSERT_NE(constantProducing(out, "last2"), nullptr);
    EXPECT_EQ(int64Values(*constantProducing(out, "last2")), (std::vector<int64_t>{224, 224}));
    ASSERT_NE(constantProducing(out, "picked"), nullptr);
    EXPECT_EQ(int64Values(*constantProducing(out, "picked")), (std::vector<int64_t>{224, 3}));
    expectSameOutputs(*r);
}

TEST(PartialShapeFolding, ShapeWithStartAndEndAtOpset15) {
    auto m = shapeModel(15);
    auto& g = *m.mutable_graph();
    setIntAttr(*addNode(g, "Shape", {"x"}, {"tail"}, "shape_tail"), "start", 1);
    auto* last = addNode(g, "Shape", {"x"}, {"w"}, "shape_last");
    setIntAttr(*last, "start", -1);
    auto* head = addNode(g, "Shape", {"x"}, {"n"}, "shape_head");
    setIntAttr(*head, "end", 1);
    for (const char* o : {"tail", "w", "n"}) addOutput(m, o);
    auto r = optimize(m, "psf_shape15");
    const Graph& out = *r->model.graph;
    ASSERT_NE(constantProducing(out, "tail"), nullptr);
    EXPECT_EQ(int64Values(*constantProducing(out, "tail")), (std::vector<int64_t>{3, 224, 224}));
    ASSERT_NE(constantProducing(out, "w"), nullptr);
    EXPECT_EQ(int64Values(*constantProducing(out, "w")), (std::vector<int64_t>{224}));
    EXPECT_NE(byName(out, "shape_head"), nullptr);  // reads N
    expectSameOutputs(*r);
}

TEST(PartialShapeFolding, GatherUnsqueezeConcatChainOfStaticDimsFolds) {
    auto m = shapeModel();
    auto& g = *m.mutable_graph();
    addInt64Initializer(g, "i2", {}, {2});
    addInt64Initializer(g, "i3", {}, {3});
    addInt64Initializer(g, "axes", {1}, {0});
    addInt64Initializer(g, "minus1", {1}, {-1});
    addNode(g, "Gather", {"s", "i2"}, {"h"}, "gather_h");
    addNode(g, "Gather", {"s", "i3"}, {"w"}, "gather_w");
    addNode(g, "Unsqueeze", {"h", "axes"}, {"h1"}, "unsq_h");
    addNode(g, "Unsqueeze", {"w", "axes"}, {"w1"}, "unsq_w");
    addNode(g, "Mul", {"h1", "w1"}, {"hw"}, "mul_hw");
    setIntAttr(*addNode(g, "Concat", {"minus1", "hw"}, {"target"}, "concat"), "axis", 0);
    addNode(g, "Reshape", {"x", "target"}, {"y"}, "reshape");
    addOutput(m, "y", kFloat);
    auto r = optimize(m, "psf_chain");
    const Graph& out = *r->model.graph;
    for (const char* n : {"Shape", "Gather", "Unsqueeze", "Mul", "Concat"})
        EXPECT_EQ(countOp(out, n), 0u) << n;
    const Node* reshape = byName(out, "reshape");
    ASSERT_NE(reshape, nullptr);
    const Tensor* target = constantProducing(out, "target");
    ASSERT_NE(target, nullptr);
    EXPECT_EQ(int64Values(*target), (std::vector<int64_t>{-1, 224 * 224}));
    expectSameOutputs(*r);
}

TEST(PartialShapeFolding, ASymbolicDimStaysAndTheReasonNamesIt) {
    auto m = shapeModel();
    auto& g = *m.mutable_graph();
    addInt64Initializer(g, "i0", {}, {0});
    addInt64Initializer(g, "i1", {}, {1});
    addInt64Initializer(g, "axes", {1}, {0});
    addNode(g, "Gather", {"s", "i0"}, {"n"}, "gather_n");
    addNode(g, "Gather", {"s", "i1"}, {"c"}, "gather_c");
    addNode(g, "Unsqueeze", {"n", "axes"}, {"n1"}, "unsq_n");
    addNode(g, "Unsqueeze", {"c", "axes"}, {"c1"}, "unsq_c");
    auto* concat = addNode(g, "Concat", {"n1", "c1"}, {"nc"}, "concat_nc");
    setIntAttr(*concat, "axis", 0);
    addOutput(m, "nc");
    auto r = optimize(m, "psf_symbolic");
    const Graph& out = *r->model.graph;
    // The static half folds; the part that reads N and the Concat of both stay.
    EXPECT_EQ(byName(out, "gather_c"), nullptr);
    EXPECT_EQ(byName(out, "unsq_c"), nullptr);
    for (const char* n : {"gather_n", "unsq_n", "concat_nc", "shape"})
        EXPECT_NE(byName(out, n), nullptr) << n;
    for (const char* n : {"gather_n", "unsq_n", "concat_nc"}) {
        auto why = lastReason(r->journal, out, n);
        ASSERT_TRUE(why.has_value()) << n;
        EXPECT_EQ(why->detail, "dim 0 of 'x' is symbolic ('N')") << n;
    }
    expectSameOutputs(*r);
}

TEST(PartialShapeFolding, AnAnonymousUnknownDimIsNamedByItsIndex) {
    auto m = shapeModel(13, {int64_t(1), std::string(), int64_t(8)});
    auto& g = *m.mutable_graph();
    addInt64Initializer(g, "i1", {}, {1});
    addInt64Initializer(g, "i2", {}, {-1});
    addNode(g, "Gather", {"s", "i1"}, {"d1"}, "gather_unknown");
    addNode(g, "Gather", {"s", "i2"}, {"d2"}, "gather_last");
    addOutput(m, "d1");
    addOutput(m, "d2");
    auto r = optimize(m, "psf_anonymous");
    const Graph& out = *r->model.graph;
    ASSERT_NE(byName(out, "gather_unknown"), nullptr);
    auto why = lastReason(r->journal, out, "gather_unknown");
    ASSERT_TRUE(why.has_value());
    EXPECT_EQ(why->detail, "dim 1 of 'x' is unknown");
    ASSERT_NE(constantProducing(out, "d2"), nullptr);
    EXPECT_EQ(int64Values(*constantProducing(out, "d2")), std::vector<int64_t>{8});
}

TEST(PartialShapeFolding, ArithmeticAndCastOfStaticDimsFold) {
    auto m = shapeModel();
    auto& g = *m.mutable_graph();
    addInt64Initializer(g, "i2", {}, {2});
    addInt64Initializer(g, "i3", {}, {3});
    addNode(g, "Gather", {"s", "i2"}, {"h"}, "gather_h");
    addNode(g, "Gather", {"s", "i3"}, {"w"}, "gather_w");
    addNode(g, "Mul", {"h", "w"}, {"area"}, "mul_area");
    setIntAttr(*addNode(g, "Cast", {"area"}, {"areaf"}, "cast_area"), "to", onnx::TensorProto::FLOAT);
    addNode(g, "Sqrt", {"areaf"}, {"side"}, "sqrt_side");
    addOutput(m, "side", kFloat);
    auto r = optimize(m, "psf_arith");
    const Graph& out = *r->model.graph;
    for (const char* n : {"gather_h", "mul_area", "cast_area", "sqrt_side"})
        EXPECT_EQ(byName(out, n), nullptr) << n;
    const Tensor* side = constantProducing(out, "side");
    ASSERT_NE(side, nullptr);
    EXPECT_EQ(side->dtype(), DataType::Float);
    float v = 0;
    std::memcpy(&v, side->rawData(), sizeof v);
    EXPECT_FLOAT_EQ(v, 224.0f);
    expectSameOutputs(*r);
}

TEST(PartialShapeFolding, OffWithItsPassOption) {
    auto m = shapeModel();
    auto& g = *m.mutable_graph();
    addInt64Initializer(g, "one", {}, {1});
    addNode(g, "Gather", {"s", "one"}, {"c"}, "gather_c");
    addOutput(m, "c");
    PipelineOptions off;
    off.set("pass.PartialShapeFoldingPass", "false");
    auto r = optimize(m, "psf_off", off);
    EXPECT_NE(byName(*r->model.graph, "gather_c"), nullptr);
    EXPECT_FALSE(ran(r->journal, "PartialShapeFoldingPass"));
    // GE's own flow leaves it with the generic reason.
    auto why = lastReason(r->journal, *r->model.graph, "gather_c");
    ASSERT_TRUE(why.has_value());
    EXPECT_EQ(why->reason, NotFoldedReason::RuntimeInput);
}

TEST(PartialShapeFolding, UserNoFoldIsKeptAndItsConsumersStay) {
    auto m = shapeModel();
    auto& g = *m.mutable_graph();
    addInt64Initializer(g, "one", {}, {1});
    addInt64Initializer(g, "axes", {1}, {0});
    addNode(g, "Gather", {"s", "one"}, {"c"}, "gather_c");
    addNode(g, "Unsqueeze", {"c", "axes"}, {"c1"}, "unsq_c");
    addOutput(m, "c1");
    PipelineOptions options;
    options.noFold.insert("gather_c");
    auto r = optimize(m, "psf_nofold", options);
    EXPECT_NE(byName(*r->model.graph, "gather_c"), nullptr);
    EXPECT_NE(byName(*r->model.graph, "unsq_c"), nullptr);
}

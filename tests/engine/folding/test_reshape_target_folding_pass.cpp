// ReshapeTargetFoldingPass: Reshape(x, Concat(...)) whose pieces read dims of x at their own
// position become 0, one other run-time piece -1 (ONNX Runtime's ReshapeFusion). Kept: allowzero=1,
// two run-time pieces, a run-time piece next to a constant -1.
#include <gtest/gtest.h>

#include "compile/run_pipeline.h"
#include "noop_fixtures.h"
#include "passes/constant_folding/reshape_target_folding_pass.h"

using namespace passscope;
using namespace passscope::test;
using namespace passscope::test::noop;

namespace {

// The constant the Reshape named `name` reads as its target, or empty.
std::vector<int64_t> targetOf(const Model& model, const std::string& name) {
    const Node* r = findByName(*model.graph, name);
    if (!r) return {};
    const Node* p = model.graph->producer(r->input(1));
    const Tensor* t = p ? p->attrTensor("value") : nullptr;
    return t ? kernels::toInt64s(*t) : std::vector<int64_t>{};
}

void addInt64Scalar(onnx::GraphProto& g, const std::string& name, int64_t v) {
    addInt64Initializer(g, name, {}, {v});
}

// Shape(src) -> Gather(index) -> Unsqueeze(axes [0]) -> `out`
void gatherDim(onnx::GraphProto& g, const std::string& src, int64_t index, const std::string& out) {
    addNode(g, "Shape", {src}, {out + "_shape"}, out + "_shape_op");
    addInt64Scalar(g, out + "_i", index);
    addNode(g, "Gather", {out + "_shape", out + "_i"}, {out + "_g"}, out + "_gather");
    addInt64Initializer(g, out + "_axes", {1}, {0});
    addNode(g, "Unsqueeze", {out + "_g", out + "_axes"}, {out}, out + "_unsqueeze");
}

std::map<std::string, Tensor> floats(const std::vector<int64_t>& dims) {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    std::vector<float> v(static_cast<size_t>(n));
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i) - 3.5f;
    return {{"x", kernels::makeTensor<float>(dims, v)}};
}

onnx::NodeProto* concatAxis0(onnx::GraphProto& g, const std::vector<std::string>& in,
                             const std::string& out) {
    auto* c = addNode(g, "Concat", in, {out}, "concat");
    auto* a = c->add_attribute();
    a->set_name("axis");
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(0);
    return c;
}

onnx::NodeProto* castTo(onnx::GraphProto& g, const std::string& in, const std::string& out, int to) {
    auto* c = addNode(g, "Cast", {in}, {out}, out + "_cast");
    auto* a = c->add_attribute();
    a->set_name("to");
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(to);
    return c;
}

}  // namespace

TEST(ReshapeTargetFoldingPass, GatherUnsqueezeOfItsOwnInputBecomesZero) {
    // x[N,3,4] -> Reshape(x, Concat(Unsqueeze(Gather(Shape(x), 0)), [12])): target [0, 12].
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addSymbolicInput(g, "x", onnx::TensorProto::FLOAT, {1, 3, 4}, {"N", "", ""});
    gatherDim(g, "x", 0, "d0");
    addInt64Initializer(g, "twelve", {1}, {12});
    concatAxis0(g, {"d0", "twelve"}, "target");
    addNode(g, "Reshape", {"x", "target"}, {"y"}, "reshape");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    Model model = loadTransOpModel(m, "reshape_gather");
    const Model before = model.clone();
    FoldingRun r = runFoldingPass<ReshapeTargetFoldingPass>(model);
    EXPECT_EQ(r.problems, "");
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(targetOf(model, "reshape"), (std::vector<int64_t>{0, 12}));
    EXPECT_EQ(r.stats.value("reshape_targets_folded"), 1u);
    for (int64_t n : {1, 2, 5}) EXPECT_EQ(sameResultsOn(before, model, floats({n, 3, 4})), "") << n;
}

TEST(ReshapeTargetFoldingPass, PaddleCastSliceChainGivesZeroAndMinusOne) {
    // PaddleOCR: Shape(x)->Cast(int32)->Slice[i:i+1]->Cast(int64) pieces. x[N,120,1,W]: target
    // Concat(dim 0, [1], dim 3 at position 2, [120]) -> [0, 1, -1, 120].
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addSymbolicInput(g, "x", onnx::TensorProto::FLOAT, {1, 120, 1, 1}, {"N", "", "", "W"});
    addNode(g, "Shape", {"x"}, {"s"}, "shape");
    castTo(g, "s", "s32", onnx::TensorProto::INT32);
    for (int64_t i : {0, 3}) {
        const std::string n = "d" + std::to_string(i);
        addInt64Initializer(g, n + "_start", {1}, {i});
        addInt64Initializer(g, n + "_end", {1}, {i + 1});
        addInt64Initializer(g, n + "_axes", {1}, {0});
        addNode(g, "Slice", {"s32", n + "_start", n + "_end", n + "_axes"}, {n + "_32"}, n + "_slice");
        castTo(g, n + "_32", n, onnx::TensorProto::INT64);
    }
    addInt64Initializer(g, "one", {1}, {1});
    addInt64Initializer(g, "c120", {1}, {120});
    concatAxis0(g, {"d0", "one", "d3", "c120"}, "target");
    addNode(g, "Reshape", {"x", "target"}, {"y"}, "reshape");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    Model model = loadTransOpModel(m, "reshape_paddle");
    const Model before = model.clone();
    FoldingRun r = runFoldingPass<ReshapeTargetFoldingPass>(model);
    EXPECT_EQ(r.problems, "");
    EXPECT_EQ(targetOf(model, "reshape"), (std::vector<int64_t>{0, 1, -1, 120}));
    EXPECT_EQ(sameResultsOn(before, model, floats({2, 120, 1, 5})), "");
}

TEST(ReshapeTargetFoldingPass, Refusals) {
    // 0: allowzero=1; 1: two run-time pieces (dims swapped); 2: a run-time piece next to a constant -1
    // (dim 0 of another tensor z at position 0 is not a copy of x's).
    for (int k = 0; k < 3; ++k) {
        onnx::ModelProto m = emptyModel(14);
        auto& g = *m.mutable_graph();
        addSymbolicInput(g, "x", onnx::TensorProto::FLOAT, {1, 1}, {"N", "M"});
        addSymbolicInput(g, "z", onnx::TensorProto::FLOAT, {1, 1}, {"N", "M"});
        std::vector<std::string> pieces;
        if (k == 0) {
            gatherDim(g, "x", 0, "a");
            gatherDim(g, "x", 1, "b");
            pieces = {"a", "b"};
        } else if (k == 1) {
            gatherDim(g, "x", 1, "a");
            gatherDim(g, "x", 0, "b");
            pieces = {"a", "b"};
        } else {
            gatherDim(g, "z", 0, "a");
            addInt64Initializer(g, "minus", {1}, {-1});
            pieces = {"a", "minus"};
        }
        concatAxis0(g, pieces, "target");
        auto* reshape = addNode(g, "Reshape", {"x", "target"}, {"y"}, "reshape");
        if (k == 0) {
            auto* a = reshape->add_attribute();
            a->set_name("allowzero");
            a->set_type(onnx::AttributeProto::INT);
            a->set_i(1);
        }
        addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
        Model model = loadTransOpModel(m, "reshape_refused_" + std::to_string(k));
        FoldingRun r = runFoldingPass<ReshapeTargetFoldingPass>(model);
        EXPECT_FALSE(r.changed) << k;
        EXPECT_EQ(targetOf(model, "reshape"), std::vector<int64_t>{}) << k;
        const std::string why = keptBecause(r, "reshape");
        const char* expected[] = {"allowzero", "two target pieces", "-1 already"};
        EXPECT_NE(why.find(expected[k]), std::string::npos) << k << ": " << why;
    }
}

TEST(ReshapeTargetFoldingPass, InsideAnIfBodyThePipelineFoldsItAndDceTakesTheChain) {
    // silero_vad v3: the chain sits in an If branch and reads the outer input x.
    onnx::ModelProto m = emptyModel();
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "cond", onnx::TensorProto::BOOL, {});
    addSymbolicInput(g, "x", onnx::TensorProto::FLOAT, {1, 6}, {"N", ""});
    auto* ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    for (const char* branch : {"then_branch", "else_branch"}) {
        auto* body = addBody(*ifNode, branch);
        const std::string b = branch;
        gatherDim(*body, "x", 0, b + "_d0");
        addInt64Initializer(*body, b + "_rest", {2}, {2, 3});
        auto* c = addNode(*body, "Concat", {b + "_d0", b + "_rest"}, {b + "_target"}, b + "_concat");
        auto* a = c->add_attribute();
        a->set_name("axis");
        a->set_type(onnx::AttributeProto::INT);
        a->set_i(0);
        addNode(*body, "Reshape", {"x", b + "_target"}, {b + "_r"}, b + "_reshape");
        addNode(*body, b == "then_branch" ? "Relu" : "Neg", {b + "_r"}, {b + "_out"}, b + "_op");
        addTensorValue(body->mutable_output(), b + "_out", onnx::TensorProto::FLOAT, {});
    }
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {});
    Model model = loadTransOpModel(m, "reshape_in_body");
    PipelineOptions options;
    options.verifyEach = true;
    runPipeline(model, options);
    const Node* ifAfter = findByName(*model.graph, "if");
    ASSERT_TRUE(ifAfter);
    for (Graph* body : ifAfter->subgraphs()) {
        EXPECT_EQ(countOps(*body, "Shape"), 0u);
        EXPECT_EQ(countOps(*body, "Concat"), 0u);
        EXPECT_EQ(countOps(*body, "Reshape"), 1u);
        for (const Node* n : body->nodes()) {
            if (n->opType() != "Reshape") continue;
            const Tensor* t = body->producer(n->input(1))->attrTensor("value");
            ASSERT_TRUE(t);
            EXPECT_EQ(kernels::toInt64s(*t), (std::vector<int64_t>{0, 2, 3}));
        }
    }
    // The evaluator does not run control flow; ONNX Runtime compares silero_vad_v3's outputs
    // (docs/ge-constant-folding.md §14.3).
}

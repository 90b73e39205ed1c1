// InferFormatStage1 / InferFormatStage2 (docs/ge-formats.md §4): anchors, the propagation and
// stop rules of GE's FormatRefiner, the global data format, bodies, and a second run that changes
// nothing. Models are built with the ONNX protobuf API and loaded as a user's would be.
#include <gtest/gtest.h>

#include <filesystem>

#include "engine_helpers.h"
#include "formats/format_rules.h"
#include "io/model_loader.h"
#include "ir/op_types.h"
#include "model_builders.h"
#include "passes/format/infer_format_pass.h"
#include "pipeline/graph_verifier.h"

using namespace passscope;
using namespace passscope::test;
namespace fs = std::filesystem;

namespace {

constexpr int kFloatElem = onnx::TensorProto::FLOAT;

// A small ONNX model under construction.
struct FormatNet {
    onnx::ModelProto m = emptyModel(13);
    onnx::GraphProto& g = *m.mutable_graph();

    void input(const std::string& name, const std::vector<int64_t>& dims, int type = kFloatElem) {
        addTensorValue(g.mutable_input(), name, type, dims);
    }
    void output(const std::string& name, const std::vector<int64_t>& dims, int type = kFloatElem) {
        addTensorValue(g.mutable_output(), name, type, dims);
    }
    void weight(const std::string& name, const std::vector<int64_t>& dims) {
        int64_t count = 1;
        for (int64_t d : dims) count *= d;
        addFloatInitializer(g, name, dims, std::vector<float>(size_t(count), 0.5f));
    }
    void ints(const std::string& name, const std::vector<int64_t>& values) {
        auto* t = g.add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::INT64);
        t->add_dims(int64_t(values.size()));
        for (int64_t v : values) t->add_int64_data(v);
    }
    onnx::NodeProto* node(const std::string& op, const std::vector<std::string>& in,
                          const std::vector<std::string>& out, const std::string& name = {}) {
        return addNode(g, op, in, out, name);
    }
    Model load(const std::string& dir) const {
        auto path = freshDir("infer_format_" + dir) / "m.onnx";
        writeModel(m, path);
        return io::loadModel(path).model;
    }
};

void setInts(onnx::NodeProto* n, const std::string& name, const std::vector<int64_t>& values) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t v : values) a->add_ints(v);
}
void setInt(onnx::NodeProto* n, const std::string& name, int64_t value) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(value);
}

// Runs one stage of the pass on the model and checks that the graph stays sound.
struct StageResult {
    bool changed = false;
    PassStats stats;
};
StageResult runStage(Model& model, int stage, Format dataFormat = Format::NCHW) {
    PipelineOptions options;
    options.dataFormat = dataFormat;
    PassContext ctx(model, options, kernels::KernelRegistry::builtin());
    InferFormatPass pass(stage);
    StageResult r;
    r.changed = pass.run(*model.graph, ctx);
    r.stats = ctx.stats();
    const auto problems = verifyGraph(*model.graph);
    EXPECT_TRUE(problems.empty()) << describeProblems(problems);
    return r;
}
// Both stages, as the Prepare stage runs them.
void runBothStages(Model& model, Format dataFormat = Format::NCHW) {
    runStage(model, 1, dataFormat);
    runStage(model, 2, dataFormat);
}

const TensorDesc& descOf(const Graph& g, const std::string& value) {
    const auto values = g.valuesByName();
    auto it = values.find(value);
    if (it == values.end()) throw std::runtime_error("no value " + value);
    return g.value(it->second)->desc;
}
Format originOf(const Graph& g, const std::string& value) {
    return descOf(g, value).originFormat;
}
const Graph& bodyOf(const Graph& g, const std::string& owner, const std::string& attribute) {
    const Node* n = byName(g, owner);
    if (!n) throw std::runtime_error("no node " + owner);
    const Attribute* a = n->findAttr(attribute);
    if (!a) throw std::runtime_error("no body " + attribute);
    return *a->graphs().at(0);
}

// Every output's origin and storage format of the graph and its bodies, for "nothing changed".
void snapshot(const Graph& g, std::vector<std::string>& out) {
    for (const Node* n : g.nodes()) {
        for (const NodeOutput& o : n->outputs())
            out.push_back(o.name + ":" + std::string(formatName(o.desc.originFormat)) + "/" +
                          std::string(formatName(o.desc.storageFormat)));
        for (const Graph* body : n->subgraphs()) snapshot(*body, out);
    }
}
std::vector<std::string> snapshot(const Graph& g) {
    std::vector<std::string> out;
    snapshot(g, out);
    return out;
}

// x[1,3,8,8] -> Relu -> Conv(w, b) -> Relu -> y
FormatNet convChain() {
    FormatNet n;
    n.input("x", {1, 3, 8, 8});
    n.weight("w", {4, 3, 3, 3});
    n.weight("b", {4});
    n.node("Relu", {"x"}, {"r0"}, "relu0");
    n.node("Conv", {"r0", "w", "b"}, {"c"}, "conv");
    n.node("Relu", {"c"}, {"y"}, "relu1");
    n.output("y", {1, 4, 6, 6});
    return n;
}

}  // namespace

TEST(InferFormat, ConvIsAnAnchorAndSpreadsToProducersAndConsumers) {
    Model model = convChain().load("conv_chain");
    const StageResult r = runStage(model, 1);
    EXPECT_TRUE(r.changed);
    const Graph& g = *model.graph;
    for (const char* v : {"x", "r0", "w", "c", "y"}) {
        EXPECT_EQ(originOf(g, v), Format::NCHW) << v;
        // Storage that equalled the origin follows it: no difference DiffStorageFormat would see.
        EXPECT_FALSE(descOf(g, v).storageDiffers()) << v;
    }
    EXPECT_EQ(originOf(g, "b"), Format::ND);  // the rank-1 bias has no layout
    EXPECT_EQ(r.stats.value("anchors"), 1u);
    EXPECT_EQ(r.stats.value("formats_inferred"), 5u);
    EXPECT_EQ(r.stats.value("data_format_applied"), 0u);
}

TEST(InferFormat, BiasInputsOfOtherRanksStayNd) {
    FormatNet n = convChain();
    n.weight("bias1", {4});
    n.weight("bias3", {4, 1, 1});
    n.weight("scale4", {1, 4, 1, 1});
    n.node("Add", {"c", "bias1"}, {"a1"}, "add1");
    n.node("Add", {"a1", "bias3"}, {"a3"}, "add3");
    n.node("Mul", {"a3", "scale4"}, {"m4"}, "mul4");
    n.output("m4", {1, 4, 6, 6});
    Model model = n.load("bias_ranks");
    runStage(model, 1);
    const Graph& g = *model.graph;
    EXPECT_EQ(originOf(g, "bias1"), Format::ND);
    EXPECT_EQ(originOf(g, "bias3"), Format::ND);
    EXPECT_EQ(originOf(g, "scale4"), Format::NCHW);  // 4-D: a real NCHW tensor
    EXPECT_EQ(originOf(g, "a1"), Format::NCHW);
    EXPECT_EQ(originOf(g, "m4"), Format::NCHW);
}

TEST(InferFormat, StopsAtTransposeAndReshape) {
    FormatNet n;
    n.input("x", {1, 8, 8, 3});
    n.input("z", {1, 8, 8, 3});
    n.weight("w", {4, 3, 3, 3});
    n.ints("perm_shape", {1, 3, 8, 8});
    n.ints("flat_shape", {1, 4, 36, 1});
    setInts(n.node("Transpose", {"x"}, {"t"}, "transpose"), "perm", {0, 3, 1, 2});
    n.node("Conv", {"t", "w"}, {"c"}, "conv");
    n.node("Reshape", {"z", "perm_shape"}, {"zr"}, "reshape_in");
    n.node("Conv", {"zr", "w"}, {"c2"}, "conv2");
    n.node("Reshape", {"c", "flat_shape"}, {"cr"}, "reshape_out");
    n.node("Relu", {"cr"}, {"y"}, "relu");
    n.node("Flatten", {"c2"}, {"f"}, "flatten");
    n.output("y", {1, 4, 36, 1});
    n.output("f", {1, 144});
    Model model = n.load("transpose_reshape");
    runStage(model, 1);
    const Graph& g = *model.graph;
    // The tensors the Convs read are NCHW, but nothing crosses the Transpose or the Reshapes.
    EXPECT_EQ(originOf(g, "t"), Format::NCHW);
    EXPECT_EQ(originOf(g, "zr"), Format::NCHW);
    EXPECT_EQ(originOf(g, "x"), Format::ND);
    EXPECT_EQ(originOf(g, "z"), Format::ND);
    EXPECT_EQ(originOf(g, "cr"), Format::ND);
    EXPECT_EQ(originOf(g, "y"), Format::ND);
    EXPECT_EQ(originOf(g, "f"), Format::ND);
}

TEST(InferFormat, SqueezeStopsOnlyBelowRank4) {
    FormatNet n;
    n.input("x5", {1, 3, 8, 8, 1});
    n.weight("w", {4, 3, 3, 3});
    n.ints("last", {4});
    n.ints("first", {0});
    // Rank 4 on the Squeeze's output: the Conv's format reaches it and its other consumer.
    n.node("Squeeze", {"x5", "last"}, {"s4"}, "squeeze4");
    n.node("Conv", {"s4", "w"}, {"c"}, "conv");
    n.node("Relu", {"s4"}, {"r4"}, "relu4");
    // Rank 3 on the Squeeze's output: nothing gets there.
    n.node("Squeeze", {"c", "first"}, {"s3"}, "squeeze3");
    n.node("Relu", {"s3"}, {"r3"}, "relu3");
    n.node("Unsqueeze", {"c", "first"}, {"u5"}, "unsqueeze5");
    n.output("r4", {1, 3, 8, 8});
    n.output("r3", {4, 6, 6});
    n.output("u5", {1, 1, 4, 6, 6});
    Model model = n.load("squeeze");
    runStage(model, 1);
    const Graph& g = *model.graph;
    EXPECT_EQ(originOf(g, "s4"), Format::NCHW);
    EXPECT_EQ(originOf(g, "r4"), Format::NCHW);
    EXPECT_EQ(originOf(g, "x5"), Format::ND);  // rank 5: NCHW cannot describe it
    EXPECT_EQ(originOf(g, "s3"), Format::ND);
    EXPECT_EQ(originOf(g, "r3"), Format::ND);
    EXPECT_EQ(originOf(g, "u5"), Format::ND);
}

TEST(InferFormat, ChangeDimOpsOfUnknownRankCountAsBelowRank4) {
    // GE reads an unknown-rank shape as fewer than 4 dims: a Squeeze of unknown rank takes no
    // format, while any other op of unknown rank may.
    FormatNet n;
    n.input("x", {1, 3, 8, 8, 1});
    n.input("v", {1, 3, 8, 8});
    n.weight("w", {4, 3, 3, 3});
    n.ints("last", {4});
    n.node("Squeeze", {"x", "last"}, {"s"}, "squeeze");
    n.node("Relu", {"v"}, {"r"}, "relu");
    n.node("Conv", {"s", "w"}, {"c1"}, "conv1");
    n.node("Conv", {"r", "w"}, {"c2"}, "conv2");
    n.output("c1", {1, 4, 6, 6});
    n.output("c2", {1, 4, 6, 6});
    Model model = n.load("unknown_rank");
    Graph& g = *model.graph;
    for (const char* name : {"squeeze", "relu"}) {
        const Node* node = byName(g, name);
        TensorDesc d = node->output(0).desc;
        d.originShape = d.storageShape = Shape();
        g.setOutputDesc(node->id(), 0, d);
    }
    runStage(model, 1);
    EXPECT_EQ(originOf(g, "s"), Format::ND);
    EXPECT_EQ(originOf(g, "r"), Format::NCHW);
    EXPECT_EQ(originOf(g, "v"), Format::NCHW);
}

TEST(InferFormat, StopsAtScalars) {
    FormatNet n = convChain();
    n.weight("k", {});
    n.input("s", {});
    n.node("Mul", {"c", "k"}, {"m"}, "mul");
    n.node("Add", {"m", "s"}, {"a"}, "add");
    n.output("a", {1, 4, 6, 6});
    Model model = n.load("scalars");
    runBothStages(model);
    const Graph& g = *model.graph;
    EXPECT_EQ(originOf(g, "m"), Format::NCHW);
    EXPECT_EQ(originOf(g, "a"), Format::NCHW);
    EXPECT_EQ(originOf(g, "k"), Format::ND);
    EXPECT_EQ(originOf(g, "s"), Format::ND);
}

TEST(InferFormat, StopsAtNdOps) {
    FormatNet n = convChain();
    n.weight("w2", {6, 5});
    n.node("MatMul", {"c", "w2"}, {"mm"}, "matmul");
    n.node("Relu", {"mm"}, {"mr"}, "relu_mm");
    n.node("Shape", {"c"}, {"sh"}, "shape");
    setInt(n.node("ReduceMean", {"c"}, {"keep"}, "reduce_keep"), "keepdims", 1);
    n.node("Relu", {"keep"}, {"kr"}, "relu_keep");
    n.output("mr", {1, 4, 6, 5});
    n.output("sh", {4}, onnx::TensorProto::INT64);
    n.output("kr", {1, 1, 1, 1});
    Model model = n.load("nd_ops");
    runStage(model, 1);
    const Graph& g = *model.graph;
    EXPECT_EQ(originOf(g, "mm"), Format::ND);
    EXPECT_EQ(originOf(g, "mr"), Format::ND);  // ND does not spread
    EXPECT_EQ(originOf(g, "sh"), Format::ND);
    // A reduction that keeps its axes keeps the layout.
    EXPECT_EQ(originOf(g, "keep"), Format::NCHW);
    EXPECT_EQ(originOf(g, "kr"), Format::NCHW);
}

TEST(InferFormat, StopsAtNetOutput) {
    FormatNet n;
    n.input("a", {1, 3, 8, 8});
    n.input("b", {1, 4, 6, 6});
    n.weight("w", {4, 3, 3, 3});
    n.node("Conv", {"a", "w"}, {"y1"}, "conv");
    n.node("Relu", {"b"}, {"y2"}, "relu");
    n.output("y1", {1, 4, 6, 6});
    n.output("y2", {1, 4, 6, 6});
    Model model = n.load("netoutput");
    runBothStages(model, Format::ND);
    const Graph& g = *model.graph;
    EXPECT_EQ(originOf(g, "y1"), Format::NCHW);
    // The graph outputs share a NetOutput; the Conv's format does not pass through it.
    EXPECT_EQ(originOf(g, "y2"), Format::ND);
    EXPECT_EQ(originOf(g, "b"), Format::ND);
}

TEST(InferFormat, LockedFormatIsNotOverwritten) {
    FormatNet n;
    n.input("x", {1, 3, 8, 8});
    n.weight("w", {4, 3, 3, 3});
    n.node("Relu", {"x"}, {"r"}, "locked_relu");
    n.node("Conv", {"r", "w"}, {"y"}, "conv");
    n.output("y", {1, 4, 6, 6});
    Model model = n.load("locked");
    Graph& g = *model.graph;
    g.setAttribute(byName(g, "locked_relu")->id(),
                   Attribute::makeInt(std::string(formats::kFormatLockedAttr), 1));
    runStage(model, 1);
    EXPECT_EQ(originOf(g, "r"), Format::ND);
    EXPECT_EQ(originOf(g, "x"), Format::ND);  // not reached through the locked node
    EXPECT_EQ(originOf(g, "y"), Format::NCHW);
    // Stage 2 gives x the data format; it still does not enter the locked node.
    runStage(model, 2, Format::NHWC);
    EXPECT_EQ(originOf(g, "x"), Format::NHWC);
    EXPECT_EQ(originOf(g, "r"), Format::ND);
}

TEST(InferFormat, InternalFormatNeverBecomesOrigin) {
    FormatNet n;
    n.input("x", {1, 3, 8, 8});
    n.input("u", {1, 3, 8, 8});
    n.node("Relu", {"x"}, {"rx"}, "relu_x");
    n.node("Relu", {"u"}, {"ru"}, "relu_u");
    n.output("rx", {1, 3, 8, 8});
    n.output("ru", {1, 3, 8, 8});
    Model model = n.load("internal");
    Graph& g = *model.graph;
    // x is stored NC1HWC0 with an origin nobody set: an anchor, but its format is no origin.
    const Node* x = byName(g, "x");
    ASSERT_NE(x, nullptr);
    TensorDesc d = x->output(0).desc;
    d.storageFormat = Format::NC1HWC0;
    d.storageShape = Shape::fromExtents({1, 1, 8, 8, 16});
    g.setOutputDesc(x->id(), 0, d);
    // GE ops read their data_format: an internal one is no origin, NHWC is.
    auto geOp = [&](const std::string& name, const std::string& input, const char* format) {
        Node& op = g.addNode("Conv2D", std::string(op::kGeDomain), name, 1);
        g.addInput(op.id(), g.valuesByName().at(input));
        g.setAttribute(op.id(), Attribute::makeString("data_format", format));
        g.setOutputDesc(op.id(), 0, TensorDesc::tensor(DataType::Float, Shape::fromExtents({1, 3, 8, 8})));
        return op.id();
    };
    const NodeId ge5d = geOp("ge_5d", "rx", "NC1HWC0");
    const NodeId geNhwc = geOp("ge_nhwc", "ru", "NHWC");
    const StageResult r = runStage(model, 1);
    EXPECT_EQ(originOf(g, "x"), Format::ND);
    EXPECT_EQ(descOf(g, "x").storageFormat, Format::NC1HWC0);
    EXPECT_EQ(originOf(g, "rx"), Format::ND);
    EXPECT_EQ(g.node(ge5d).output(0).desc.originFormat, Format::ND);
    EXPECT_EQ(g.node(geNhwc).output(0).desc.originFormat, Format::NHWC);
    EXPECT_EQ(originOf(g, "ru"), Format::NHWC);
    EXPECT_EQ(originOf(g, "u"), Format::NHWC);
    EXPECT_EQ(r.stats.value("anchors"), 3u);
}

TEST(InferFormat, UserFormatOnADataNodeIsAnAnchor) {
    FormatNet n;
    n.input("x", {1, 8, 8, 3});
    n.input("v", {1, 8, 8, 3});
    n.node("Relu", {"x"}, {"rx"}, "relu_x");
    n.node("Relu", {"v"}, {"rv"}, "relu_v");
    n.output("rx", {1, 8, 8, 3});
    n.output("rv", {1, 8, 8, 3});
    Model model = n.load("user_format");
    Graph& g = *model.graph;
    // One given as origin (what passscope.tensor_formats loads), one as a data_format attribute.
    TensorDesc d = byName(g, "x")->output(0).desc;
    d.originFormat = d.storageFormat = Format::NHWC;
    g.setOutputDesc(byName(g, "x")->id(), 0, d);
    g.setAttribute(byName(g, "v")->id(), Attribute::makeString("data_format", "NHWC"));
    runBothStages(model, Format::NCHW);
    EXPECT_EQ(originOf(g, "rx"), Format::NHWC);
    EXPECT_EQ(originOf(g, "v"), Format::NHWC);
    EXPECT_EQ(originOf(g, "rv"), Format::NHWC);
}

TEST(InferFormat, AnUnknownFormatAttributeIsIgnoredWithAWarning) {
    FormatNet n;
    n.input("x", {1, 8, 8, 3});
    n.node("Relu", {"x"}, {"y"}, "relu");
    n.output("y", {1, 8, 8, 3});
    Model model = n.load("unknown_attr");
    Graph& g = *model.graph;
    g.setAttribute(byName(g, "x")->id(), Attribute::makeString("data_format", "NWC"));
    PipelineOptions options;
    PassContext ctx(model, options, kernels::KernelRegistry::builtin());
    EXPECT_FALSE(InferFormatPass(1).run(g, ctx));
    const std::vector<std::string> warnings = ctx.takeWarnings();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("'NWC'"), std::string::npos) << warnings[0];
    EXPECT_EQ(originOf(g, "y"), Format::ND);
}

TEST(InferFormat, DataNodesTakeGlobalDataFormat) {
    FormatNet n;
    n.input("a", {1, 3, 8, 8});
    n.input("v", {3});
    n.input("five", {1, 2, 3, 4, 5});
    n.node("Relu", {"a"}, {"ra"}, "relu_a");
    n.node("Relu", {"v"}, {"rv"}, "relu_v");
    n.node("Relu", {"five"}, {"r5"}, "relu_5");
    n.output("ra", {1, 3, 8, 8});
    n.output("rv", {3});
    n.output("r5", {1, 2, 3, 4, 5});
    Model model = n.load("data_format");
    // Stage 1: GE gives the data format only to a graph inferred before.
    EXPECT_FALSE(runStage(model, 1, Format::NHWC).changed);
    const Graph& g = *model.graph;
    EXPECT_EQ(originOf(g, "a"), Format::ND);
    const StageResult r = runStage(model, 2, Format::NHWC);
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(r.stats.value("data_format_applied"), 1u);
    EXPECT_EQ(originOf(g, "a"), Format::NHWC);
    EXPECT_EQ(originOf(g, "ra"), Format::NHWC);  // and spreads from there
    EXPECT_EQ(originOf(g, "v"), Format::ND);     // below rank 4: no layout
    EXPECT_EQ(originOf(g, "five"), Format::ND);  // a 4-D format does not describe rank 5

    Model nd = n.load("data_format_nd");
    EXPECT_FALSE(runStage(nd, 2, Format::ND).changed);
    EXPECT_EQ(originOf(*nd.graph, "a"), Format::ND);
}

TEST(InferFormat, BodiesReflectParentFormats) {
    FormatNet n;
    n.input("cond", {}, onnx::TensorProto::BOOL);
    n.input("x", {1, 3, 8, 8});
    n.input("xb", {1, 3, 8, 8});
    n.weight("w", {4, 3, 3, 3});
    n.node("Conv", {"x", "w"}, {"c"}, "conv");
    // Forward: the branches read c from the outer scope; If's output reflects theirs.
    auto* ifFwd = n.node("If", {"cond"}, {"yf"}, "if_fwd");
    auto* thenF = addBody(*ifFwd, "then_branch");
    addNode(*thenF, "Relu", {"c"}, {"tf"}, "then_relu");
    addTensorValue(thenF->mutable_output(), "tf", kFloatElem, {1, 4, 6, 6});
    auto* elseF = addBody(*ifFwd, "else_branch");
    addNode(*elseF, "Neg", {"c"}, {"ef"}, "else_neg");
    addTensorValue(elseF->mutable_output(), "ef", kFloatElem, {1, 4, 6, 6});
    n.node("Relu", {"yf"}, {"rf"}, "after_if");
    // Backward: a Conv reads If's output; the branches' outputs and the outer xb they read follow.
    auto* ifBack = n.node("If", {"cond"}, {"yb"}, "if_back");
    auto* thenB = addBody(*ifBack, "then_branch");
    addNode(*thenB, "Relu", {"xb"}, {"tb"}, "then_relu_b");
    addTensorValue(thenB->mutable_output(), "tb", kFloatElem, {1, 3, 8, 8});
    auto* elseB = addBody(*ifBack, "else_branch");
    addNode(*elseB, "Identity", {"xb"}, {"eb"}, "else_id_b");
    addTensorValue(elseB->mutable_output(), "eb", kFloatElem, {1, 3, 8, 8});
    n.node("Conv", {"yb", "w"}, {"cb"}, "conv_b");
    // Loop: the carried state enters as the body's input 2 and leaves as body output 1.
    n.ints("trip", {2});
    auto* trip = n.g.mutable_initializer(n.g.initializer_size() - 1);
    trip->clear_dims();  // a scalar trip count
    auto* loop = n.node("Loop", {"trip", "cond", "c"}, {"vf"}, "loop");
    auto* body = addBody(*loop, "body");
    addTensorValue(body->mutable_input(), "i", onnx::TensorProto::INT64, {});
    addTensorValue(body->mutable_input(), "cond_in", onnx::TensorProto::BOOL, {});
    addTensorValue(body->mutable_input(), "v_in", kFloatElem, {1, 4, 6, 6});
    addNode(*body, "Identity", {"cond_in"}, {"cond_out"}, "body_cond");
    addNode(*body, "Relu", {"v_in"}, {"v_out"}, "body_relu");
    addTensorValue(body->mutable_output(), "cond_out", onnx::TensorProto::BOOL, {});
    addTensorValue(body->mutable_output(), "v_out", kFloatElem, {1, 4, 6, 6});
    n.node("Relu", {"vf"}, {"rl"}, "after_loop");
    // Scan: the state is tied like a Loop's; the scanned slices and stacked outputs are not.
    n.input("xs", {2, 1, 4, 6, 6});
    auto* scan = n.node("Scan", {"c", "xs"}, {"s_final", "ys"}, "scan");
    setInt(scan, "num_scan_inputs", 1);
    auto* sbody = addBody(*scan, "body");
    addTensorValue(sbody->mutable_input(), "s_in", kFloatElem, {1, 4, 6, 6});
    addTensorValue(sbody->mutable_input(), "x_in", kFloatElem, {1, 4, 6, 6});
    addNode(*sbody, "Relu", {"s_in"}, {"s_out"}, "scan_relu");
    addNode(*sbody, "Identity", {"x_in"}, {"y_out"}, "scan_id");
    addTensorValue(sbody->mutable_output(), "s_out", kFloatElem, {1, 4, 6, 6});
    addTensorValue(sbody->mutable_output(), "y_out", kFloatElem, {1, 4, 6, 6});
    n.output("s_final", {1, 4, 6, 6});
    n.output("ys", {2, 1, 4, 6, 6});
    n.output("rf", {1, 4, 6, 6});
    n.output("cb", {1, 4, 6, 6});
    n.output("rl", {1, 4, 6, 6});
    Model model = n.load("bodies");
    runStage(model, 1);
    const Graph& g = *model.graph;
    EXPECT_EQ(originOf(bodyOf(g, "if_fwd", "then_branch"), "tf"), Format::NCHW);
    EXPECT_EQ(originOf(bodyOf(g, "if_fwd", "else_branch"), "ef"), Format::NCHW);
    EXPECT_EQ(originOf(g, "yf"), Format::NCHW);
    EXPECT_EQ(originOf(g, "rf"), Format::NCHW);

    EXPECT_EQ(originOf(bodyOf(g, "if_back", "then_branch"), "tb"), Format::NCHW);
    EXPECT_EQ(originOf(bodyOf(g, "if_back", "else_branch"), "eb"), Format::NCHW);
    EXPECT_EQ(originOf(g, "xb"), Format::NCHW);

    const Graph& lb = bodyOf(g, "loop", "body");
    EXPECT_EQ(originOf(lb, "v_in"), Format::NCHW);
    EXPECT_EQ(originOf(lb, "v_out"), Format::NCHW);
    EXPECT_EQ(originOf(lb, "i"), Format::ND);
    EXPECT_EQ(originOf(lb, "cond_in"), Format::ND);
    EXPECT_EQ(originOf(g, "vf"), Format::NCHW);
    EXPECT_EQ(originOf(g, "rl"), Format::NCHW);

    const Graph& sb = bodyOf(g, "scan", "body");
    EXPECT_EQ(originOf(sb, "s_in"), Format::NCHW);
    EXPECT_EQ(originOf(sb, "s_out"), Format::NCHW);
    EXPECT_EQ(originOf(g, "s_final"), Format::NCHW);
    EXPECT_EQ(originOf(sb, "x_in"), Format::ND);
    EXPECT_EQ(originOf(sb, "y_out"), Format::ND);
    EXPECT_EQ(originOf(g, "ys"), Format::ND);
}

TEST(InferFormat, TfStyleGraphStopsAtTransposeAndDataTakesTheDataFormat) {
    // NHWC input, Transpose to NCHW before the first Conv (a TF export).
    FormatNet n;
    n.input("image", {1, 224, 224, 3});
    n.weight("w", {8, 3, 3, 3});
    setInts(n.node("Transpose", {"image"}, {"nchw"}, "to_nchw"), "perm", {0, 3, 1, 2});
    n.node("Conv", {"nchw", "w"}, {"c"}, "conv");
    n.node("Relu", {"c"}, {"y"}, "relu");
    n.output("y", {1, 8, 222, 222});
    for (Format dataFormat : {Format::NHWC, Format::ND}) {
        SCOPED_TRACE(std::string(formatName(dataFormat)));
        Model model = n.load(std::string("tf_style_") + std::string(formatName(dataFormat)));
        runStage(model, 1, dataFormat);
        const Graph& g = *model.graph;
        EXPECT_EQ(originOf(g, "nchw"), Format::NCHW);
        EXPECT_EQ(originOf(g, "image"), Format::ND);  // propagation stopped at the Transpose
        runStage(model, 2, dataFormat);
        EXPECT_EQ(originOf(g, "image"), dataFormat);
        EXPECT_EQ(originOf(g, "nchw"), Format::NCHW);
        EXPECT_EQ(originOf(g, "y"), Format::NCHW);
    }
}

TEST(InferFormat, SecondStageChangesNothing) {
    std::vector<Model> models;
    for (const char* sample : {"conv_net.onnx", "transformer_block.onnx", "training_step.onnx"})
        models.push_back(io::loadModel(fs::path(PASSSCOPE_SOURCE_DIR) / "resources/samples" / sample).model);
    models.push_back(convChain().load("idempotent"));
    for (Model& model : models) {
        SCOPED_TRACE(model.graph->name);
        runBothStages(model, Format::NHWC);
        const std::vector<std::string> before = snapshot(*model.graph);
        EXPECT_FALSE(runStage(model, 2, Format::NHWC).changed);
        EXPECT_FALSE(runStage(model, 1, Format::NHWC).changed);
        EXPECT_EQ(snapshot(*model.graph), before);
    }
}

TEST(InferFormat, PassNamesFollowGe) {
    EXPECT_EQ(InferFormatPass(1).name(), "InferFormatStage1");
    EXPECT_EQ(InferFormatPass(2).name(), "InferFormatStage2");
    EXPECT_EQ(InferFormatPass(1).family(), PassFamily::Format);
}

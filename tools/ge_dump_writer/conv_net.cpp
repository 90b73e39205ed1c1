// A small conv net through four of GE's compile stages (docs/ge-dumps.md §2): Data -> Conv2D (weight,
// bias) -> Relu -> ConcatV2 of 20 inputs -> NetOutput.
//   PreRunBegin            every tensor ND except the user's NCHW input
//   AfterFirstInferformat  origin formats set (NCHW on the 4-D tensors)
//   OptimizeOriginalGraph_FeInsertTransNodeAfter
//                          Conv2D reads and writes NC1HWC0, its weight is FRACTAL_Z; TransData nodes
//                          inserted on the way in, on the weight and on the way out
//   PreRunAfterOptimize1   the weight's TransData folded into a Const under a new name
// Storage shapes (docs/ge-formats.md §6): NC1HWC0 of NCHW [N,C,H,W] is
// [N, ceil(C/16), H, W, 16]; FRACTAL_Z of a weight [N,C,H,W] is [ceil(C/16)*H*W, ceil(N/16), 16, 16].
#include <algorithm>

#include "ge_graph.h"

namespace gedump {

Node& Graph::node(const std::string& n) {
    return *std::find_if(nodes.begin(), nodes.end(), [&](const Node& x) { return x.name == n; });
}

namespace {

constexpr int64_t kC0 = 16;
int64_t ceilDiv(int64_t a, int64_t b) {
    return (a + b - 1) / b;
}

Desc nd(std::vector<int64_t> shape, std::string dtype = "DT_FLOAT16") {
    Desc d;
    d.dtype = std::move(dtype);
    d.shape = d.originShape = std::move(shape);
    return d;
}
Desc nchw(std::vector<int64_t> shape) {
    Desc d = nd(std::move(shape));
    d.layout = d.originLayout = "NCHW";
    return d;
}
Desc nc1hwc0(const std::vector<int64_t>& s) {
    Desc d = nchw(s);
    d.layout = "NC1HWC0";
    d.shape = {s[0], ceilDiv(s[1], kC0), s[2], s[3], kC0};
    return d;
}
Desc fractalZ(const std::vector<int64_t>& s) {
    Desc d = nchw(s);
    d.layout = "FRACTAL_Z";
    d.shape = {ceilDiv(s[1], kC0) * s[2] * s[3], ceilDiv(s[0], 16), 16, kC0};
    return d;
}

// fp16 bytes of a deterministic ramp (0.0, 0.5, 1.0, ... wrapping), enough for `shape`.
std::string fp16Bytes(const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    std::string bytes;
    for (int64_t i = 0; i < n; ++i) {
        const uint16_t halfs[] = {0x0000, 0x3800, 0x3C00, 0x3E00, 0xB800, 0xBC00};  // 0, .5, 1, 1.5, -.5, -1
        const uint16_t h = halfs[i % 6];
        bytes.push_back(static_cast<char>(h & 0xFF));
        bytes.push_back(static_cast<char>(h >> 8));
    }
    return bytes;
}
std::string int32Bytes(int32_t v) {
    std::string b(4, '\0');
    for (int i = 0; i < 4; ++i) b[i] = static_cast<char>((static_cast<uint32_t>(v) >> (8 * i)) & 0xFF);
    return b;
}

const std::vector<int64_t> kInput = {1, 3, 16, 16};
const std::vector<int64_t> kWeight = {8, 3, 3, 3};
const std::vector<int64_t> kConv = {1, 8, 16, 16};
constexpr int kConcatInputs = 20;  // GE's JSON form starts at 20 tensors (kTensorDescStructuredThresholds)
const std::vector<int64_t> kConcat = {1, 8 * kConcatInputs, 16, 16};

Node constNode(const std::string& name, Desc desc, std::string bytes) {
    Node n;
    n.name = name;
    n.type = "Const";
    n.outDescs = {desc};
    n.weights = Weights{desc, std::move(bytes)};
    return n;
}

// PreRunBegin: the graph as the user built it; formats are not inferred yet.
Graph original() {
    Graph g;
    g.name = "conv_net";
    g.id = 1;
    Node data;
    data.name = "data";
    data.type = "Data";
    data.inputs = {""};
    data.inputNames = {"x"};
    data.inDescs = {nchw(kInput)};
    data.outDescs = {nchw(kInput)};
    data.attrs["index"] = int64_t{0};
    g.nodes.push_back(data);
    g.nodes.push_back(constNode("conv1_w", nd(kWeight), fp16Bytes(kWeight)));
    g.nodes.push_back(constNode("conv1_b", nd({8}), fp16Bytes({8})));
    Node conv;
    conv.name = "conv1";
    conv.type = "Conv2D";
    conv.inputs = {"data:0", "conv1_w:0", "conv1_b:0", ""};  // offset_w: unconnected
    conv.inputNames = {"x", "filter", "bias", "offset_w"};
    conv.inDescs = {nd(kInput), nd(kWeight), nd({8}), nd({})};
    conv.inDescs[3].dtype = "DT_INT8";
    conv.outDescs = {nd(kConv)};
    conv.attrs["strides"] = std::vector<int64_t>{1, 1, 1, 1};
    conv.attrs["pads"] = std::vector<int64_t>{1, 1, 1, 1};
    conv.attrs["dilations"] = std::vector<int64_t>{1, 1, 1, 1};
    conv.attrs["groups"] = int64_t{1};
    conv.attrs["offset_x"] = int64_t{0};
    conv.attrs["data_format"] = std::string("NCHW");
    g.nodes.push_back(conv);
    Node relu;
    relu.name = "relu1";
    relu.type = "Relu";
    relu.inputs = {"conv1:0"};
    relu.inputNames = {"x"};
    relu.inDescs = {nd(kConv)};
    relu.outDescs = {nd(kConv)};
    g.nodes.push_back(relu);
    Node axis = constNode("concat_dim", nd({}, "DT_INT32"), int32Bytes(1));
    axis.controls = {"relu1"};  // a control edge: the axis is made after relu1
    g.nodes.push_back(axis);
    Node concat;
    concat.name = "concat";
    concat.type = "ConcatV2";
    for (int i = 0; i < kConcatInputs; ++i) {
        concat.inputs.push_back("relu1:0");
        concat.inputNames.push_back("x" + std::to_string(i));
        concat.inDescs.push_back(nd(kConv));
    }
    concat.inputs.push_back("concat_dim:0");
    concat.inputNames.push_back("concat_dim");
    concat.inDescs.push_back(nd({}, "DT_INT32"));
    concat.outDescs = {nd(kConcat)};
    concat.attrs["N"] = int64_t{kConcatInputs};
    g.nodes.push_back(concat);
    Node out;
    out.name = "Node_Output";
    out.type = "NetOutput";
    out.inputs = {"concat:0"};
    out.inputNames = {"x"};
    out.inDescs = {nd(kConcat)};
    out.outDescs = {nd(kConcat)};
    g.nodes.push_back(out);
    return g;
}

// AfterFirstInferformat: origin formats follow the Conv2D's NCHW through the graph.
Graph inferred(Graph g) {
    for (Node& n : g.nodes) {
        for (auto* descs : {&n.inDescs, &n.outDescs})
            for (Desc& d : *descs)
                if (d.shape.size() == 4) d.layout = d.originLayout = "NCHW";
        if (n.weights && n.weights->desc.shape.size() == 4)
            n.weights->desc.layout = n.weights->desc.originLayout = "NCHW";
    }
    return g;
}

Node transData(const std::string& name, const std::string& input, Desc in, Desc out) {
    Node t;
    t.name = name;
    t.type = "TransData";
    t.inputs = {input};
    t.inputNames = {"src"};
    t.attrs["src_format"] = in.layout;
    t.attrs["dst_format"] = out.layout;
    t.inDescs = {std::move(in)};
    t.outDescs = {std::move(out)};
    return t;
}

// FeInsertTransNodeAfter: Conv2D in NC1HWC0 with a FRACTAL_Z weight, TransData around it.
Graph transDataInserted(Graph g) {
    Node& conv = g.node("conv1");
    conv.inDescs[0] = nc1hwc0(kInput);
    conv.inDescs[1] = fractalZ(kWeight);
    conv.outDescs[0] = nc1hwc0(kConv);
    conv.inputs[0] = "trans_TransData_0:0";
    conv.inputs[1] = "trans_TransData_1:0";
    g.node("relu1").inputs[0] = "trans_TransData_2:0";
    auto convAt =
        std::find_if(g.nodes.begin(), g.nodes.end(), [](const Node& n) { return n.name == "conv1"; });
    Node t0 = transData("trans_TransData_0", "data:0", nchw(kInput), nc1hwc0(kInput));
    Node t1 = transData("trans_TransData_1", "conv1_w:0", nchw(kWeight), fractalZ(kWeight));
    convAt = g.nodes.insert(convAt, {t0, t1}) + 2;
    g.nodes.insert(convAt + 1, transData("trans_TransData_2", "conv1:0", nc1hwc0(kConv), nchw(kConv)));
    return g;
}

// PreRunAfterOptimize1: constant folding computed the weight's TransData; its result is a Const
// holding the FRACTAL_Z bytes, under a name GE gave it.
Graph folded(Graph g) {
    const Desc fz = fractalZ(kWeight);
    Node c = constNode("trans_TransData_1_folded", fz, fp16Bytes(fz.shape));
    c.attrs["_is_from_constant_folding"] = true;
    g.nodes.erase(
        std::remove_if(g.nodes.begin(), g.nodes.end(),
                       [](const Node& n) { return n.name == "conv1_w" || n.name == "trans_TransData_1"; }),
        g.nodes.end());
    g.nodes.insert(g.nodes.begin() + 1, c);
    g.node("conv1").inputs[1] = "trans_TransData_1_folded:0";
    return g;
}

}  // namespace

std::vector<Stage> convNetStages() {
    Graph g0 = original();
    Graph g1 = inferred(g0);
    Graph g2 = transDataInserted(g1);
    Graph g3 = folded(g2);
    // The writer's counter runs over every dump of the process: other graphs' dumps fall between.
    return {{0, "PreRunBegin", g0},
            {4, "AfterFirstInferformat", g1},
            {11, "OptimizeOriginalGraph_FeInsertTransNodeAfter", g2},
            {17, "PreRunAfterOptimize1", g3}};
}

// PartitionedCall "call" owns subgraph "call_body" (Data -> Relu -> NetOutput); the root graph
// feeds it from its Data and returns its result.
Stage subgraphStage() {
    Graph body;
    body.name = "call_body";
    Node arg;
    arg.name = "arg0";
    arg.type = "Data";
    arg.inputs = {""};
    arg.inDescs = {nchw(kInput)};
    arg.outDescs = {nchw(kInput)};
    arg.attrs["index"] = int64_t{0};
    arg.attrs["_parent_node_index"] = int64_t{0};
    Node relu;
    relu.name = "body_relu";
    relu.type = "Relu";
    relu.inputs = {"arg0:0"};
    relu.inDescs = {nchw(kInput)};
    relu.outDescs = {nchw(kInput)};
    Node out;
    out.name = "body_out";
    out.type = "NetOutput";
    out.inputs = {"body_relu:0"};
    out.inDescs = {nchw(kInput)};
    out.attrs["_parent_node_index"] = int64_t{0};
    body.nodes = {arg, relu, out};

    Graph g;
    g.name = "partitioned";
    g.id = 2;
    Node data = arg;
    data.name = "data";
    data.attrs.erase("_parent_node_index");
    Node call;
    call.name = "call";
    call.type = "PartitionedCall";
    call.inputs = {"data:0"};
    call.inDescs = {nchw(kInput)};
    call.outDescs = {nchw(kInput)};
    call.subgraphs = {"call_body"};
    Node result;
    result.name = "Node_Output";
    result.type = "NetOutput";
    result.inputs = {"call:0"};
    result.inDescs = {nchw(kInput)};
    g.nodes = {data, call, result};
    g.subgraphs = {body};
    return {0, "PreRunAfterBuild", g};
}

}  // namespace gedump

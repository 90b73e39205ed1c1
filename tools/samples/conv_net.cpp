// Sample (a): a small image classifier in NCHW layout, as torch.onnx would export it,
// seeded with the patterns the graph-level passes are meant to clean up.
#include <cstdint>
#include <string>

#include "builder.h"
#include "samples.h"

namespace passscope::samples {

namespace {

constexpr const char* kConvNetDoc =
    "Small conv net (image [1,3,32,32] -> logits [1,10]): Conv/BatchNormalization/Relu/MaxPool stem, "
    "a residual block and a GlobalAveragePool + Gemm head. Demonstrates: constant folding of the input "
    "normalisation (mean = sum / count, std = sqrt(var) computed by ops); Shape -> Gather -> Unsqueeze -> "
    "Concat -> Reshape folding of the flatten target (DimensionComputePass); Unsqueeze on a constant "
    "channel gate; a dead Sigmoid -> Mul branch (dead code elimination); two identical Relu nodes on the "
    "same tensor (common subexpression elimination).";

// A Conv with 3x3 kernel and padding 1 (spatial size preserved), weights as initializers
// named like PyTorch state-dict entries.
std::string conv3x3(GraphBuilder& g, SplitMix64& rng, const std::string& scope,
                    const std::string& param_prefix, const std::string& input, std::int64_t in_ch,
                    std::int64_t out_ch) {
    const float bound = fan_in_bound(in_ch * 3 * 3);
    const std::string weight =
        g.initializer(param_prefix + ".weight", random_tensor(rng, {out_ch, in_ch, 3, 3}, bound));
    const std::string bias = g.initializer(param_prefix + ".bias", random_tensor(rng, {out_ch}, bound));
    return g.add("Conv", scope, {input, weight, bias})
        .attr_ints("dilations", {1, 1})
        .attr_i("group", 1)
        .attr_ints("kernel_shape", {3, 3})
        .attr_ints("pads", {1, 1, 1, 1})
        .attr_ints("strides", {1, 1});
}

}  // namespace

onnx::ModelProto build_conv_net() {
    onnx::ModelProto model = new_model("conv_net", kConvNetDoc);
    GraphBuilder g(*model.mutable_graph());
    SplitMix64 rng(0xC0A7'0001ULL);

    const std::string image = g.input("image", kFloat, {1, 3, 32, 32});

    // Input normalisation. The statistics are computed by ops on Constant nodes, the way
    // traced preprocessing code exports, so constant folding has two small subtrees to
    // collapse (Div and Sqrt) before the Sub/Div on the real input.
    const std::string sum =
        g.constant("/preprocess/mean/sum", float_tensor({1, 3, 1, 1}, {123.675f, 116.28f, 103.53f}));
    const std::string count = g.constant("/preprocess/mean/count", float_scalar(255.0f));
    const std::string mean = g.add("Div", "/preprocess/mean", {sum, count});
    const std::string var =
        g.constant("/preprocess/std/var", float_tensor({1, 3, 1, 1}, {0.052441f, 0.050176f, 0.050625f}));
    const std::string stddev = g.add("Sqrt", "/preprocess/std", {var});
    const std::string centred = g.add("Sub", "/preprocess/center", {image, mean});
    const std::string normalised = g.add("Div", "/preprocess/scale", {centred, stddev});

    // Stem: Conv -> BatchNormalization -> Relu -> MaxPool, [1,3,32,32] -> [1,8,16,16].
    const std::string stem_conv = conv3x3(g, rng, "/stem/conv", "stem.conv", normalised, 3, 8);
    const std::string bn_scale = g.initializer("stem.bn.weight", positive_tensor(rng, {8}, 2.0f));
    const std::string bn_bias = g.initializer("stem.bn.bias", random_tensor(rng, {8}, 0.1f));
    const std::string bn_mean = g.initializer("stem.bn.running_mean", random_tensor(rng, {8}, 0.1f));
    const std::string bn_var = g.initializer("stem.bn.running_var", positive_tensor(rng, {8}, 2.0f));
    const std::string bn =
        g.add("BatchNormalization", "/stem/bn", {stem_conv, bn_scale, bn_bias, bn_mean, bn_var})
            .attr_f("epsilon", 1e-5f)
            .attr_f("momentum", 0.9f);
    const std::string relu = g.add("Relu", "/stem/relu", {bn});
    const std::string pooled =
        g.add("MaxPool", "/stem/pool", {relu}).attr_ints("kernel_shape", {2, 2}).attr_ints("strides", {2, 2});

    // Per-channel gate: a [8] Constant is Unsqueezed to [8,1,1] so it broadcasts over
    // H and W. Both Unsqueeze inputs are constant, so the pass folding Unsqueeze on
    // constants can replace the pair by a single [8,1,1] tensor.
    const std::string gate = g.constant("/stem/gate/values", positive_tensor(rng, {8}, 2.0f));
    const std::string gate_axes = g.constant("/stem/gate/axes", int64_tensor({2}, {1, 2}));
    const std::string gate_3d = g.add("Unsqueeze", "/stem/gate", {gate, gate_axes});
    const std::string gated = g.add("Mul", "/stem/gate", {pooled, gate_3d});

    // Residual block: a second Conv branch added back onto its input.
    const std::string b1_conv1 = conv3x3(g, rng, "/block1/conv1", "block1.conv1", gated, 8, 8);
    const std::string b1_relu = g.add("Relu", "/block1/relu", {b1_conv1});
    const std::string b1_conv2 = conv3x3(g, rng, "/block1/conv2", "block1.conv2", b1_relu, 8, 8);
    const std::string residual = g.add("Add", "/block1/residual", {b1_conv2, gated});

    // Duplicated subexpression: two Relu nodes with the same input and (no) attributes,
    // differing only in name. CSE should merge them, leaving Add(x, x).
    const std::string act_a = g.add("Relu", "/block1/act_a", {residual});
    const std::string act_b = g.add("Relu", "/block1/act_b", {residual});
    const std::string merged = g.add("Add", "/block1/merge", {act_a, act_b});

    // Dead branch: a leftover debugging "attention map" whose result reaches no graph
    // output. Dead code elimination should remove both nodes.
    const std::string attn = g.add("Sigmoid", "/debug/attention", {residual});
    g.add("Mul", "/debug/attention", {attn, residual});

    // Head. The flatten target [N, -1] takes N from Shape(image) rather than a literal,
    // as exporters emit for dynamic batch; with the static input shape the whole chain
    // is computable at compile time (DimensionComputePass).
    const std::string gap = g.add("GlobalAveragePool", "/head/gap", {merged});
    const std::string shape = g.add("Shape", "/head/flatten/shape", {image});
    const std::string index0 = g.constant("/head/flatten/batch_index", int64_scalar(0));
    const std::string batch = g.add("Gather", "/head/flatten/batch", {shape, index0}).attr_i("axis", 0);
    const std::string axes0 = g.constant("/head/flatten/batch_axes", int64_tensor({1}, {0}));
    const std::string batch_1d = g.add("Unsqueeze", "/head/flatten/batch", {batch, axes0});
    const std::string minus_one = g.constant("/head/flatten/rest", int64_tensor({1}, {-1}));
    const std::string target =
        g.add("Concat", "/head/flatten/target", {batch_1d, minus_one}).attr_i("axis", 0);
    const std::string flat = g.add("Reshape", "/head/flatten", {gap, target});

    const std::string fc_weight = g.initializer("fc.weight", random_tensor(rng, {10, 8}, fan_in_bound(8)));
    const std::string fc_bias = g.initializer("fc.bias", random_tensor(rng, {10}, fan_in_bound(8)));
    g.add_named("Gemm", "/head/fc/Gemm", {flat, fc_weight, fc_bias}, {"logits"})
        .attr_f("alpha", 1.0f)
        .attr_f("beta", 1.0f)
        .attr_i("transB", 1);
    g.output("logits", kFloat, {1, 10});

    return model;
}

}  // namespace passscope::samples

// The Paddle2ONNX-style text detector (the shape of PP-OCRv4 det, see resources/models/): a
// PP-LCNet backbone of depthwise-separable blocks (Conv → BatchNormalization → learnable affine
// Mul/Add → HardSwish, some with squeeze-excite), an RSE-FPN neck with nearest Resize and a DB
// head with ConvTranspose. Named the way Paddle2ONNX names: p2o.<Op>.<n>, no scopes at all, and
// every weight a Constant node, all of them ahead of the network. Spatial-attention steps in the
// neck reshape through Shape→Gather→Unsqueeze→Concat→Reshape chains that fold to constants since
// every shape is static.
#include <string>
#include <vector>

#include "net.h"
#include "real_shaped.h"

namespace passscope::real_shaped {

namespace {

constexpr std::int64_t kOcrSize = 320;
constexpr std::int64_t kNeck = 32;  // FPN channels (PP-OCRv4 det: 96)

class PaddleDetector {
  public:
    explicit PaddleDetector(Net& net) : n_(net) {}

    // ConvBNLayer with the learnable affine blocks of PP-LCNetV3 around the activation.
    std::string conv_bn(const std::string& x, std::int64_t in, std::int64_t out, std::int64_t kernel,
                        std::int64_t stride, std::int64_t groups, const char* act, bool affine = true) {
        const std::string c = conv(x, in, out, kernel, stride, groups, false);
        const int b = bn_++;
        const std::string p = "batch_norm_" + std::to_string(b);
        auto& rng = n_.rng();
        const std::string scale = n_.weight(p + ".w_0", samples::positive_tensor(rng, {out}, 2.0f));
        const std::string bias = n_.weight(p + ".b_0", samples::random_tensor(rng, {out}, 0.1f));
        const std::string mean = n_.weight(p + ".w_1", samples::random_tensor(rng, {out}, 0.1f));
        const std::string var = n_.weight(p + ".w_2", samples::positive_tensor(rng, {out}, 2.0f));
        std::string y = n_.op("BatchNormalization", "", {c, scale, bias, mean, var}).attr_f("epsilon", 1e-5f);
        if (affine) y = learnable_affine(y);
        if (act) y = n_.op(act, "", {y});
        if (act && affine) y = learnable_affine(y);
        return y;
    }

    std::string conv(const std::string& x, std::int64_t in, std::int64_t out, std::int64_t kernel,
                     std::int64_t stride, std::int64_t groups, bool bias) {
        const std::string p = "conv2d_" + std::to_string(conv_++);
        auto& rng = n_.rng();
        const float bound = samples::fan_in_bound(in / groups * kernel * kernel);
        std::vector<std::string> inputs{
            x, n_.weight(p + ".w_0", samples::random_tensor(rng, {out, in / groups, kernel, kernel}, bound))};
        if (bias) inputs.push_back(n_.weight(p + ".b_0", samples::random_tensor(rng, {out}, bound)));
        const std::int64_t pad = kernel / 2;
        return n_.op("Conv", "", inputs)
            .attr_ints("dilations", {1, 1})
            .attr_i("group", groups)
            .attr_ints("kernel_shape", {kernel, kernel})
            .attr_ints("pads", {pad, pad, pad, pad})
            .attr_ints("strides", {stride, stride});
    }

    // Squeeze-excite: GlobalAveragePool → Conv → Relu → Conv → HardSigmoid, times the input.
    std::string se(const std::string& x, std::int64_t channels) {
        const std::string pooled = n_.op("GlobalAveragePool", "", {x});
        const std::string squeezed = n_.op("Relu", "", {conv(pooled, channels, channels / 4, 1, 1, 1, true)});
        const std::string gate =
            n_.op("HardSigmoid", "", {conv(squeezed, channels / 4, channels, 1, 1, 1, true)})
                .attr_f("alpha", 0.2f);
        return n_.op("Mul", "", {x, gate});
    }

    // RSELayer of the neck: conv, squeeze-excite, and the shortcut Add.
    std::string rse(const std::string& x, std::int64_t in, std::int64_t out, std::int64_t kernel) {
        const std::string c = conv(x, in, out, kernel, 1, 1, false);
        return n_.op("Add", "", {c, se(c, out)});
    }

    // Spatial attention over H*W: Reshape to [N, C, -1] with the target computed from Shape(x),
    // Softmax, Reshape back to Shape(x), times x.
    std::string spatial_attention(const std::string& x) {
        const std::string shape = n_.op("Shape", "", {x});
        auto dim = [&](std::int64_t axis) {
            const std::string g =
                n_.op("Gather", "", {shape, n_.constant("", int64_tensor({}, {axis}))}).attr_i("axis", 0);
            return n_.op("Unsqueeze", "", {g, n_.constant("", int64_tensor({1}, {0}))}).out();
        };
        const std::string batch = dim(0), channels = dim(1);
        const std::string target =
            n_.op("Concat", "", {batch, channels, n_.constant("", int64_tensor({1}, {-1}))})
                .attr_i("axis", 0);
        const std::string flat = n_.op("Reshape", "", {x, target});
        const std::string weights = n_.op("Softmax", "", {flat}).attr_i("axis", -1);
        const std::string back = n_.op("Reshape", "", {weights, n_.op("Shape", "", {x})});
        return n_.op("Mul", "", {x, back});
    }

    std::string upsample(const std::string& x, float factor) {
        const std::string scales = n_.constant("", float_tensor({4}, {1.0f, 1.0f, factor, factor}));
        return n_.op("Resize", "", {x, "", scales});
    }

  private:
    std::string learnable_affine(const std::string& x) {
        const std::string p = "learnable_affine_block_" + std::to_string(lab_++);
        const std::string scale = n_.weight(p + ".w_0", float_tensor({1}, {n_.rng().upper_half(2.0f)}));
        const std::string bias = n_.weight(p + ".w_1", float_tensor({1}, {n_.rng().symmetric(0.1f)}));
        return n_.op("Add", "", {n_.op("Mul", "", {x, scale}), bias});
    }

    Net& n_;
    int conv_ = 0, bn_ = 0, lab_ = 0;
};

struct Block {
    std::int64_t kernel, in, out, stride;
    bool se;
};

// PP-LCNet x0.5-like, channels halved again; strides take 160 down to 10.
constexpr Block kBlocks[] = {
    {3, 8, 16, 1, false},   {3, 16, 24, 2, false}, {3, 24, 24, 1, false}, {3, 24, 32, 2, false},
    {3, 32, 32, 1, false},  {3, 32, 64, 2, false}, {5, 64, 64, 1, false}, {5, 64, 64, 1, false},
    {5, 64, 64, 1, true},   {5, 64, 64, 1, true},  {5, 64, 64, 1, false}, {5, 64, 128, 2, true},
    {5, 128, 128, 1, true},
};
constexpr size_t kStageEnds[] = {2, 4, 10, 12};  // blocks whose outputs feed the neck (/4 /8 /16 /32)

}  // namespace

onnx::ModelProto build_p2o_ocr() {
    onnx::ModelProto model = samples::new_model(
        "Model from PaddlePaddle.",
        "Paddle2ONNX-style text detector (PP-OCR det shape): p2o.<Op>.<n> names without scopes, weights "
        "as Constant nodes, static Shape chains. Made by passscope-make-real-shaped; random weights.");
    model.set_producer_name("PaddlePaddle");
    model.mutable_opset_import(0)->set_version(14);  // HardSwish
    Net n(*model.mutable_graph(), Naming::Paddle2Onnx, Weights::ConstantNodes, 0x0C2'0001ULL);
    PaddleDetector d(n);
    auto& g = n.builder();

    std::string x = g.input("x", kFloat, {1, 3, kOcrSize, kOcrSize});
    x = d.conv_bn(x, 3, 8, 3, 2, 1, "HardSwish");
    std::vector<std::string> stages;
    for (size_t i = 0; i < std::size(kBlocks); ++i) {
        const Block& b = kBlocks[i];
        x = d.conv_bn(x, b.in, b.in, b.kernel, b.stride, b.in, "HardSwish");
        if (b.se) x = d.se(x, b.in);
        x = d.conv_bn(x, b.in, b.out, 1, 1, 1, "HardSwish");
        for (size_t end : kStageEnds)
            if (i == end) stages.push_back(x);
    }

    // RSE-FPN: lateral RSE layers, top-down sums, output RSE layers with spatial attention,
    // upsampled to /4 and concatenated.
    const std::int64_t stage_channels[] = {24, 32, 64, 128};
    std::vector<std::string> lateral;
    for (size_t i = 0; i < 4; ++i) lateral.push_back(d.rse(stages[i], stage_channels[i], kNeck, 1));
    for (int i = 2; i >= 0; --i)
        lateral[static_cast<size_t>(i)] =
            n.op("Add", "",
                 {lateral[static_cast<size_t>(i)], d.upsample(lateral[static_cast<size_t>(i + 1)], 2.0f)});
    std::vector<std::string> fused;
    for (size_t i = 0; i < 4; ++i) {
        std::string p = d.spatial_attention(d.rse(lateral[i], kNeck, kNeck / 4, 3));
        if (i > 0) p = d.upsample(p, static_cast<float>(1 << i));
        fused.push_back(p);
    }
    const std::string neck = n.op("Concat", "", {fused[3], fused[2], fused[1], fused[0]}).attr_i("axis", 1);

    // DB head (probability map): conv, two ConvTranspose steps back to full size, Sigmoid.
    std::string h = d.conv_bn(neck, kNeck, kNeck / 4, 3, 1, 1, "Relu", false);
    auto deconv = [&](const std::string& in, std::int64_t out, bool bias) {
        std::vector<std::string> inputs{
            in, n.weight("conv2d_transpose_" + std::to_string(out) + ".w_0",
                         samples::random_tensor(n.rng(), {kNeck / 4, out, 2, 2}, 0.5f))};
        if (bias)
            inputs.push_back(
                n.weight("conv2d_transpose_" + std::to_string(out) + ".b_0", float_tensor({out}, {0.0f})));
        return n.op("ConvTranspose", "", inputs)
            .attr_ints("kernel_shape", {2, 2})
            .attr_ints("strides", {2, 2})
            .out();
    };
    h = deconv(h, kNeck / 4, false);
    const std::string bn_scale =
        n.weight("batch_norm_head.w_0", samples::positive_tensor(n.rng(), {kNeck / 4}, 2.0f));
    const std::string bn_bias =
        n.weight("batch_norm_head.b_0", samples::random_tensor(n.rng(), {kNeck / 4}, 0.1f));
    const std::string bn_mean =
        n.weight("batch_norm_head.w_1", samples::random_tensor(n.rng(), {kNeck / 4}, 0.1f));
    const std::string bn_var =
        n.weight("batch_norm_head.w_2", samples::positive_tensor(n.rng(), {kNeck / 4}, 2.0f));
    h = n.op("Relu", "", {n.op("BatchNormalization", "", {h, bn_scale, bn_bias, bn_mean, bn_var})});
    const std::string map = n.op("Sigmoid", "", {deconv(h, 1, true)});
    g.output(map, kFloat, {1, 1, kOcrSize, kOcrSize});
    n.weights_first();
    return model;
}

}  // namespace passscope::real_shaped

// The quantized U-Net (U²-Net shape, as ISNet/background-removal models are): six encoder stages
// and five decoder stages, each itself an encoder-decoder (an RSU block), so skips run from the
// first stage to the last and, inside every stage, from its first conv to its last. Quantized the
// way ONNX Runtime's QDQ quantizer writes it: int8 weights through DequantizeLinear, every
// activation through QuantizeLinear→DequantizeLinear, scales and zero points as initializers.
#include <string>
#include <vector>

#include "net.h"
#include "real_shaped.h"

namespace passscope::real_shaped {

namespace {

constexpr std::int64_t kUnetSize = 320;  // input H = W; every stage halves it, down to 10
constexpr std::int64_t kMid = 4;  // channels inside a block (U²-Net-small: 16; ours keeps weights tiny)
constexpr std::int64_t kOut = 8;  // channels between blocks (U²-Net-small: 64)

struct ConvSpec {
    std::int64_t in = 0, out = 0, kernel = 3, dilation = 1;
    bool relu = true;  // conv + ReLU, requantized; false for the side outputs
};

class QuantizedUNet {
  public:
    explicit QuantizedUNet(Net& net) : n_(net) {}

    // Q→DQ on an activation, named and scaled per tensor as the quantizer does.
    std::string qdq(const std::string& x, const std::string& scope) {
        const std::string scale =
            n_.builder().initializer(x + "_scale", float_scalar(n_.rng().upper_half(0.04f)));
        const std::string zero = n_.builder().initializer(x + "_zero_point", uint8_scalar(128));
        const std::string q = n_.op("QuantizeLinear", scope, {x, scale, zero});
        return n_.op("DequantizeLinear", scope, {q, scale, zero});
    }

    // /<block>/conv_s1/Conv (+ /<block>/relu_s1/Relu), weights int8 with a per-tensor scale.
    std::string conv(const std::string& x, const std::string& block, const ConvSpec& s) {
        const std::string param = parameter_name(block);
        const std::string conv_scope = block + "/conv_s1";
        const std::string wq =
            n_.weight(param + ".weight_quantized", int8_tensor(n_.rng(), {s.out, s.in, s.kernel, s.kernel}));
        const std::string ws = n_.weight(param + ".weight_scale", float_scalar(n_.rng().upper_half(0.01f)));
        const std::string wz = n_.weight(param + ".weight_zero_point", int8_scalar(0));
        const std::string w = n_.op("DequantizeLinear", conv_scope, {wq, ws, wz});
        const std::string b = n_.weight(param + ".bias", samples::random_tensor(n_.rng(), {s.out}, 0.1f));
        const std::int64_t pad = s.dilation * (s.kernel / 2);
        const std::string c = n_.op("Conv", conv_scope, {x, w, b})
                                  .attr_ints("dilations", {s.dilation, s.dilation})
                                  .attr_i("group", 1)
                                  .attr_ints("kernel_shape", {s.kernel, s.kernel})
                                  .attr_ints("pads", {pad, pad, pad, pad})
                                  .attr_ints("strides", {1, 1});
        if (!s.relu) return c;
        const std::string relu_scope = block + "/relu_s1";
        return qdq(n_.op("Relu", relu_scope, {c}), relu_scope);
    }

    std::string pool(const std::string& x, const std::string& scope) {
        const std::string p = n_.op("MaxPool", scope, {x})
                                  .attr_i("ceil_mode", 1)
                                  .attr_ints("kernel_shape", {2, 2})
                                  .attr_ints("strides", {2, 2});
        return qdq(p, scope);
    }

    std::string concat(const std::vector<std::string>& xs, const std::string& scope, bool quantize = true) {
        const std::string c = n_.op("Concat", scope, xs).attr_i("axis", 1);
        return quantize ? qdq(c, scope) : c;
    }

    // U²-Net's _upsample_like(src, tar): bilinear Resize of src to tar's H and W, the sizes
    // computed from both shapes at run time (constant once shapes are known).
    std::string upsample_like(const std::string& src, const std::string& tar, const std::string& scope,
                              bool quantize = true) {
        const std::string src_shape = n_.op("Shape", scope, {src});
        const std::string nc = n_.op("Slice", scope, {src_shape, i64(scope, 0), i64(scope, 2)});
        const std::string tar_shape = n_.op("Shape", scope, {tar});
        const std::string hw = n_.op("Slice", scope, {tar_shape, i64(scope, 2), i64(scope, 4)});
        const std::string sizes = n_.op("Concat", scope, {nc, hw}).attr_i("axis", 0);
        const std::string r = n_.op("Resize", scope, {src, "", "", sizes});
        n_.attr_s("mode", "linear");
        return quantize ? qdq(r, scope) : r;
    }

    // RSU-L: conv in, L-1 encoder convs with pools between (dilated instead of pooled for the
    // "F" variant), a dilated bottom conv, L-1 decoder convs on Concat(upsampled, skip), and the
    // residual Add of the block's input conv.
    std::string rsu(int levels, bool dilated, const std::string& x, std::int64_t in,
                    const std::string& scope) {
        const std::string hxin = conv(x, scope + "/rebnconvin", {in, kOut});
        std::vector<std::string> enc;
        std::string h = hxin;
        for (int i = 1; i < levels; ++i) {
            if (i > 1 && !dilated) h = pool(h, scope + "/pool" + std::to_string(i - 1));
            const std::int64_t dil = dilated ? (1 << (i - 1)) : 1;
            h = conv(h, scope + "/rebnconv" + std::to_string(i), {i == 1 ? kOut : kMid, kMid, 3, dil});
            enc.push_back(h);
        }
        const std::int64_t bottom = dilated ? (1 << (levels - 1)) : 2;
        std::string d = conv(h, scope + "/rebnconv" + std::to_string(levels), {kMid, kMid, 3, bottom});
        for (int i = levels - 1; i >= 1; --i) {
            const std::string cat = concat({d, enc[static_cast<size_t>(i - 1)]}, scope);
            const std::int64_t dil = dilated ? (1 << (i - 1)) : 1;
            d = conv(cat, scope + "/rebnconv" + std::to_string(i) + "d",
                     {2 * kMid, i == 1 ? kOut : kMid, 3, dil});
            if (!dilated && i > 1) d = upsample_like(d, enc[static_cast<size_t>(i - 2)], scope);
        }
        return qdq(n_.op("Add", scope, {d, hxin}), scope);
    }

  private:
    // "/stage1/rebnconvin" -> "stage1.rebnconvin", the state-dict name of the module.
    static std::string parameter_name(const std::string& scope) {
        std::string p = scope.substr(scope.find_first_not_of('/'));
        for (char& c : p)
            if (c == '/') c = '.';
        return p;
    }
    std::string i64(const std::string& scope, std::int64_t v) {
        return n_.constant(scope, int64_tensor({1}, {v}));
    }

    Net& n_;
};

}  // namespace

onnx::ModelProto build_unet(bool scoped) {
    onnx::ModelProto model = samples::new_model(
        scoped ? "unet_q" : "unet_flat",
        "Quantized (QDQ) U-Net with nested encoder-decoders, the shape of U²-Net/ISNet background "
        "removal models: skips from the first stage to the last, Resize to the skip's size, int8 "
        "weights. Made by passscope-make-real-shaped; random weights.");
    model.set_producer_name("onnx.quantize");
    model.set_producer_version("0.1.0");
    Net n(*model.mutable_graph(), scoped ? Naming::Torch2 : Naming::TorchFlat, Weights::Initializers,
          0x0E7'0001ULL);
    QuantizedUNet u(n);
    auto& g = n.builder();

    const std::string image = g.input("input", kFloat, {1, 3, kUnetSize, kUnetSize});
    std::string x = u.qdq(image, "");

    // Encoder: RSU7, RSU6, RSU5, RSU4 with a pool after each, then RSU4F twice.
    const int levels[] = {7, 6, 5, 4};
    std::vector<std::string> stages;
    for (int s = 0; s < 4; ++s) {
        const std::string scope = "/stage" + std::to_string(s + 1);
        stages.push_back(u.rsu(levels[s], false, x, s == 0 ? 3 : kOut, scope));
        x = u.pool(stages.back(), "/pool" + std::to_string(s + 1) + std::to_string(s + 2));
    }
    stages.push_back(u.rsu(4, true, x, kOut, "/stage5"));
    x = u.pool(stages.back(), "/pool56");
    stages.push_back(u.rsu(4, true, x, kOut, "/stage6"));

    // Decoder: stage k d takes Concat(upsampled stage k+1 output, encoder stage k output).
    std::vector<std::string> decoded(6);
    decoded[5] = stages[5];
    for (int s = 4; s >= 0; --s) {
        const std::string up =
            u.upsample_like(decoded[static_cast<size_t>(s + 1)], stages[static_cast<size_t>(s)], "");
        const std::string cat = u.concat({up, stages[static_cast<size_t>(s)]}, "");
        const std::string scope = "/stage" + std::to_string(s + 1) + "d";
        decoded[static_cast<size_t>(s)] =
            s == 4 ? u.rsu(4, true, cat, 2 * kOut, scope) : u.rsu(levels[s], false, cat, 2 * kOut, scope);
    }

    // Side outputs at full size, fused by a 1x1 conv; all seven go through a Sigmoid.
    std::vector<std::string> sides;
    for (int s = 0; s < 6; ++s) {
        const std::string side =
            u.conv(decoded[static_cast<size_t>(s)], "/side" + std::to_string(s + 1), {kOut, 1, 3, 1, false});
        sides.push_back(s == 0 ? side : u.upsample_like(side, sides[0], "", false));
    }
    const std::string fused = u.conv(u.concat(sides, "", false), "/outconv", {6, 1, 1, 1, false});
    std::vector<std::string> maps{fused};
    maps.insert(maps.end(), sides.begin(), sides.end());
    for (size_t i = 0; i < maps.size(); ++i) {
        const std::string out = n.op("Sigmoid", "", {maps[i]});
        g.output(out, kFloat, {1, 1, kUnetSize, kUnetSize});
    }
    return model;
}

}  // namespace passscope::real_shaped

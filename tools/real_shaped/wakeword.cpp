// The small wake-word model (the shape of openWakeWord's melspectrogram + embedding + classifier,
// see resources/models/README.md): an STFT-as-Conv mel front end, a conv embedding of
// Conv→LeakyRelu→Max units with pools, and dense layers with decomposed LayerNorm. As the
// PyTorch < 1.13 exporter wrote such models: scopeless Conv_12 names and every weight, epsilon and
// axis a Constant node in the middle of the network.
#include <string>

#include "net.h"
#include "real_shaped.h"

namespace passscope::real_shaped {

namespace {

constexpr std::int64_t kFrames = 76, kMels = 32, kFft = 128, kHop = 32, kBins = kFft / 2 + 1;
constexpr std::int64_t kSamples = (kFrames - 1) * kHop + kFft;
constexpr int kConvLayers = 28;  // pooled after every 7th
constexpr int kDenseLayers = 5;
constexpr std::int64_t kHidden = 32;

class WakeWord {
  public:
    explicit WakeWord(Net& net) : n_(net) {}

    std::string c(onnx::TensorProto value) { return n_.constant("", std::move(value)); }

    std::string mel_front(const std::string& audio) {
        auto& rng = n_.rng();
        const std::string framed = n_.op("Unsqueeze", "", {audio, c(int64_tensor({1}, {1}))});
        auto stft = [&](const char* part) {
            const std::string w =
                n_.weight(std::string("stft.") + part, samples::random_tensor(rng, {kBins, 1, kFft}, 0.1f));
            const std::string y = n_.op("Conv", "", {framed, w}).attr_ints("strides", {kHop});
            return n_.op("Pow", "", {y, c(float_scalar(2.0f))}).out();
        };
        const std::string power = n_.op("Add", "", {stft("real"), stft("imag")});
        const std::string frames = n_.op("Transpose", "", {power}).attr_ints("perm", {0, 2, 1});
        const std::string mel = n_.op(
            "MatMul", "", {frames, n_.weight("melW", samples::positive_tensor(rng, {kBins, kMels}, 0.1f))});
        const std::string floored = n_.op("Clip", "", {mel, c(float_scalar(1e-10f))});
        const std::string db = n_.op("Mul", "", {n_.op("Log", "", {floored}), c(float_scalar(4.3429448f))});
        const std::string peak = n_.op("ReduceMax", "", {db}).attr_i("keepdims", 1);
        const std::string limited = n_.op("Max", "", {db, n_.op("Sub", "", {peak, c(float_scalar(80.0f))})});
        const std::string scaled =
            n_.op("Add", "", {n_.op("Div", "", {limited, c(float_scalar(10.0f))}), c(float_scalar(2.0f))});
        return n_.op("Unsqueeze", "", {scaled, c(int64_tensor({1}, {1}))});
    }

    std::string conv_unit(const std::string& x, std::int64_t in, std::int64_t out, int index) {
        auto& rng = n_.rng();
        const std::string p = "embedding.conv" + std::to_string(index);
        const float bound = samples::fan_in_bound(in * 9);
        const std::string w = n_.weight(p + ".weight", samples::random_tensor(rng, {out, in, 3, 3}, bound));
        const std::string b = n_.weight(p + ".bias", samples::random_tensor(rng, {out}, bound));
        const std::string y =
            n_.op("Conv", "", {x, w, b}).attr_ints("kernel_shape", {3, 3}).attr_ints("pads", {1, 1, 1, 1});
        const std::string act = n_.op("LeakyRelu", "", {y}).attr_f("alpha", 0.2f);
        return n_.op("Max", "", {act, c(float_scalar(-0.2f))});
    }

    // Gemm, LayerNorm written out op by op (as opset-13 exports do), Relu.
    std::string dense(const std::string& x, std::int64_t in, std::int64_t out, int index) {
        auto& rng = n_.rng();
        const std::string p = "classifier.layer" + std::to_string(index);
        const float bound = samples::fan_in_bound(in);
        const std::string w = n_.weight(p + ".weight", samples::random_tensor(rng, {out, in}, bound));
        const std::string b = n_.weight(p + ".bias", samples::random_tensor(rng, {out}, bound));
        const std::string y = n_.op("Gemm", "", {x, w, b}).attr_i("transB", 1);
        const std::string mean = n_.op("ReduceMean", "", {y}).attr_ints("axes", {-1});
        const std::string centred = n_.op("Sub", "", {y, mean});
        const std::string square = n_.op("Pow", "", {centred, c(float_scalar(2.0f))});
        const std::string var = n_.op("ReduceMean", "", {square}).attr_ints("axes", {-1});
        const std::string std = n_.op("Sqrt", "", {n_.op("Add", "", {var, c(float_scalar(1e-5f))})});
        const std::string normed = n_.op("Div", "", {centred, std});
        const std::string gamma = n_.weight(p + ".norm.weight", samples::positive_tensor(rng, {out}, 2.0f));
        const std::string beta = n_.weight(p + ".norm.bias", samples::random_tensor(rng, {out}, 0.1f));
        return n_.op("Relu", "", {n_.op("Add", "", {n_.op("Mul", "", {normed, gamma}), beta})});
    }

  private:
    Net& n_;
};

}  // namespace

onnx::ModelProto build_wakeword() {
    onnx::ModelProto model = samples::new_model(
        "torch_jit",
        "Wake-word detector (openWakeWord shape): mel front end, conv embedding, dense classifier; weights "
        "as Constant nodes, scopeless names. Made by passscope-make-real-shaped; random weights.");
    model.set_producer_name("pytorch");
    model.set_producer_version("1.12.1");
    Net n(*model.mutable_graph(), Naming::TorchFlat, Weights::ConstantNodes, 0x3A7'0001ULL);
    WakeWord w(n);
    auto& g = n.builder();

    std::string x = w.mel_front(g.input("audio", kFloat, {1, kSamples}));
    std::int64_t channels = 1, h = kFrames, wd = kMels;
    for (int i = 0; i < kConvLayers; ++i) {
        const std::int64_t out = i < kConvLayers / 2 ? 8 : 16;
        x = w.conv_unit(x, channels, out, i);
        channels = out;
        if (i % 7 == 6) {
            x = n.op("MaxPool", "", {x}).attr_ints("kernel_shape", {2, 2}).attr_ints("strides", {2, 2});
            h /= 2;
            wd /= 2;
        }
    }
    x = n.op("Flatten", "", {x}).attr_i("axis", 1);
    std::int64_t width = channels * h * wd;
    for (int i = 0; i < kDenseLayers; ++i) {
        x = w.dense(x, width, kHidden, i);
        width = kHidden;
    }
    const std::string wf =
        n.weight("classifier.out.weight", samples::random_tensor(n.rng(), {1, kHidden}, 0.2f));
    const std::string bf = n.weight("classifier.out.bias", float_tensor({1}, {0.0f}));
    const std::string score = n.op("Sigmoid", "", {n.op("Gemm", "", {x, wf, bf}).attr_i("transB", 1)});
    g.output(score, kFloat, {1, 1});
    return model;
}

}  // namespace passscope::real_shaped

// BatchNormalization (inference), InstanceNormalization, LayerNormalization, LRN,
// MeanVarianceNormalization. All compute in double and round each output once to its type, so
// float16/bfloat16 results are rounded in their own type.
//
// BatchNormalization: y = (x - mean) / sqrt(var + epsilon) * scale + B per channel (axis 1).
// Training mode (training_mode=1, opset 14 on; issue 36): the batch's own per-channel mean and
// population variance normalize X, and the outputs running_mean and running_var are
// input_mean * momentum + batch_mean * (1 - momentum) (the same for the variance), in mean's type.
// The extra training outputs of opsets before 14 and spatial=0 (opsets 7-8) are unsupported.
// From opset 15 scale/B and mean/var may have other floating types than X.
// InstanceNormalization: per (n, c), population mean and variance over the spatial axes.
// LayerNormalization (opset 17): over the axes from `axis` on; outputs Y, and optionally Mean
// and InvStdDev of the stash type (float by default), shaped like X with those axes set to 1.
// LRN: x / (bias + alpha / size * sum of squares over the channel window [c - floor((size-1)/2),
// c + ceil((size-1)/2)])^beta.
// MeanVarianceNormalization: (x - mean) / (sqrt(E[x^2] - mean^2) + 1e-9) over `axes` (default
// [0, 2, 3]), as the ONNX function body defines it.
#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

using namespace red;

std::vector<double> perChannel(const Tensor& t, int64_t C, const char* what) {
    requireFloat(t);
    auto v = toDoubles(t);
    if (static_cast<int64_t>(v.size()) != C || t.dims().size() != 1)
        throw KernelError(std::string(what) + " must be [C]");
    return v;
}

KernelResult batchNormalization(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    requireFloat(x);
    const bool training = ctx.opset() >= 14 && ctx.attrInt("training_mode", 0) != 0;
    for (size_t i = 1; i < ctx.outputCount() && !training; ++i)
        if (ctx.outputWanted(i)) return KernelResult::unsupported("training-mode statistics outputs");
    if (ctx.opset() < 9 && ctx.attrInt("spatial", 1) == 0) return KernelResult::unsupported("spatial=0");
    if (ctx.opset() < 7 && ctx.attrInt("is_test", 0) == 0 && ctx.outputCount() > 1)
        return KernelResult::unsupported("training mode");
    if (x.dims().size() < 2) throw KernelError("X must be [N, C, ...]");
    const int64_t C = x.dims()[1];
    const auto scale = perChannel(required(ctx, 1), C, "scale");
    const auto bias = perChannel(required(ctx, 2), C, "B");
    auto mean = perChannel(required(ctx, 3), C, "mean");
    auto var = perChannel(required(ctx, 4), C, "var");
    if (ctx.opset() < 15) {
        for (size_t i = 1; i <= 4; ++i)
            if (ctx.input(i).dtype() != x.dtype())
                return KernelResult::unsupported("inputs have different dtypes");
    }
    const double eps = ctx.attrFloat("epsilon", 1e-5);
    const int64_t inner = product(x.dims(), 2);
    auto xv = toDoubles(x);
    std::vector<Tensor> running;  // training: running_mean, running_var
    if (training) {
        const double momentum = ctx.attrFloat("momentum", 0.9);
        std::vector<double> batchMean(static_cast<size_t>(C), 0.0), batchVar(static_cast<size_t>(C), 0.0);
        const double perChannelCount =
            static_cast<double>(xv.size()) / static_cast<double>(std::max<int64_t>(C, 1));
        for (size_t i = 0; i < xv.size(); ++i)
            batchMean[static_cast<size_t>((static_cast<int64_t>(i) / inner) % C)] += xv[i] / perChannelCount;
        for (size_t i = 0; i < xv.size(); ++i) {
            const size_t c = static_cast<size_t>((static_cast<int64_t>(i) / inner) % C);
            batchVar[c] += (xv[i] - batchMean[c]) * (xv[i] - batchMean[c]) / perChannelCount;
        }
        std::vector<double> runningMean(mean.size()), runningVar(var.size());
        for (size_t c = 0; c < mean.size(); ++c) {
            runningMean[c] = mean[c] * momentum + batchMean[c] * (1 - momentum);
            runningVar[c] = var[c] * momentum + batchVar[c] * (1 - momentum);
        }
        running.push_back(fromDoubles(ctx.input(3).dtype(), {C}, runningMean));
        running.push_back(fromDoubles(ctx.input(4).dtype(), {C}, runningVar));
        mean = std::move(batchMean);
        var = std::move(batchVar);
    }
    for (size_t i = 0; i < xv.size(); ++i) {
        const size_t c = static_cast<size_t>((static_cast<int64_t>(i) / inner) % C);
        xv[i] = (xv[i] - mean[c]) / std::sqrt(var[c] + eps) * scale[c] + bias[c];
    }
    // Outputs the node lists but leaves unnamed (the training statistics) still get a tensor each,
    // never read: the inputs' mean and var.
    std::vector<Tensor> outs;
    outs.push_back(fromDoubles(x.dtype(), x.dims(), xv));
    for (size_t i = 1; i < ctx.outputCount(); ++i)
        outs.push_back(training && i <= 2 ? running[i - 1] : ctx.input(i % 2 == 1 ? 3 : 4));
    return KernelResult::ok(std::move(outs));
}

KernelResult instanceNormalization(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    requireFloat(x);
    if (x.dims().size() < 3) throw KernelError("X must be [N, C, D1, ...]");
    const int64_t C = x.dims()[1];
    const Tensor& scaleT = required(ctx, 1);
    const Tensor& biasT = required(ctx, 2);
    if (scaleT.dtype() != x.dtype() || biasT.dtype() != x.dtype())
        return KernelResult::unsupported("inputs have different dtypes");
    const auto scale = perChannel(scaleT, C, "scale");
    const auto bias = perChannel(biasT, C, "B");
    const double eps = ctx.attrFloat("epsilon", 1e-5);
    const int64_t inner = product(x.dims(), 2);
    auto xv = toDoubles(x);
    for (int64_t nc = 0; nc < x.dims()[0] * C; ++nc) {
        double* p = xv.data() + nc * inner;
        double mean = 0, var = 0;
        for (int64_t i = 0; i < inner; ++i) mean += p[i];
        mean /= static_cast<double>(inner);
        for (int64_t i = 0; i < inner; ++i) var += (p[i] - mean) * (p[i] - mean);
        var /= static_cast<double>(inner);
        const size_t c = static_cast<size_t>(nc % C);
        const double inv = 1.0 / std::sqrt(var + eps);
        for (int64_t i = 0; i < inner; ++i) p[i] = (p[i] - mean) * inv * scale[c] + bias[c];
    }
    return KernelResult::ok(fromDoubles(x.dtype(), x.dims(), xv));
}

KernelResult layerNormalization(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    requireFloat(x);
    const Tensor& scaleT = required(ctx, 1);
    const Tensor* biasT = ctx.hasInput(2) ? &ctx.input(2) : nullptr;
    if (scaleT.dtype() != x.dtype() || (biasT && biasT->dtype() != x.dtype()))
        return KernelResult::unsupported("inputs have different dtypes");
    const int64_t rank = static_cast<int64_t>(x.dims().size());
    if (rank == 0) throw KernelError("X must have rank >= 1");
    const int64_t axis = normalizeAxis(ctx.attrInt("axis", -1), rank);
    const double eps = ctx.attrFloat("epsilon", 1e-5);
    DataType stash;
    switch (ctx.attrInt("stash_type", 1)) {
        case 1:
            stash = DataType::Float;
            break;
        case 10:
            stash = DataType::Float16;
            break;
        case 11:
            stash = DataType::Double;
            break;
        case 16:
            stash = DataType::BFloat16;
            break;
        default:
            return KernelResult::unsupported("unsupported stash_type");
    }
    auto checkParam = [&](const Tensor& p) {
        if (broadcastShapes({x.dims(), p.dims()}) != x.dims())
            throw KernelError("Scale/B do not broadcast to X");
        return broadcastIndex(p.dims(), x.dims());
    };
    const auto scaleIdx = checkParam(scaleT);
    const auto scale = toDoubles(scaleT);
    std::vector<int64_t> biasIdx;
    std::vector<double> bias;
    if (biasT) {
        biasIdx = checkParam(*biasT);
        bias = toDoubles(*biasT);
    }
    const int64_t outer = product(x.dims(), 0, static_cast<size_t>(axis));
    const int64_t inner = product(x.dims(), static_cast<size_t>(axis));
    auto xv = toDoubles(x);
    std::vector<double> means(static_cast<size_t>(outer)), invs(static_cast<size_t>(outer));
    for (int64_t o = 0; o < outer; ++o) {
        const int64_t base = o * inner;
        double mean = 0, var = 0;
        for (int64_t i = 0; i < inner; ++i) mean += xv[static_cast<size_t>(base + i)];
        mean /= static_cast<double>(inner);
        for (int64_t i = 0; i < inner; ++i) {
            const double d = xv[static_cast<size_t>(base + i)] - mean;
            var += d * d;
        }
        var /= static_cast<double>(inner);
        const double inv = 1.0 / std::sqrt(var + eps);
        means[static_cast<size_t>(o)] = mean;
        invs[static_cast<size_t>(o)] = inv;
        for (int64_t i = 0; i < inner; ++i) {
            const size_t e = static_cast<size_t>(base + i);
            double y = (xv[e] - mean) * inv * scale[static_cast<size_t>(scaleIdx[e])];
            if (biasT) y += bias[static_cast<size_t>(biasIdx[e])];
            xv[e] = y;
        }
    }
    std::vector<int64_t> statDims(x.dims().begin(), x.dims().begin() + axis);
    statDims.resize(static_cast<size_t>(rank), 1);
    std::vector<Tensor> outs;
    outs.push_back(fromDoubles(x.dtype(), x.dims(), xv));
    if (ctx.outputCount() > 1) outs.push_back(fromDoubles(stash, statDims, means));
    if (ctx.outputCount() > 2) outs.push_back(fromDoubles(stash, statDims, invs));
    return KernelResult::ok(std::move(outs));
}

KernelResult lrn(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    requireFloat(x);
    if (x.dims().size() < 2) throw KernelError("X must be [N, C, ...]");
    const int64_t size = ctx.attrInt("size", 0);
    if (size <= 0) throw KernelError("LRN needs size > 0");
    const double alpha = ctx.attrFloat("alpha", 1e-4), beta = ctx.attrFloat("beta", 0.75),
                 bias = ctx.attrFloat("bias", 1.0);
    const int64_t N = x.dims()[0], C = x.dims()[1], inner = product(x.dims(), 2);
    const int64_t before = (size - 1) / 2, after = size - 1 - before;
    const auto xv = toDoubles(x);
    std::vector<double> y(xv.size());
    for (int64_t n = 0; n < N; ++n)
        for (int64_t c = 0; c < C; ++c)
            for (int64_t i = 0; i < inner; ++i) {
                double sq = 0;
                for (int64_t j = std::max<int64_t>(0, c - before); j <= std::min(C - 1, c + after); ++j) {
                    const double v = xv[static_cast<size_t>((n * C + j) * inner + i)];
                    sq += v * v;
                }
                const size_t e = static_cast<size_t>((n * C + c) * inner + i);
                y[e] = xv[e] / std::pow(bias + alpha / static_cast<double>(size) * sq, beta);
            }
    return KernelResult::ok(fromDoubles(x.dtype(), x.dims(), y));
}

KernelResult meanVarianceNormalization(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    requireFloat(x);
    const int64_t rank = static_cast<int64_t>(x.dims().size());
    const auto axes = normalizeAxes(ctx.attrInts("axes", {0, 2, 3}), rank);
    const AxisSplit split = splitAxes(x.dims(), axes, true);
    auto xv = toDoubles(x);
    const double n = static_cast<double>(split.reduced.size());
    for (int64_t base : split.kept) {
        double s = 0, s2 = 0;
        for (int64_t r : split.reduced) {
            const double v = xv[static_cast<size_t>(base + r)];
            s += v;
            s2 += v * v;
        }
        const double mean = s / n;
        const double sd = std::sqrt(s2 / n - mean * mean);
        for (int64_t r : split.reduced) {
            double& v = xv[static_cast<size_t>(base + r)];
            v = (v - mean) / (sd + 1e-9);
        }
    }
    return KernelResult::ok(fromDoubles(x.dtype(), x.dims(), xv));
}

}  // namespace

void registerNormalizationKernels(KernelRegistry& r) {
    r.add("", "BatchNormalization", 1, 0, batchNormalization);
    r.add("", "InstanceNormalization", 1, 0, instanceNormalization);
    r.add("", "LayerNormalization", 17, 0, layerNormalization);
    r.add("", "LRN", 1, 0, lrn);
    r.add("", "MeanVarianceNormalization", 9, 0, meanVarianceNormalization);
}

}  // namespace passscope::kernels

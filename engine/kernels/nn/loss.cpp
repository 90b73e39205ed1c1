// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss (opset 12/13), following the ONNX
// reference implementation.
//
// input/scores are [N, C] or [N, C, d1, ..., dk], target/labels [N] or [N, d1, ..., dk] (int32 or
// int64), weight optional [C]. For each (n, d) whose target t is not ignore_index:
// loss = -input[n, t, d] * weight[t] (weight 1 when absent); ignored positions have loss 0 and
// weight 0. reduction "none" returns the per-position losses (target's shape), "sum" their sum,
// "mean" (default) their sum divided by the sum of the weights of the non-ignored positions
// (NaN when that is zero, as 0/0). A target outside [0, C) that is not ignore_index is
// malformed. SoftmaxCrossEntropyLoss applies it to log_softmax(scores) along axis 1 and can
// also output that log-probability tensor. Computation in double, results rounded to the input
// type.
#include "kernels/kernel_registry.h"
#include "kernels/nn/float_tensor.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

using namespace red;
using nn::fromDoubles;
using nn::requireFloat;

// logp: [N, C, D] flattened log-probabilities (or NLL input).
Tensor nllLoss(const KernelContext& ctx, DataType dtype, const std::vector<int64_t>& inDims,
               const std::vector<double>& logp, const Tensor& targetT, const Tensor* weightT) {
    if (inDims.size() < 2) throw KernelError("input must be [N, C, ...]");
    if (targetT.dtype() != DataType::Int32 && targetT.dtype() != DataType::Int64)
        throw KernelError("target must be int32 or int64");
    const int64_t N = inDims[0], C = inDims[1], D = product(inDims, 2);
    std::vector<int64_t> expectTarget{N};
    expectTarget.insert(expectTarget.end(), inDims.begin() + 2, inDims.end());
    if (targetT.dims() != expectTarget) throw KernelError("target shape does not match input");
    const auto target = toInt64s(targetT);
    std::vector<double> weight;
    if (weightT) {
        if (weightT->dtype() != dtype) throw KernelError("weight dtype differs from input");
        weight = toDoubles(*weightT);
        if (weightT->dims().size() != 1 || static_cast<int64_t>(weight.size()) != C)
            throw KernelError("weight must be [C]");
    }
    const bool hasIgnore = ctx.hasAttr("ignore_index");
    const int64_t ignore = ctx.attrInt("ignore_index", 0);
    const std::string reduction = ctx.attrString("reduction", "mean");
    if (reduction != "none" && reduction != "sum" && reduction != "mean")
        throw KernelError("unknown reduction " + reduction);
    std::vector<double> loss(static_cast<size_t>(N * D));
    double lossSum = 0, weightSum = 0;
    for (int64_t n = 0; n < N; ++n)
        for (int64_t d = 0; d < D; ++d) {
            const size_t e = static_cast<size_t>(n * D + d);
            const int64_t t = target[e];
            if (hasIgnore && t == ignore) continue;
            if (t < 0 || t >= C) throw KernelError("target index out of range");
            const double w = weightT ? weight[static_cast<size_t>(t)] : 1.0;
            loss[e] = -logp[static_cast<size_t>((n * C + t) * D + d)] * w;
            lossSum += loss[e];
            weightSum += w;
        }
    if (reduction == "none") return fromDoubles(dtype, targetT.dims(), loss);
    if (reduction == "sum") return fromDoubles(dtype, {}, {lossSum});
    return fromDoubles(dtype, {}, {lossSum / weightSum});
}

KernelResult negativeLogLikelihoodLoss(const KernelContext& ctx) {
    const Tensor& input = required(ctx, 0);
    requireFloat(input);
    const Tensor* weight = ctx.hasInput(2) ? &ctx.input(2) : nullptr;
    return KernelResult::ok(
        nllLoss(ctx, input.dtype(), input.dims(), toDoubles(input), required(ctx, 1), weight));
}

KernelResult softmaxCrossEntropyLoss(const KernelContext& ctx) {
    const Tensor& scores = required(ctx, 0);
    requireFloat(scores);
    const auto& dims = scores.dims();
    if (dims.size() < 2) throw KernelError("scores must be [N, C, ...]");
    const int64_t N = dims[0], C = dims[1], D = product(dims, 2);
    auto v = toDoubles(scores);
    // log_softmax along axis 1.
    for (int64_t n = 0; n < N; ++n)
        for (int64_t d = 0; d < D; ++d) {
            auto at = [&](int64_t c) -> double& { return v[static_cast<size_t>((n * C + c) * D + d)]; };
            double m = -std::numeric_limits<double>::infinity();
            bool nan = false;
            for (int64_t c = 0; c < C; ++c) {
                if (std::isnan(at(c)))
                    nan = true;
                else
                    m = std::max(m, at(c));
            }
            double s = 0;
            for (int64_t c = 0; c < C; ++c) s += std::exp(at(c) - m);
            const double ls = std::log(s);
            for (int64_t c = 0; c < C; ++c)
                at(c) = nan ? std::numeric_limits<double>::quiet_NaN() : at(c) - m - ls;
        }
    const Tensor* weight = ctx.hasInput(2) ? &ctx.input(2) : nullptr;
    std::vector<Tensor> outs;
    outs.push_back(nllLoss(ctx, scores.dtype(), dims, v, required(ctx, 1), weight));
    if (ctx.outputCount() > 1) outs.push_back(fromDoubles(scores.dtype(), dims, v));
    return KernelResult::ok(std::move(outs));
}

}  // namespace

void registerLossKernels(KernelRegistry& r) {
    r.add("", "NegativeLogLikelihoodLoss", 12, 0, negativeLogLikelihoodLoss);
    r.add("", "SoftmaxCrossEntropyLoss", 12, 0, softmaxCrossEntropyLoss);
}

}  // namespace passscope::kernels

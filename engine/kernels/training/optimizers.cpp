// The optimizers of the ai.onnx.preview.training domain (opset 1): Adagrad, Momentum (standard
// and nesterov) and Adam. Each updates n tensors at once: inputs R (learning rate), T (update
// count), then X_1..X_n, G_1..G_n and the optimizer's state tensors, outputs the new X's and the
// new states, element by element with the formulas of the spec. Computed in double, rounded
// once to each X's type.
#include <cmath>

#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

constexpr const char* kTrainingDomain = "ai.onnx.preview.training";

// Element update: from x, g and the state values (states in, states out), the new x.
using Update = double (*)(double x, double g, const double* in, double* out, const void* params);

// Runs `update` over the n tensor groups: inputs R, T, X.., G.., S1.., S2..; outputs X.., S1.., S2..
KernelResult applyOptimizer(const KernelContext& ctx, size_t states, Update update, const void* params) {
    const size_t groups = 2 + states;
    if (ctx.inputCount() < 2 + groups || (ctx.inputCount() - 2) % groups != 0)
        throw KernelError("inputs must be R, T and " + std::to_string(groups) +
                          " tensors per updated tensor");
    const size_t n = (ctx.inputCount() - 2) / groups;
    if (ctx.outputCount() > n * (1 + states)) throw KernelError("too many outputs");
    std::vector<Tensor> outs(ctx.outputCount());
    for (size_t k = 0; k < n; ++k) {
        std::vector<std::vector<double>> in;
        const Tensor& x = red::required(ctx, 2 + k);
        requireFloat(x);
        for (size_t gidx = 0; gidx < groups; ++gidx) {
            const Tensor& t = red::required(ctx, 2 + gidx * n + k);
            if (t.dims() != x.dims()) throw KernelError("X, G and the states must have one shape");
            in.push_back(toDoubles(t));
        }
        std::vector<std::vector<double>> out(1 + states, std::vector<double>(in[0].size()));
        std::vector<double> stIn(states), stOut(states);
        for (size_t e = 0; e < in[0].size(); ++e) {
            for (size_t s = 0; s < states; ++s) stIn[s] = in[2 + s][e];
            out[0][e] = update(in[0][e], in[1][e], stIn.data(), stOut.data(), params);
            for (size_t s = 0; s < states; ++s) out[1 + s][e] = stOut[s];
        }
        for (size_t s = 0; s <= states; ++s)
            if (s * n + k < outs.size()) outs[s * n + k] = fromDoubles(x.dtype(), x.dims(), out[s]);
    }
    return KernelResult::ok(std::move(outs));
}

struct AdagradParams {
    double r, normCoefficient, epsilon;
};

KernelResult adagrad(const KernelContext& ctx) {
    const double t = static_cast<double>(scalarInt(red::required(ctx, 1)));
    const AdagradParams p{scalarDouble(red::required(ctx, 0)) / (1 + t * ctx.attrFloat("decay_factor", 0)),
                          ctx.attrFloat("norm_coefficient", 0), ctx.attrFloat("epsilon", 0)};
    return applyOptimizer(
        ctx, 1,
        [](double x, double g, const double* in, double* out, const void* pp) {
            const auto& p = *static_cast<const AdagradParams*>(pp);
            const double gr = p.normCoefficient * x + g;
            out[0] = in[0] + gr * gr;
            return x - p.r * gr / (std::sqrt(out[0]) + p.epsilon);
        },
        &p);
}

struct MomentumParams {
    double r, normCoefficient, alpha, beta;
    bool nesterov;
};

KernelResult momentum(const KernelContext& ctx) {
    const std::string mode = ctx.attrString("mode", "standard");
    if (mode != "standard" && mode != "nesterov") throw KernelError("unknown mode " + mode);
    const bool started = scalarInt(red::required(ctx, 1)) > 0;
    const MomentumParams p{scalarDouble(red::required(ctx, 0)), ctx.attrFloat("norm_coefficient", 0),
                           ctx.attrFloat("alpha", 0), started ? ctx.attrFloat("beta", 0) : 1.0,
                           mode == "nesterov"};
    return applyOptimizer(
        ctx, 1,
        [](double x, double g, const double* in, double* out, const void* pp) {
            const auto& p = *static_cast<const MomentumParams*>(pp);
            const double gr = p.normCoefficient * x + g;
            out[0] = p.alpha * in[0] + p.beta * gr;
            return x - p.r * (p.nesterov ? gr + p.alpha * out[0] : out[0]);
        },
        &p);
}

struct AdamParams {
    double r, normCoefficient, normCoefficientPost, alpha, beta, epsilon;
};

KernelResult adam(const KernelContext& ctx) {
    // The spec's default epsilon (1e-6) and the ONNX test data for a node without the attribute
    // (test_adam_multiple, computed with 1e-2) disagree: such a node is left alone.
    if (!ctx.hasAttr("epsilon")) return KernelResult::unsupported("Adam without an epsilon attribute");
    const int64_t t = scalarInt(red::required(ctx, 1));
    AdamParams p{scalarDouble(red::required(ctx, 0)),
                 ctx.attrFloat("norm_coefficient", 0),
                 ctx.attrFloat("norm_coefficient_post", 0),
                 ctx.attrFloat("alpha", 0.9),
                 ctx.attrFloat("beta", 0.999),
                 ctx.attrFloat("epsilon", 1e-6)};
    if (t > 0) {
        const double td = static_cast<double>(t);
        p.r = p.r * std::sqrt(1 - std::pow(p.beta, td)) / (1 - std::pow(p.alpha, td));
    }
    return applyOptimizer(
        ctx, 2,
        [](double x, double g, const double* in, double* out, const void* pp) {
            const auto& p = *static_cast<const AdamParams*>(pp);
            const double gr = p.normCoefficient * x + g;
            out[0] = p.alpha * in[0] + (1 - p.alpha) * gr;
            out[1] = p.beta * in[1] + (1 - p.beta) * gr * gr;
            return (1 - p.normCoefficientPost) * (x - p.r * (out[0] / (std::sqrt(out[1]) + p.epsilon)));
        },
        &p);
}

}  // namespace

void registerTrainingKernels(KernelRegistry& r) {
    r.add(kTrainingDomain, "Adagrad", 1, 0, adagrad);
    r.add(kTrainingDomain, "Momentum", 1, 0, momentum);
    r.add(kTrainingDomain, "Adam", 1, 0, adam);
}

}  // namespace passscope::kernels

// Solves the layer count from the node budget, then the widths from the byte budget.
#include "network_plan.h"

#include <algorithm>
#include <cmath>

namespace passscope::bench_model {

namespace {

// Float elements that do not depend on the layer count:
// stem W [1024, D] + b [D], head LayerNorm gamma/beta [D] + eps, head W [D, 1024] + b [1024].
std::int64_t fixed_elements(std::int64_t d) {
    return kInputDim * d + d + 2 * d + 1 + d * kInputDim + kInputDim;
}

// Per layer, excluding the D*F terms: attn W [D, D] + b [D] + scale, two LayerNorms
// (gamma, beta [D] + eps each), ffn biases [F] and [D].
std::int64_t layer_elements_without_ffn(std::int64_t d) {
    return d * d + 6 * d + 3;
}

}  // namespace

std::int64_t nodes_for_layers(std::int64_t layers) {
    return kStemNodes + kHeadNodes + layers * kLayerNodes + (layers / kShapeChainEvery) * kShapeChainNodes;
}

std::int64_t float_elements(std::int64_t layers, std::int64_t hidden, std::int64_t ffn) {
    const std::int64_t per_layer = layer_elements_without_ffn(hidden) + 2 * hidden * ffn + ffn;
    return fixed_elements(hidden) + layers * per_layer;
}

NetworkPlan plan_network(std::int64_t target_nodes, double weight_mb) {
    NetworkPlan plan;

    // Layers: the largest count that does not overshoot the node budget; the few
    // nodes left over become Identity padding so tests can rely on the exact count.
    plan.layers = std::max<std::int64_t>(1, (target_nodes - kStemNodes - kHeadNodes) / kLayerNodes);
    while (plan.layers > 1 && nodes_for_layers(plan.layers) > target_nodes) --plan.layers;
    plan.padding_nodes = std::max<std::int64_t>(0, target_nodes - nodes_for_layers(plan.layers));
    plan.total_nodes = nodes_for_layers(plan.layers) + plan.padding_nodes;

    // Hidden width: assume the usual F = 4 D and solve the quadratic
    //   9 L D^2 + (10 L + 2051) D + (3 L + 1025) = budget
    // then round down to whole heads. F is then solved exactly for the remainder, which
    // lands within one D-row per layer of the budget (far inside the 2% promise).
    const double budget = weight_mb * 1e6 / 4.0;
    const double l = static_cast<double>(plan.layers);
    const double a = 9.0 * l;
    const double b = 10.0 * l + 2.0 * kInputDim + 3.0;
    const double c = 3.0 * l + kInputDim + 1.0 - budget;
    const double root = (-b + std::sqrt(std::max(0.0, b * b - 4.0 * a * c))) / (2.0 * a);
    plan.hidden = std::max<std::int64_t>(kHeads, static_cast<std::int64_t>(root) / kHeads * kHeads);

    const double rest = budget - static_cast<double>(fixed_elements(plan.hidden)) -
                        l * static_cast<double>(layer_elements_without_ffn(plan.hidden));
    const double per_ffn_unit = l * static_cast<double>(2 * plan.hidden + 1);
    plan.ffn = std::max<std::int64_t>(1, std::llround(rest / per_ffn_unit));

    plan.float_bytes = 4 * float_elements(plan.layers, plan.hidden, plan.ffn);
    return plan;
}

}  // namespace passscope::bench_model

// Sizing of the generated network: how many layers and how wide, so that the graph
// has the requested node count and the initializers the requested byte count.
//
// The topology constants live here (not in network.cpp) because the sizing has to
// count exactly what network.cpp builds; network.cpp checks the count at the end.
#pragma once

#include <cstdint>

namespace passscope::bench_model {

inline constexpr std::int64_t kInputDim = 1024;      // model input/output is [batch, 1024]
inline constexpr std::int64_t kHeads = 8;            // attention reshape splits hidden into 8 heads
inline constexpr std::int64_t kShapeChainEvery = 8;  // every 8th layer gets a Shape->...->Reshape chain

inline constexpr std::int64_t kStemNodes = 2;       // MatMul + Add
inline constexpr std::int64_t kLayerNormNodes = 9;  // decomposed LayerNorm
inline constexpr std::int64_t kHeadNodes = kLayerNormNodes + 2;
// ln1, attention (8), residual Add, ln2, feed-forward (5), residual Add.
inline constexpr std::int64_t kLayerNodes = 2 * kLayerNormNodes + 8 + 1 + 5 + 1;
inline constexpr std::int64_t kShapeChainNodes = 9;  // 5 shape ops + 2 Constant + Add + Mul

struct NetworkPlan {
    std::int64_t layers = 0;
    std::int64_t hidden = 0;         // D: activations are [batch, D] between layers
    std::int64_t ffn = 0;            // F: inner width of the feed-forward MatMuls
    std::int64_t padding_nodes = 0;  // Identity nodes appended so the node count is exact
    std::int64_t total_nodes = 0;
    std::int64_t float_bytes = 0;  // bytes of float initializers the plan will produce
};

// Nodes of the whole graph without padding.
std::int64_t nodes_for_layers(std::int64_t layers);

// Float elements of all initializers for a given shape of network.
std::int64_t float_elements(std::int64_t layers, std::int64_t hidden, std::int64_t ffn);

NetworkPlan plan_network(std::int64_t target_nodes, double weight_mb);

}  // namespace passscope::bench_model

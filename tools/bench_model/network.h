// Builds the benchmark network (stem, transformer-like layers, head) into a graph.
#pragma once

#include "graph_builder.h"
#include "network_plan.h"
#include "tensor_sink.h"

namespace passscope::bench_model {

// Appends nodes and initializers for `plan`, plus the graph's `input`/`output`
// declarations. Throws std::logic_error if the built node count disagrees with the plan.
void build_network(const NetworkPlan& plan, onnx::GraphProto& graph, TensorSink& tensors);

}  // namespace passscope::bench_model

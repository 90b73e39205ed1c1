#pragma once
// Taking a node out whose output equals one of its inputs (Identity, a Cast to its own dtype, a
// Reshape to the shape it reads): its readers read that input instead. When the node gives a graph
// output, the graph output keeps its name (docs/ge-constant-folding.md §15.4): the input's producer
// takes it over, so an export needs no bridging Identity. That is refused where it would rename a
// graph input, take a name another graph output has, or leave one value to carry two names.
#include <string>

#include "ir/graph.h"
#include "pipeline/pass.h"

namespace passscope::bypass {

// Why `node` (one output, passing input `input` through) cannot be taken out; empty when it can.
std::string refusal(const Graph& g, NodeId node, size_t input = 0);

// Takes `node` out (refusal() must be empty): uses of its output read input `input`, the value
// behind it takes over a graph output's name, control predecessors become control predecessors of
// its control successors and of its readers, and constant parameters (Reshape's shape) nothing else
// reads any more go too. Returns the nodes to re-pass (its former readers).
std::vector<NodeId> takeOut(Graph& g, NodeId node, PassContext& ctx, size_t input = 0);

}  // namespace passscope::bypass

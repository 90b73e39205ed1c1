#pragma once
// Taking a node out whose output equals one of its inputs (Identity, a Cast to its own dtype, a
// Reshape to the shape it reads): its readers read that input instead. When the node gives a graph
// output, the graph output keeps its name (docs/ge-constant-folding.md §12.1): the input's producer
// takes it over, so an export needs no bridging Identity. That is refused where it would rename a
// graph input, take a name another graph output has, or leave one value to carry two names.
#include <string>

#include "ir/graph.h"
#include "pipeline/pass.h"

namespace passscope::passthrough {

// Why `node` (passing input `input` through to output 0; any other output unread) cannot be taken
// out; empty when it can.
// At target ge a node giving a body output stays (GE's rule); for ONNX it goes like one giving a
// graph output, as ONNX Runtime's EliminateIdentity does.
std::string refusal(const Graph& g, NodeId node, const PassContext& ctx, size_t input = 0);

// Takes `node` out (refusal() must be empty): uses of its output read input `input`, the value
// behind it takes over a graph output's name, control predecessors become control predecessors of
// its control successors and of its readers, and constant parameters (Reshape's shape) nothing else
// reads any more go too. Returns the nodes to re-pass (its former readers).
std::vector<NodeId> takeOut(Graph& g, NodeId node, PassContext& ctx, size_t input = 0);

}  // namespace passscope::passthrough

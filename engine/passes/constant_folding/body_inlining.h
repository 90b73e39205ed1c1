#pragma once
// Copying a body (an If branch) into the graph of the node that owns it, as CondRemovePass does
// (docs/ge-constant-folding.md §15.1). The body's nodes become nodes of that graph under new ids,
// each of its reads is re-aimed at the same value one scope further in (an outer-scope read of
// the body reads the graph's own value, a read of a deeper body that crossed the body now stops
// in the graph), and value names stay unique in the whole model, so that no body ever shadows a
// name it can see (ONNX's SSA rule, which the exporter relies on: it writes names, not ids).
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "pipeline/pass.h"

namespace passscope::folding {

struct InlinedBody {
    // Body node id -> id of its copy in the graph (Data and NetOutput have none).
    std::unordered_map<NodeId, NodeId> copies;
    // The copies in the order they were made (a topological order of the body).
    std::vector<NodeId> added;
    // What each body output is in the graph: a copy's output, or the outer value the body read.
    std::vector<ValueRef> outputs;
};

// Why `body` cannot be inlined into the graph of its owner as it stands (it takes inputs, or has
// a cycle); nullopt when it can.
std::optional<std::string> whyNotInlinable(const Graph& body);

// Copies every node of `body` (a subgraph owned by node `owner` of `g`) into `g`. The owner is not
// touched: the caller rewires its consumers to `outputs` and removes it, and since the owner's
// bodies leave the model with it, their value names are free for the copies; every other name in
// the model (ancestors of `g`, `g`, bodies anywhere below `g`) is avoided. Control edges inside
// the body are copied. Call whyNotInlinable first.
InlinedBody inlineBody(Graph& g, NodeId owner, const Graph& body, PassContext& ctx);

// Moves the control edges of `owner` onto what replaces it before it is removed: its control
// inputs precede every copy that depends on no other copy, its control outputs follow every copy
// no other copy depends on; with no copies they connect to each other directly.
void transferControlEdges(Graph& g, NodeId owner, const std::vector<NodeId>& copies);

}  // namespace passscope::folding

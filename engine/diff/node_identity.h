#pragma once
// Which node of one graph is "the same" as a node of another, before any structure is looked at
// (docs/graph-diff.md §1): a computation node is known by its name, a structural node (Data,
// Const, FileConstant, NetOutput) by the value it stands for, because that is what survives an
// ONNX export and reload.
#include <string>
#include <unordered_map>

#include "ir/graph.h"

namespace passscope::diff {

// The identity key of a node: "node:<name>" for a computation node with a name, "value:<output 0
// name>" for Data/Const/FileConstant (falling back to the node name when the value has none),
// "netoutput" for NetOutput; "" when the node has none (an unnamed computation node). The prefix
// keeps a Const's value name from meeting a computation node of the same name.
std::string identityKey(const Node& n);

// The name a diff shows for a node: the key without its prefix, or displayName() when the node
// has no key (docs/graph-diff.md §4).
std::string shownName(const Node& n);

// "Conv", or "<domain>:<type>" outside the ONNX domain.
std::string opLabel(const Node& n);

// Keys that name exactly one live node of `g` (main graph), with that node.
std::unordered_map<std::string, NodeId> uniqueIdentities(const Graph& g);

}  // namespace passscope::diff

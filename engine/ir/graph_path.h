#pragma once
// Where a graph sits inside a model: the chain of (owner node, attribute, index) from the main
// graph down to a subgraph. Node ids are unique only within one graph, so anything recorded about
// a node of a body (a journal change, a why-not reason) carries the path of its graph. A path
// names the body by its owner's id and attribute, which survive journal replay (ids are never
// reused), unlike Graph pointers.
#include <cstdint>
#include <string>
#include <vector>

#include "ir/node.h"

namespace passscope {

struct GraphPathStep {
    NodeId owner = kNoNode;  // id of the node owning the body, in the graph one level up
    std::string attribute;   // the attribute holding it (then_branch, body, ...)
    uint32_t index = 0;      // position within a GRAPHS attribute; 0 for a GRAPH attribute
    bool operator==(const GraphPathStep&) const = default;
    auto operator<=>(const GraphPathStep&) const = default;
};

// Empty = the main graph.
using GraphPath = std::vector<GraphPathStep>;

// The path of `g` from the outermost graph it hangs in (follows parent()); empty for a root.
GraphPath pathOf(const Graph& g);
// The graph `path` names below `root`, or null when a node or attribute on the way is missing.
Graph* resolvePath(Graph& root, const GraphPath& path);
const Graph* resolvePath(const Graph& root, const GraphPath& path);
// "If_0/then_branch" (owner display names and attribute names, with "[i]" for GRAPHS entries);
// empty for the main graph. Owners no longer in `root` are named "#<id>".
std::string describePath(const Graph& root, const GraphPath& path);

}  // namespace passscope

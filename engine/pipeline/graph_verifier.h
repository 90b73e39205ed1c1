#pragma once
// Structural checks of a Graph and, recursively, its subgraph bodies: the invariants every pass
// must keep. Use lists match the edges (every input and every outer-scope read of a body has its
// Use, every Use its edge), control edges are mirrored, there is no cycle, every input refers to
// a live node's output (or is an omitted optional input), graph inputs are live, graph output
// names are unique, and a constant's description matches its value. The pass manager runs it
// after every pass when PipelineOptions::verifyEach is set.
#include <string>
#include <vector>

#include "ir/graph.h"

namespace passscope {

struct VerifierProblem {
    std::string where;    // "" for the main graph, else the path of the body ("node 'if1' / then_branch")
    std::string node;     // display name of the node concerned ("" when the graph as a whole)
    std::string message;  // what is wrong

    std::string text() const;
    bool operator==(const VerifierProblem&) const = default;
};

// Every problem found in `graph` and its bodies; empty when the graph is sound.
std::vector<VerifierProblem> verifyGraph(const Graph& graph);

// The nodes of one cycle of `graph` (depth-0 edges, control edges and bodies' outer reads), in
// edge order; empty when the graph is acyclic.
std::vector<NodeId> findCycle(const Graph& graph);
// "a -> b -> c -> a" for a cycle found by findCycle.
std::string describeCycle(const Graph& graph, const std::vector<NodeId>& cycle);

// The first `limit` problems, one per line, and how many more there are.
std::string describeProblems(const std::vector<VerifierProblem>& problems, size_t limit = 5);

}  // namespace passscope

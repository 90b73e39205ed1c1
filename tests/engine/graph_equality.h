#pragma once
// Structural equality of two engine graphs (ids, ops, names, edges, output and input
// descriptions, attribute names and kinds, control edges, use counts), for journal replay tests.
// Subgraphs held by attributes are compared recursively.
#include <string>

#include "ir/graph.h"

namespace passscope::test {

// Empty when equal, else the first difference.
std::string compareGraphs(const Graph& expected, const Graph& actual);

}  // namespace passscope::test

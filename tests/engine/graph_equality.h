#pragma once
// Structural equality of two engine graphs (ids, ops, names, edges, descriptions, attribute
// names and kinds, control edges), for journal replay tests.
#include <string>

#include "ir/graph.h"

namespace passscope::test {

// Empty when equal, else the first difference.
std::string compareGraphs(const Graph& expected, const Graph& actual);

}  // namespace passscope::test

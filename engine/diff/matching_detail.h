#pragma once
// Inside the diff: matching with the constant tables the field diff needs too, so that every
// constant's bytes are hashed once per diff (docs/graph-diff.md §8).
#include "diff/constant_content.h"
#include "diff/graph_diff.h"

namespace passscope::diff {

NodeMatching matchNodes(const Graph& a, const Graph& b, const ConstantTable& ca, const ConstantTable& cb);

}  // namespace passscope::diff

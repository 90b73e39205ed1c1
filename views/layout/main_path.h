#pragma once
// The main path of a flat layout request: the chain of boxes a reader follows from the top of a
// drawing to its bottom (a network's trunk, a stack of layers, a block's chain of ops). The
// layout keeps it on one straight axis (dot's "group" attribute, graphviz_layout.cpp) and a group
// laid out on its own is placed in its parent with that axis on its box's centre line
// (nested_layout.h), so that a stack of blocks is one column whatever each block holds and
// whatever edges enter it from the side (issue 35: edges entering groups from outside pulled a
// chain of sibling groups into a diagonal staircase, as dot straightens every long edge it routes
// at eight times the weight of a short one).
#include <vector>

#include "layout/layout_types.h"

namespace passscope::views {

// The nodes of the main path, first to last: a longest path in ranks (long_edges.h's
// estimateRanks, edges that constrain ranks only), ending at the deepest node still there at the
// last step (not LayoutNode::transient) and followed backwards, among predecessors of equal rank,
// through the one with the longest chain of nodes above it, then the one whose value the fewest
// other nodes read (the data flowing on rather than a value
// shared with other blocks: a mask, a position table), then the one given first. It depends on
// the request's nodes and edges alone, not on sizes: a group's place on its parent's main path is
// known before the parent is laid out (nested_layout.cpp). Empty for a request without nodes.
std::vector<int> mainPath(const LayoutRequest& request);

}  // namespace passscope::views

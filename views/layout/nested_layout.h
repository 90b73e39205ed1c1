#pragma once
// Lays out a request with clusters (expanded name-scope groups) group by group, inside out, as
// Model Explorer does: each group's own boxes — its nodes and its child groups, each child a
// fixed-size box the size of its finished layout — go to the layout engine as one small flat
// graph, and the finished group becomes one box in its parent's graph. A stack of layers is
// then a column of boxes in its parent whatever is open inside them, and an edge that feeds
// every layer (a mask, a position table) is one edge per layer box in the parent, which cannot
// pull one layer's insides sideways (issue 21: one dot graph of nested clusters drew a
// transformer's layers as a diagonal staircase).
//
// An edge between groups is drawn in pieces: inside its source's groups from the node to a port
// on the group's last rank, between the group boxes in their common parent (frame to frame), and
// inside the target's groups from a port on the first rank to the node. One port per group and
// source node: an input read by ten nodes of a layer enters it once. Every piece is a flat
// request whose key is its content, so a piece that did not change (a group not opened or closed,
// a re-run of the same model) comes back from the caller's cache.
#include <functional>
#include <memory>

#include "layout/layout_types.h"

namespace passscope::views {

// Lays out one flat piece (no clusters; ports carry RankHint::First/Last). Never null.
using PieceLayout = std::function<std::shared_ptr<const LayoutResult>(const LayoutRequest& piece)>;

// `request` must be valid (graphviz_layout.cpp validate()). The result is as one layout of the
// whole request: a centre per node, a rectangle per cluster (null for a cluster with no node),
// one spline per edge from its source box to its target box. ok = false with the first piece's
// error when a piece fails.
LayoutResult layoutNested(const LayoutRequest& request, const PieceLayout& layoutPiece);

// Space a group's frame keeps around its contents, and above them for its title (points).
inline constexpr double kGroupMargin = 5.0;
inline constexpr double kGroupTitleHeight = 10.0;

}  // namespace passscope::views

#pragma once
// Edges that would make dot work too hard, and how to draw them without dot.
//
// dot puts a virtual ("dummy") node on every rank an edge crosses, and its crossing minimisation
// and x positioning then work on boxes + dummies. Real exports have edges that span the whole
// network: a U-Net's skip connections, an input's shape read at the far end, a mask used by every
// layer. On a 700-box scopeless export those made ~35,000 dummies and layouts of 20 s to 10 min
// (issue 8). So the layout keeps dot's work bounded by the number of dummies, not boxes: the
// longest edges, while the total span exceeds the budget, are left out of dot's graph (the other
// paths between their ends keep the ranks in the same order) and are drawn afterwards along a lane
// beside the boxes they pass, as Netron's and Model Explorer's long edges run down the side.
#include <vector>

#include "layout/layout_types.h"

namespace passscope::views {

// Rank of every request node along the longest path from a source (back edges of cycles ignored):
// what dot's ranking gives, or an upper bound of it.
std::vector<int> estimateRanks(const LayoutRequest& request);

// The dummy nodes an edge costs: the ranks it crosses.
int edgeSpan(const std::vector<int>& ranks, const LayoutEdge& edge);

struct LongEdgePlan {
    std::vector<char> routedAround;  // per request edge: 1 = left out of dot, drawn by routeAround()
    long long dummiesKept = 0;       // estimated dummies of the edges dot lays out
    long long dummiesDropped = 0;    // estimated dummies avoided
};

// Leaves out the longest edges (spanning more than kMinRoutedSpan ranks) until the estimated
// dummies of the rest are within dummyBudget.
inline constexpr int kMinRoutedSpan = 3;
LongEdgePlan planLongEdges(const LayoutRequest& request, long long dummyBudget);

// Draws each left-out edge of a finished layout: down (or up) out of its source, along a vertical
// lane just clear of the boxes between its ends, into the top of its target. Fills
// result.edgeSplines / arrowTips for those edges and grows result.bounds by the lanes.
void routeAround(const LayoutRequest& request, const std::vector<char>& routedAround, LayoutResult& result);

}  // namespace passscope::views

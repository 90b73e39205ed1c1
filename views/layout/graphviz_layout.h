#pragma once
// Lays out a LayoutRequest with Graphviz dot and returns it in Qt's coordinates (points, y down).
#include "layout/layout_types.h"

namespace passscope::views {

// Thread-safe: Graphviz keeps global state, so calls from any number of threads run one at a
// time behind a process-wide lock (GraphvizSession). Never aborts on bad input: invalid indices,
// cycles in cluster parents or oversized requests come back as ok = false with `error` set.
// An empty request succeeds with an empty result.
// A request with clusters is laid out group by group (nested_layout.h); the groups' pieces are
// cached by content, process-wide, so a group that did not change is not laid out again.
LayoutResult layoutGraph(const LayoutRequest& request);

// Forgets the cached pieces of nested layouts (benchmarks measure layouts from scratch).
void clearLayoutPieceCache();

// Requests above these sizes are refused rather than tying up the single layout thread for
// minutes: 5,000 clustered nodes take about a second here, 5,000 flat ones 5 s (10 s while the
// machine is busy), 10,000 flat ones took 120 s of CPU without caps (graphviz_layout.cpp,
// EffortCaps). The graph view collapses name-scope groups to stay far below this.
inline constexpr int kMaxLayoutNodes = 5000;
inline constexpr int kMaxLayoutEdges = 20000;

}  // namespace passscope::views

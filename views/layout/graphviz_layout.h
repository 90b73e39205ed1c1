#pragma once
// Lays out a LayoutRequest with Graphviz dot and returns it in Qt's coordinates (points, y down).
#include "layout/layout_types.h"

namespace passscope::views {

// Thread-safe: Graphviz keeps global state, so calls from any number of threads run one at a
// time behind a process-wide lock (GraphvizSession). Never aborts on bad input: invalid indices,
// cycles in cluster parents or oversized requests come back as ok = false with `error` set.
// An empty request succeeds with an empty result.
LayoutResult layoutGraph(const LayoutRequest& request);

// Requests above these sizes are refused rather than tying up the single layout thread for
// minutes (TOOLCHAIN.md "Layout time": 20,000 nodes take over 120 s); the graph view shows
// collapsed name-scope groups instead.
inline constexpr int kMaxLayoutNodes = 10000;
inline constexpr int kMaxLayoutEdges = 40000;

}  // namespace passscope::views

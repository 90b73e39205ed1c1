#pragma once
// Figures of merit of a finished layout, for benchmarks and tuning: how long the drawn edges are
// and how often they cross. Computed from LayoutResult::edgeSplines alone, so any layout engine's
// answer can be measured the same way.
#include "layout/layout_types.h"

namespace passscope::views {

struct LayoutQuality {
    double medianEdgeLength = 0;  // points, over the measured edges
    double meanEdgeLength = 0;
    int crossings = 0;  // pairs of edges whose curves properly cross (endpoint-sharing pairs ignored)
    int edges = 0;      // edges measured: those with a spline of at least two points
};

// Each spline is flattened into a polyline (cubic Bézier segments p0 c1 c2 p1 ..., see
// layout_types.h). Crossing pairs are found through a uniform grid over the segments, so a
// 3,000-edge drawing takes milliseconds. A pair that crosses several times counts once; touching
// or overlapping collinear pieces do not count. Edges `request` does not have are ignored.
LayoutQuality measureLayout(const LayoutRequest& request, const LayoutResult& result);

// The polyline of one edge's spline: each cubic segment is split into pieces no longer than
// about `step` points (measured on its control polygon), at most 32 per segment. A point list that
// is not 1 + 3k long is taken as a polyline as it is.
std::vector<QPointF> flattenSpline(const std::vector<QPointF>& spline, double step = 8.0);

}  // namespace passscope::views

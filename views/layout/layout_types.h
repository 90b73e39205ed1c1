#pragma once
// What the graph view asks a layout engine for and what it gets back, in Qt's coordinates
// (points, y pointing down). Independent of Graphviz so the scene never sees cgraph types.
#include <vector>

#include <QPointF>
#include <QRectF>
#include <QString>

namespace passscope::views {

// Where dot may rank a node: anywhere, or on the first or last rank of its graph (the ports
// through which a group's edges enter and leave its own layout, nested_layout.h).
enum class RankHint : unsigned char { Free, First, Last };

// The length of an edge's arrow head (edge_item.cpp draws it): a spline ends where it starts.
inline constexpr double kArrowLength = 8;

struct LayoutNode {
    double width = 0;   // points
    double height = 0;  // points
    int cluster = -1;   // index into LayoutRequest::clusters, -1 = top level
    RankHint rank = RankHint::Free;
    // Absent at the last step (removed by a pass): it does not claim the first or last rank of
    // its group (nested_layout.h), where it would leave a band of room at that step.
    bool transient = false;
};

// A drawn box around nodes (an expanded name-scope group). Clusters nest through `parent`.
struct LayoutCluster {
    QString label;
    int parent = -1;
    bool transient = false;  // every node inside is absent at the last step
};

struct LayoutEdge {
    int from = 0;  // indices into LayoutRequest::nodes
    int to = 0;
    // Ranks the edge spans at least (dot's minlen): 0 lets its source sit beside its target
    // (visible_plan.cpp: a constant computation that folding removes).
    int minLength = 1;
    // Whether the edge orders its ends into ranks (dot's constraint). A chain of nodes a later
    // step removes hangs beside the nodes it feeds instead of pushing them down
    // (visible_plan.cpp): its edge into them does not constrain.
    bool constraint = true;
    // A shared value's edge to a distant reader (shared_values.h): not laid out, drawn as a tag
    // naming the value beside the reader's box.
    bool stub = false;
};

struct LayoutRequest {
    std::vector<LayoutNode> nodes;
    std::vector<LayoutCluster> clusters;
    std::vector<LayoutEdge> edges;
    bool leftToRight = false;  // rankdir LR instead of TB
    // A stable identity of the request (graph + expanded groups) for caching; empty = no caching.
    QString cacheKey;
};

// Appends a straight cubic from a to b to a spline of LayoutResult::edgeSplines' form (a starts
// it when it is empty): joins between pieces, and edges dot did not route.
inline void appendLine(std::vector<QPointF>& pts, QPointF a, QPointF b) {
    if (pts.empty()) pts.push_back(a);
    pts.push_back(a + (b - a) / 3.0);
    pts.push_back(a + (b - a) * (2.0 / 3.0));
    pts.push_back(b);
}

struct LayoutResult {
    bool ok = false;
    QString error;
    std::vector<QPointF> centers;      // per request node
    std::vector<QRectF> clusterRects;  // per request cluster
    // Per request edge: cubic Bézier control points p0 c1 c2 p1 c1 c2 p2 ... (1 + 3k points),
    // ending where the arrow head starts; arrowTips holds the arrow's tip (or p_last when none).
    std::vector<std::vector<QPointF>> edgeSplines;
    std::vector<QPointF> arrowTips;
    // Per request edge: where a stub's tag is drawn (shared_values.h); null for the other edges.
    std::vector<QRectF> stubTags;
    QRectF bounds;
    // Where the main path (main_path.h) runs across the ranks: its x (its y when left to right).
    // A group laid out on its own is placed in its parent with this line on its box's centre.
    double axis = 0;
    double seconds = 0;  // time spent in Graphviz
    // dot's virtual nodes: the ranks crossed by the edges it routed (its work grows with
    // boxes + dummies), and the edges left out of dot and drawn along a lane (long_edges.h).
    long long dummyNodes = 0;
    int routedAround = 0;
    // Graphviz messages that did not stop the layout (one per line), e.g. an edge it could not
    // route; `error` is only for why ok is false.
    QString warnings;
};

}  // namespace passscope::views

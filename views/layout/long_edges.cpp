#include "layout/long_edges.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>

namespace passscope::views {

std::vector<int> estimateRanks(const LayoutRequest& request) {
    const int n = static_cast<int>(request.nodes.size());
    std::vector<std::vector<int>> successors(n);
    for (const LayoutEdge& e : request.edges)  // an edge that does not constrain ranks no node
        if (e.from != e.to && e.constraint) successors[e.from].push_back(e.to);
    // Depth-first post order (iterative: real graphs are chains thousands long); an edge to a node
    // still on the stack closes a cycle and is ignored, as dot reverses it.
    enum : char { New, Open, Done };
    std::vector<char> state(n, New);
    std::vector<int> post;
    post.reserve(n);
    std::vector<std::pair<int, size_t>> stack;
    for (int root = 0; root < n; ++root) {
        if (state[root] != New) continue;
        stack.emplace_back(root, 0);
        state[root] = Open;
        while (!stack.empty()) {
            auto& [node, next] = stack.back();
            if (next < successors[node].size()) {
                const int v = successors[node][next++];
                if (state[v] == New) {
                    state[v] = Open;
                    stack.emplace_back(v, 0);
                }
                continue;
            }
            state[node] = Done;
            post.push_back(node);
            stack.pop_back();
        }
    }
    // Reverse post order is topological for the forward edges; position tells back edges apart.
    std::vector<int> order(post.rbegin(), post.rend());
    std::vector<int> position(n);
    for (int i = 0; i < n; ++i) position[order[i]] = i;
    std::vector<int> rank(n, 0);
    std::vector<bool> hasPredecessor(n, false);
    for (int u : order)
        for (int v : successors[u])
            if (position[v] > position[u]) {
                rank[v] = std::max(rank[v], rank[u] + 1);
                hasPredecessor[v] = true;
            }
    // Longest paths put every source on rank 0; dot's network simplex pulls a source that only
    // feeds nodes far down (a side input, a mask) to just above its first consumer. Do the same,
    // or such edges would count as hundreds of dummies they never cost.
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const int u = *it;
        if (hasPredecessor[u] || successors[u].empty()) continue;
        int first = INT_MAX;
        for (int v : successors[u])
            if (position[v] > position[u]) first = std::min(first, rank[v]);
        if (first != INT_MAX) rank[u] = std::max(rank[u], first - 1);
    }
    return rank;
}

int edgeSpan(const std::vector<int>& ranks, const LayoutEdge& edge) {
    return std::max(0, std::abs(ranks[edge.to] - ranks[edge.from]) - 1);
}

LongEdgePlan planLongEdges(const LayoutRequest& request, long long dummyBudget) {
    LongEdgePlan plan;
    plan.routedAround.assign(request.edges.size(), 0);
    if (request.edges.empty()) return plan;
    const std::vector<int> ranks = estimateRanks(request);
    std::vector<int> span(request.edges.size());
    for (size_t e = 0; e < request.edges.size(); ++e) {
        span[e] = edgeSpan(ranks, request.edges[e]);
        plan.dummiesKept += span[e];
    }
    if (plan.dummiesKept <= dummyBudget) return plan;
    std::vector<size_t> longestFirst(request.edges.size());
    std::iota(longestFirst.begin(), longestFirst.end(), size_t{0});
    std::stable_sort(longestFirst.begin(), longestFirst.end(),
                     [&](size_t a, size_t b) { return span[a] > span[b]; });
    // An edge is only left out while both its ends keep another edge in dot's graph: a box with
    // no edge left would float free, and dot would set it beside the drawing, far from its peers.
    std::vector<int> degree(request.nodes.size(), 0);
    for (const LayoutEdge& e : request.edges) {
        ++degree[e.from];
        ++degree[e.to];
    }
    for (size_t e : longestFirst) {
        if (plan.dummiesKept <= dummyBudget || span[e] < kMinRoutedSpan) break;
        const LayoutEdge& edge = request.edges[e];
        if (degree[edge.from] <= 1 || degree[edge.to] <= 1 || edge.from == edge.to) continue;
        --degree[edge.from];
        --degree[edge.to];
        plan.routedAround[e] = 1;
        plan.dummiesKept -= span[e];
        plan.dummiesDropped += span[e];
    }
    return plan;
}

namespace {

// The layout seen with ranks running down the y axis: for a left-to-right request x and y swap.
struct Frame {
    bool swap = false;
    QPointF in(QPointF p) const { return swap ? QPointF(p.y(), p.x()) : p; }
    QPointF out(QPointF p) const { return in(p); }  // swapping is its own inverse
    QSizeF size(const LayoutNode& n) const {
        return swap ? QSizeF(n.height, n.width) : QSizeF(n.width, n.height);
    }
};

struct Box {
    double left, right, top, bottom;
};

void appendStraight(std::vector<QPointF>& pts, QPointF to) {
    const QPointF from = pts.back();
    pts.push_back(from + (to - from) / 3.0);
    pts.push_back(from + (to - from) * (2.0 / 3.0));
    pts.push_back(to);
}

constexpr double kLaneGap = 14;     // between a lane and the boxes it passes
constexpr double kLaneSpacing = 7;  // between parallel lanes
constexpr double kStub = 10;        // straight out of the source and into the target

}  // namespace

void routeAround(const LayoutRequest& request, const std::vector<char>& routedAround, LayoutResult& result) {
    const Frame frame{request.leftToRight};
    std::vector<Box> boxes(request.nodes.size());
    for (size_t i = 0; i < request.nodes.size(); ++i) {
        const QPointF c = frame.in(result.centers[i]);
        const QSizeF s = frame.size(request.nodes[i]);
        boxes[i] = {c.x() - s.width() / 2, c.x() + s.width() / 2, c.y() - s.height() / 2,
                    c.y() + s.height() / 2};
    }
    int lanesRight = 0, lanesLeft = 0;
    for (size_t e = 0; e < request.edges.size(); ++e) {
        if (!routedAround[e]) continue;
        const LayoutEdge& edge = request.edges[e];
        const Box& a = boxes[edge.from];
        const Box& b = boxes[edge.to];
        const double ax = (a.left + a.right) / 2, bx = (b.left + b.right) / 2;
        const QPointF start(ax, a.bottom), end(bx, b.top);
        const double bandTop = std::min(a.bottom, b.top) - kStub,
                     bandBottom = std::max(a.bottom, b.top) + kStub;
        // Widen the corridor between the ends until no box of the band sticks out of it: its
        // sides are then free lanes.
        double left = std::min(ax, bx), right = std::max(ax, bx);
        for (bool grown = true; grown;) {
            grown = false;
            for (size_t i = 0; i < boxes.size(); ++i) {
                if (static_cast<int>(i) == edge.from || static_cast<int>(i) == edge.to) continue;
                const Box& o = boxes[i];
                if (o.bottom < bandTop || o.top > bandBottom || o.right < left - kLaneGap ||
                    o.left > right + kLaneGap)
                    continue;
                if (o.left < left) left = o.left, grown = true;
                if (o.right > right) right = o.right, grown = true;
            }
        }
        const double rightLane = right + kLaneGap + kLaneSpacing * (lanesRight % 8);
        const double leftLane = left - kLaneGap - kLaneSpacing * (lanesLeft % 8);
        const bool useRight = std::abs(rightLane - ax) + std::abs(rightLane - bx) <=
                              std::abs(leftLane - ax) + std::abs(leftLane - bx);
        const double lane = useRight ? rightLane : leftLane;
        ++(useRight ? lanesRight : lanesLeft);

        std::vector<QPointF> pts{start};
        appendStraight(pts, {ax, start.y() + kStub});
        appendStraight(pts, {lane, start.y() + kStub});
        appendStraight(pts, {lane, end.y() - kStub - kArrowLength});
        appendStraight(pts, {bx, end.y() - kStub - kArrowLength});
        appendStraight(pts, {bx, end.y() - kArrowLength});
        for (QPointF& p : pts) p = frame.out(p);
        result.edgeSplines[e] = std::move(pts);
        result.arrowTips[e] = frame.out(end);
        for (QPointF p : result.edgeSplines[e])
            result.bounds.setCoords(
                std::min(result.bounds.left(), p.x() - 2), std::min(result.bounds.top(), p.y() - 2),
                std::max(result.bounds.right(), p.x() + 2), std::max(result.bounds.bottom(), p.y() + 2));
    }
}

}  // namespace passscope::views

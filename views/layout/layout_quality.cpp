#include "layout/layout_quality.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <unordered_set>

namespace passscope::views {
namespace {

constexpr int kMaxPiecesPerSegment = 32;
constexpr int kMaxGridSide = 2048;  // bounds the grid's memory on huge, sparse drawings

double distance(QPointF a, QPointF b) {
    return std::hypot(b.x() - a.x(), b.y() - a.y());
}

QPointF cubicAt(QPointF p0, QPointF c1, QPointF c2, QPointF p1, double t) {
    const double u = 1 - t;
    return u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p1;
}

// Twice the signed area of (a, b, c): > 0 when c lies to the left of a→b.
double orient(QPointF a, QPointF b, QPointF c) {
    return (b.x() - a.x()) * (c.y() - a.y()) - (b.y() - a.y()) * (c.x() - a.x());
}

// True only when the segments cross at one point inside both: touching ends and collinear
// overlaps are not crossings a reader would count.
bool properlyIntersect(QPointF p, QPointF q, QPointF r, QPointF s) {
    const double d1 = orient(p, q, r), d2 = orient(p, q, s);
    const double d3 = orient(r, s, p), d4 = orient(r, s, q);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

struct Segment {
    QPointF a, b;
    int edge = 0;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // grid cells covered by its bounding box
};

// Counts the pairs of edges with a proper crossing. Each segment is entered in every grid cell its
// bounding box covers; a pair of segments is tested only in the first cell both cover, so no pair
// is tested twice, and a pair of edges counts once however often it crosses.
int countCrossings(const LayoutRequest& request, std::vector<Segment>& segments) {
    if (segments.size() < 2) return 0;
    double left = segments[0].a.x(), right = left, top = segments[0].a.y(), bottom = top;
    for (const Segment& s : segments)
        for (QPointF p : {s.a, s.b}) {
            left = std::min(left, p.x());
            right = std::max(right, p.x());
            top = std::min(top, p.y());
            bottom = std::max(bottom, p.y());
        }
    const double width = std::max(right - left, 1.0), height = std::max(bottom - top, 1.0);
    // About one segment per cell on average.
    const double cell = std::max(std::sqrt(width * height / static_cast<double>(segments.size())), 1.0);
    const int cols = std::clamp(static_cast<int>(width / cell) + 1, 1, kMaxGridSide);
    const int rows = std::clamp(static_cast<int>(height / cell) + 1, 1, kMaxGridSide);
    auto column = [&](double x) {
        return std::clamp(static_cast<int>((x - left) / width * cols), 0, cols - 1);
    };
    auto row = [&](double y) { return std::clamp(static_cast<int>((y - top) / height * rows), 0, rows - 1); };

    std::vector<std::vector<int>> grid(static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows));
    for (std::size_t i = 0; i < segments.size(); ++i) {
        Segment& s = segments[i];
        s.x0 = column(std::min(s.a.x(), s.b.x()));
        s.x1 = column(std::max(s.a.x(), s.b.x()));
        s.y0 = row(std::min(s.a.y(), s.b.y()));
        s.y1 = row(std::max(s.a.y(), s.b.y()));
        for (int y = s.y0; y <= s.y1; ++y)
            for (int x = s.x0; x <= s.x1; ++x)
                grid[static_cast<std::size_t>(y) * cols + x].push_back(static_cast<int>(i));
    }

    auto shareEndpoint = [&](int e, int f) {
        const LayoutEdge& a = request.edges[static_cast<std::size_t>(e)];
        const LayoutEdge& b = request.edges[static_cast<std::size_t>(f)];
        return a.from == b.from || a.from == b.to || a.to == b.from || a.to == b.to;
    };
    std::unordered_set<std::uint64_t> crossing;  // (lower edge << 32) | higher edge
    for (int y = 0; y < rows; ++y)
        for (int x = 0; x < cols; ++x) {
            const std::vector<int>& here = grid[static_cast<std::size_t>(y) * cols + x];
            for (std::size_t i = 0; i < here.size(); ++i)
                for (std::size_t j = i + 1; j < here.size(); ++j) {
                    const Segment& s = segments[static_cast<std::size_t>(here[i])];
                    const Segment& t = segments[static_cast<std::size_t>(here[j])];
                    if (s.edge == t.edge || x != std::max(s.x0, t.x0) || y != std::max(s.y0, t.y0)) continue;
                    const auto lo = static_cast<std::uint64_t>(std::min(s.edge, t.edge));
                    const auto hi = static_cast<std::uint64_t>(std::max(s.edge, t.edge));
                    const std::uint64_t key = lo << 32 | hi;
                    if (crossing.count(key) || shareEndpoint(s.edge, t.edge)) continue;
                    if (properlyIntersect(s.a, s.b, t.a, t.b)) crossing.insert(key);
                }
        }
    return static_cast<int>(crossing.size());
}

}  // namespace

std::vector<QPointF> flattenSpline(const std::vector<QPointF>& spline, double step) {
    if (spline.size() < 4 || (spline.size() - 1) % 3 != 0) return spline;
    step = std::max(step, 0.01);
    std::vector<QPointF> points{spline.front()};
    for (std::size_t k = 0; k + 3 < spline.size(); k += 3) {
        const QPointF p0 = spline[k], c1 = spline[k + 1], c2 = spline[k + 2], p1 = spline[k + 3];
        // The control polygon is at least as long as the curve, so pieces stay under `step`.
        const double hull = distance(p0, c1) + distance(c1, c2) + distance(c2, p1);
        const int pieces = std::clamp(static_cast<int>(std::ceil(hull / step)), 1, kMaxPiecesPerSegment);
        for (int i = 1; i < pieces; ++i)
            points.push_back(cubicAt(p0, c1, c2, p1, static_cast<double>(i) / pieces));
        points.push_back(p1);
    }
    return points;
}

LayoutQuality measureLayout(const LayoutRequest& request, const LayoutResult& result) {
    LayoutQuality quality;
    std::vector<double> lengths;
    std::vector<Segment> segments;
    const std::size_t edges = std::min(request.edges.size(), result.edgeSplines.size());
    for (std::size_t e = 0; e < edges; ++e) {
        const std::vector<QPointF> line = flattenSpline(result.edgeSplines[e]);
        if (line.size() < 2) continue;
        double length = 0;
        for (std::size_t i = 0; i + 1 < line.size(); ++i) {
            length += distance(line[i], line[i + 1]);
            if (line[i] != line[i + 1]) segments.push_back({line[i], line[i + 1], static_cast<int>(e)});
        }
        lengths.push_back(length);
    }
    quality.edges = static_cast<int>(lengths.size());
    if (lengths.empty()) return quality;
    quality.meanEdgeLength =
        std::accumulate(lengths.begin(), lengths.end(), 0.0) / static_cast<double>(lengths.size());
    std::sort(lengths.begin(), lengths.end());
    const std::size_t n = lengths.size();
    quality.medianEdgeLength = n % 2 ? lengths[n / 2] : (lengths[n / 2 - 1] + lengths[n / 2]) / 2;
    quality.crossings = countCrossings(request, segments);
    return quality;
}

}  // namespace passscope::views

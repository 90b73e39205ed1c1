// Figures of merit of a layout (views/layout/layout_quality.h) on hand-made results whose edge
// lengths and crossings are known by construction.
#include <cmath>
#include <cstdint>

#include <QTest>

#include "gui_test_registry.h"
#include "layout/layout_quality.h"

using namespace passscope::views;

namespace {

// A straight line as one cubic segment: control points a third and two thirds along.
std::vector<QPointF> straight(QPointF a, QPointF b) {
    return {a, a + (b - a) / 3, a + (b - a) * 2 / 3, b};
}

// A straight polyline through `points` as consecutive straight cubic segments.
std::vector<QPointF> polyline(const std::vector<QPointF>& points) {
    std::vector<QPointF> spline{points.front()};
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const std::vector<QPointF> piece = straight(points[i], points[i + 1]);
        spline.insert(spline.end(), piece.begin() + 1, piece.end());
    }
    return spline;
}

// Request and result with one edge per spline; each edge has its own two nodes unless `ends` says
// otherwise.
struct Drawing {
    LayoutRequest request;
    LayoutResult result;
    void add(std::vector<QPointF> spline, int from = -1, int to = -1) {
        if (from < 0) from = node();
        if (to < 0) to = node();
        request.edges.push_back({from, to});
        result.edgeSplines.push_back(std::move(spline));
    }
    int node() {
        request.nodes.push_back({10, 10, -1});
        return static_cast<int>(request.nodes.size()) - 1;
    }
};

// Reference count of crossing pairs of single-segment edges with distinct nodes: every pair tested.
int bruteForceCrossings(const Drawing& d) {
    auto orient = [](QPointF a, QPointF b, QPointF c) {
        return (b.x() - a.x()) * (c.y() - a.y()) - (b.y() - a.y()) * (c.x() - a.x());
    };
    int count = 0;
    const auto& s = d.result.edgeSplines;
    for (std::size_t i = 0; i < s.size(); ++i)
        for (std::size_t j = i + 1; j < s.size(); ++j) {
            const QPointF p = s[i].front(), q = s[i].back(), r = s[j].front(), t = s[j].back();
            const double d1 = orient(p, q, r), d2 = orient(p, q, t), d3 = orient(r, t, p),
                         d4 = orient(r, t, q);
            if (d1 * d2 < 0 && d3 * d4 < 0) ++count;
        }
    return count;
}

}  // namespace

class TestLayoutQuality : public QObject {
    Q_OBJECT
  private slots:
    void emptyResultMeasuresNothing() {
        Drawing d;
        d.node();
        const LayoutQuality q = measureLayout(d.request, d.result);
        QCOMPARE(q.edges, 0);
        QCOMPARE(q.crossings, 0);
        QCOMPARE(q.medianEdgeLength, 0.0);
    }

    void lengthsOfStraightEdges() {
        Drawing d;
        d.add(straight({0, 0}, {0, 10}));
        d.add(straight({100, 0}, {100, 60}));
        d.add(straight({200, 0}, {212, 16}));  // 3-4-5 triangle: 20
        const LayoutQuality q = measureLayout(d.request, d.result);
        QCOMPARE(q.edges, 3);
        QCOMPARE(q.medianEdgeLength, 20.0);
        QCOMPARE(q.meanEdgeLength, 30.0);
        QCOMPARE(q.crossings, 0);
    }

    void medianOfAnEvenCountIsTheMidpoint() {
        Drawing d;
        for (double len : {10.0, 20.0, 40.0, 1000.0}) d.add(straight({len, 0}, {len, len}));
        QCOMPARE(measureLayout(d.request, d.result).medianEdgeLength, 30.0);
    }

    void lengthFollowsTheCurveNotItsEnds() {
        // The usual cubic approximation of a quarter circle of radius 100: length π/2 · 100 to
        // within 0.03 %, far from the 141.4 of its chord and the 181 of its control polygon.
        const double k = 0.5522847498 * 100;
        Drawing d;
        d.add({{100, 0}, {100, k}, {k, 100}, {0, 100}});
        const double length = measureLayout(d.request, d.result).medianEdgeLength;
        QVERIFY2(std::abs(length - M_PI / 2 * 100) < 0.2, qPrintable(QString::number(length)));
    }

    void aPolylineIsMeasuredAsGiven() {
        // Not 1 + 3k points: taken as a polyline (3 + 4 + 5 + 1 = 13 along the way).
        Drawing d;
        d.add({{0, 0}, {3, 0}, {3, 4}, {6, 8}, {6, 9}});
        QCOMPARE(measureLayout(d.request, d.result).medianEdgeLength, 13.0);
    }

    void anXIsOneCrossing() {
        // Crossing points avoid the vertices of the flattened lines (an odd number of pieces), where
        // a crossing would be a touch of two pieces.
        Drawing d;
        d.add(straight({0, 0}, {100, 90}));
        d.add(straight({100, 0}, {0, 90}));
        const LayoutQuality q = measureLayout(d.request, d.result);
        QCOMPARE(q.crossings, 1);
        QCOMPARE(q.edges, 2);
        QVERIFY(std::abs(q.medianEdgeLength - std::sqrt(100.0 * 100 + 90 * 90)) < 1e-9);
    }

    void edgesSharingANodeNeverCross() {
        // Geometrically an X, but both edges leave node 0 (two ports of one box): not a crossing.
        Drawing d;
        const int shared = d.node();
        d.add(straight({0, 0}, {100, 90}), shared);
        d.add(straight({100, 0}, {0, 90}), shared);
        QCOMPARE(measureLayout(d.request, d.result).crossings, 0);
        // Sharing the head, or the tail of one and the head of the other, is the same.
        Drawing e;
        const int head = e.node();
        e.add(straight({0, 0}, {100, 90}), -1, head);
        e.add(straight({100, 0}, {0, 90}), head);
        QCOMPARE(measureLayout(e.request, e.result).crossings, 0);
    }

    void touchingAndParallelEdgesDoNotCross() {
        Drawing d;
        d.add(straight({0, 0}, {100, 0}));
        d.add(straight({0, 10}, {100, 10}));    // parallel
        d.add(straight({50, 10}, {50, 50}));    // starts on the line above: a T, not a crossing
        d.add(straight({20, 0}, {80, 0}));      // collinear overlap of the first
        d.add(straight({100, 10}, {140, 60}));  // continues from an end of the second
        QCOMPARE(measureLayout(d.request, d.result).crossings, 0);
    }

    void aPairCrossingTwiceCountsOnce() {
        Drawing d;
        d.add(polyline({{0, 0}, {50, 100}, {100, 0}}));  // a tent
        d.add(straight({-10, 45}, {110, 45}));           // through both of its sides
        d.add(straight({-10, 77}, {110, 77}));           // likewise, and parallel to the one above
        QCOMPARE(measureLayout(d.request, d.result).crossings, 2);
    }

    void curvedEdgesCross() {
        // An S-shaped cubic across a straight edge: it crosses y = 3 once, near x = 50.
        Drawing d;
        d.add({{0, -50}, {100, -50}, {0, 50}, {100, 50}});
        d.add(straight({-20, 3}, {120, 3}));
        QCOMPARE(measureLayout(d.request, d.result).crossings, 1);
    }

    void aLatticeCrossesEveryPair() {
        // n horizontal and n vertical lines over a grid of cells of every size: n² crossings, each
        // found once although the long lines lie in many cells.
        const int n = 40;
        Drawing d;
        for (int i = 0; i < n; ++i) d.add(straight({-5, i * 10.0 + 1}, {400, i * 10.0 + 1}));
        for (int i = 0; i < n; ++i)
            d.add(polyline({{i * 10.0 + 2, -5}, {i * 10.0 + 2, 200}, {i * 10.0 + 2, 401}}));
        QCOMPARE(measureLayout(d.request, d.result).crossings, n * n);
    }

    void randomSegmentsAgreeWithBruteForce() {
        // Deterministic pseudo-random segments of all lengths; the grid must find exactly the
        // pairs an all-pairs test finds.
        std::uint64_t state = 0x5EED;
        auto next = [&state] {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            return static_cast<double>(state >> 40) / static_cast<double>(1ULL << 24);
        };
        Drawing d;
        for (int i = 0; i < 600; ++i) {
            const QPointF a(next() * 1000, next() * 1000);
            const double reach = i % 10 == 0 ? 800 : 60;  // a few long edges across the drawing
            d.add(straight(a, a + QPointF((next() - 0.5) * reach, (next() - 0.5) * reach)));
        }
        const int expected = bruteForceCrossings(d);
        QVERIFY(expected > 100);
        QCOMPARE(measureLayout(d.request, d.result).crossings, expected);
    }

    void splinesTheRequestDoesNotHaveAreIgnored() {
        Drawing d;
        d.add(straight({0, 0}, {100, 90}));
        d.add({});                                                    // an edge with no spline
        d.result.edgeSplines.push_back(straight({100, 0}, {0, 90}));  // no request edge
        const LayoutQuality q = measureLayout(d.request, d.result);
        QCOMPARE(q.edges, 1);
        QCOMPARE(q.crossings, 0);
    }
};

PASSSCOPE_GUILESS_TEST(TestLayoutQuality)
#include "test_layout_quality.moc"

// The Graphviz layout engine of the graph view (views/layout/): geometry of dot's answer in Qt
// coordinates, robustness against bad requests, the LRU cache and the background worker.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include <unistd.h>

#include <QFuture>
#include <QSignalSpy>
#include <QTemporaryFile>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

#include "background_jobs.h"
#include "gui_test_registry.h"
#include "layout/graphviz_layout.h"
#include "layout/graphviz_session.h"
#include "layout/layout_cache.h"
#include "layout/layout_worker.h"
#include "layout/nested_layout.h"
#include "nn_layout_request.h"

#include <graphviz/cgraph.h>  // last: its macros must not reach the headers above

using passscope::testing::makeNnLayoutRequest;
using namespace passscope::views;

namespace {

// Points: dot rounds positions to whole points and clips splines to the node outline.
constexpr double kTolerance = 2.0;

LayoutRequest chain(int n, bool leftToRight = false) {
    LayoutRequest r;
    for (int i = 0; i < n; ++i) r.nodes.push_back({80, 30, -1});
    for (int i = 0; i + 1 < n; ++i) r.edges.push_back({i, i + 1});
    r.leftToRight = leftToRight;
    return r;
}

QRectF nodeBox(const LayoutRequest& r, const LayoutResult& out, int i) {
    const LayoutNode& n = r.nodes[static_cast<std::size_t>(i)];
    const QPointF c = out.centers[static_cast<std::size_t>(i)];
    return {c.x() - n.width / 2, c.y() - n.height / 2, n.width, n.height};
}

// Distance from p to the outline of box: 0 on it, positive inside and outside.
double distanceToOutline(const QRectF& box, QPointF p) {
    if (box.contains(p))
        return std::min({p.x() - box.left(), box.right() - p.x(), p.y() - box.top(), box.bottom() - p.y()});
    const double dx = std::max({box.left() - p.x(), 0.0, p.x() - box.right()});
    const double dy = std::max({box.top() - p.y(), 0.0, p.y() - box.bottom()});
    return std::hypot(dx, dy);
}

bool contains(const QRectF& outer, const QRectF& inner, double slack = 0.5) {
    return outer.adjusted(-slack, -slack, slack, slack).contains(inner);
}

// Every geometric promise of LayoutResult, checked for one request; returns the first broken one.
QString geometryProblem(const LayoutRequest& r, const LayoutResult& out) {
    if (!out.ok) return QStringLiteral("not ok: ") + out.error;
    if (out.centers.size() != r.nodes.size() || out.edgeSplines.size() != r.edges.size() ||
        out.arrowTips.size() != r.edges.size() || out.clusterRects.size() != r.clusters.size())
        return QStringLiteral("sizes differ from the request");
    const int n = static_cast<int>(r.nodes.size());
    for (int i = 0; i < n; ++i) {
        const QRectF box = nodeBox(r, out, i);
        if (!contains(out.bounds, box)) return QStringLiteral("node %1 outside bounds").arg(i);
        for (int j = i + 1; j < n; ++j)
            if (box.intersected(nodeBox(r, out, j)).width() * box.intersected(nodeBox(r, out, j)).height() >
                0.01)
                return QStringLiteral("nodes %1 and %2 overlap").arg(i).arg(j);
        for (int c = r.nodes[static_cast<std::size_t>(i)].cluster; c != -1;
             c = r.clusters[static_cast<std::size_t>(c)].parent)
            if (!contains(out.clusterRects[static_cast<std::size_t>(c)], box))
                return QStringLiteral("node %1 outside its cluster %2").arg(i).arg(c);
    }
    for (std::size_t c = 0; c < r.clusters.size(); ++c) {
        const int parent = r.clusters[c].parent;
        if (parent != -1 && !out.clusterRects[c].isNull() &&
            !contains(out.clusterRects[static_cast<std::size_t>(parent)], out.clusterRects[c]))
            return QStringLiteral("cluster %1 outside its parent %2").arg(c).arg(parent);
    }
    for (std::size_t e = 0; e < r.edges.size(); ++e) {
        const auto& pts = out.edgeSplines[e];
        if (pts.size() < 4 || (pts.size() - 1) % 3 != 0)
            return QStringLiteral("edge %1 has %2 control points").arg(e).arg(pts.size());
        const QRectF fit = out.bounds.adjusted(-0.5, -0.5, 0.5, 0.5);
        if (!std::all_of(pts.begin(), pts.end(), [&](QPointF p) { return fit.contains(p); }) ||
            !fit.contains(out.arrowTips[e]))
            return QStringLiteral("edge %1 leaves the bounds").arg(e);
        const QRectF from = nodeBox(r, out, r.edges[e].from), to = nodeBox(r, out, r.edges[e].to);
        if (distanceToOutline(from, pts.front()) > kTolerance)
            return QStringLiteral("edge %1 starts %2 pt from its source outline")
                .arg(e)
                .arg(distanceToOutline(from, pts.front()));
        if (distanceToOutline(to, out.arrowTips[e]) > kTolerance)
            return QStringLiteral("edge %1 arrow tip is %2 pt from its target outline")
                .arg(e)
                .arg(distanceToOutline(to, out.arrowTips[e]));
    }
    return {};
}

// Random small requests: nested and empty clusters, tiny and wide boxes, duplicate edges,
// self-loops, cycles, both orientations.
LayoutRequest randomRequest(std::mt19937& rng) {
    LayoutRequest r;
    const int clusters = static_cast<int>(rng() % 9);
    for (int c = 0; c < clusters; ++c)
        r.clusters.push_back(
            {QStringLiteral("g%1").arg(c), c > 0 && rng() % 3 ? static_cast<int>(rng() % c) : -1});
    const int nodes = 1 + static_cast<int>(rng() % 60);
    for (int i = 0; i < nodes; ++i)
        r.nodes.push_back(
            {1.0 + rng() % 200, 1.0 + rng() % 80, static_cast<int>(rng() % (clusters + 1)) - 1});
    const int edges = static_cast<int>(rng() % (3 * nodes + 1));
    for (int e = 0; e < edges; ++e)
        r.edges.push_back({static_cast<int>(rng() % nodes), static_cast<int>(rng() % nodes)});
    r.leftToRight = rng() % 2;
    return r;
}

// A transformer-shaped request: an "encoder" group holding `layers` layer groups of a chain with a
// side branch each; the input feeds the first layer, each layer the next (the residual stream),
// and one "mask" node at the top level feeds every layer, as an attention mask does.
struct LayerStack {
    LayoutRequest request;
    std::vector<int> layerClusters;
    int maskedNodeOfLayer0 = 0;
};

LayerStack layerStack(int layers) {
    LayerStack s;
    LayoutRequest& r = s.request;
    r.clusters.push_back({QStringLiteral("encoder"), -1});
    r.nodes = {{60, 30, -1}, {60, 30, -1}};  // input, mask
    int previous = 0;
    for (int l = 0; l < layers; ++l) {
        const int cluster = static_cast<int>(r.clusters.size());
        r.clusters.push_back({QStringLiteral("layers.%1").arg(l), 0});
        s.layerClusters.push_back(cluster);
        const int first = static_cast<int>(r.nodes.size());
        for (int k = 0; k < 6; ++k) r.nodes.push_back({90, 36, cluster});
        const int side = static_cast<int>(r.nodes.size());
        r.nodes.push_back({70, 36, cluster});
        r.edges.push_back({previous, first});
        for (int k = 0; k + 1 < 6; ++k) r.edges.push_back({first + k, first + k + 1});
        r.edges.push_back({first + 1, side});
        r.edges.push_back({side, first + 4});
        r.edges.push_back({1, first + 2});  // the mask
        if (l == 0) s.maskedNodeOfLayer0 = first + 2;
        previous = first + 5;
    }
    r.nodes.push_back({60, 30, -1});  // the output
    r.edges.push_back({previous, static_cast<int>(r.nodes.size()) - 1});
    return s;
}

}  // namespace

class TestLayout : public QObject {
    Q_OBJECT
  private slots:
    void emptyRequestSucceeds();
    void chainRunsTopToBottom();
    void chainRunsLeftToRight();
    void nestedClustersContainTheirNodes();
    void layerStackStaysAColumn();
    void unchangedGroupsKeepTheirPieces();
    void nnShapedGeometryHolds_data();
    void nnShapedGeometryHolds();
    void duplicateEdgesSelfLoopsAndCycles();
    void badRequestsAreRefused_data();
    void badRequestsAreRefused();
    void oddSizesAndLabelsAreSafe();
    void randomRequestsNeverCrash();
    void graphvizMessagesAreCaptured();
    void dotPluginComesFromOwnTable();
    void layoutIsDeterministic();
    void concurrentCallsAreSerialised();
    void twoThousandNodesComplete();
    void cacheReturnsSamePointer();
    void cacheEvictsLeastRecentlyUsed();
    void cacheRespectsByteBound();
    void layoutNowUsesCache();
    void workerEmitsOnlyLatestTicket();
    void workerCacheHitIsAsynchronous();
    void workerCancelDropsResult();
};

void TestLayout::emptyRequestSucceeds() {
    LayoutRequest r;
    LayoutResult out = layoutGraph(r);
    QVERIFY(out.ok);
    QVERIFY(out.error.isEmpty());
    QVERIFY(out.centers.empty());
    QVERIFY(out.edgeSplines.empty());

    r.clusters.push_back({QStringLiteral("lonely"), -1});
    out = layoutGraph(r);
    QVERIFY(out.ok);
    QCOMPARE(out.clusterRects.size(), std::size_t(1));
    QVERIFY(out.clusterRects[0].isNull());
}

void TestLayout::chainRunsTopToBottom() {
    const LayoutRequest r = chain(3);
    const LayoutResult out = layoutGraph(r);
    QVERIFY2(geometryProblem(r, out).isEmpty(), qPrintable(geometryProblem(r, out)));
    QVERIFY(out.centers[0].y() < out.centers[1].y());
    QVERIFY(out.centers[1].y() < out.centers[2].y());
    // A chain is straight: one column.
    QCOMPARE(out.centers[0].x(), out.centers[2].x());
    // Bounds start at the origin (Graphviz's y-up box flipped into Qt's y-down space).
    QCOMPARE(out.bounds.topLeft(), QPointF(0, 0));
    QVERIFY(out.seconds > 0);
}

void TestLayout::chainRunsLeftToRight() {
    const LayoutRequest r = chain(3, true);
    const LayoutResult out = layoutGraph(r);
    QVERIFY2(geometryProblem(r, out).isEmpty(), qPrintable(geometryProblem(r, out)));
    QVERIFY(out.centers[0].x() < out.centers[1].x());
    QVERIFY(out.centers[1].x() < out.centers[2].x());
    QCOMPARE(out.centers[0].y(), out.centers[2].y());
}

void TestLayout::nestedClustersContainTheirNodes() {
    LayoutRequest r;
    r.clusters = {{QStringLiteral("outer"), -1}, {QStringLiteral("inner"), 0}, {QStringLiteral("empty"), 0}};
    r.nodes = {{80, 30, -1}, {80, 30, 0}, {80, 30, 1}, {80, 30, 1}, {80, 30, -1}};
    r.edges = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 4}};
    for (bool lr : {false, true}) {
        r.leftToRight = lr;
        const LayoutResult out = layoutGraph(r);
        QVERIFY2(geometryProblem(r, out).isEmpty(), qPrintable(geometryProblem(r, out)));
        const QRectF outer = out.clusterRects[0], inner = out.clusterRects[1];
        QVERIFY(!outer.isEmpty());
        QVERIFY(!inner.isEmpty());
        QVERIFY(inner.width() < outer.width() || inner.height() < outer.height());
        // A group without nodes is not drawn by dot; its rect stays null.
        QVERIFY(out.clusterRects[2].isNull());
        // Nodes outside a cluster stay outside its box (dot keeps other nodes out).
        QVERIFY(!outer.intersects(nodeBox(r, out, 0)));
        QVERIFY(!outer.intersects(nodeBox(r, out, 4)));
        QVERIFY(!inner.intersects(nodeBox(r, out, 1)));
    }
}

// Issue 21: a stack of layers is a column in model order whatever feeds them all; each group's
// frame holds its nodes; an edge into a group starts at its source and ends at its target.
void TestLayout::layerStackStaysAColumn() {
    const LayerStack stack = layerStack(4);
    const LayoutResult out = layoutGraph(stack.request);
    QVERIFY2(geometryProblem(stack.request, out).isEmpty(), qPrintable(geometryProblem(stack.request, out)));
    for (size_t l = 1; l < stack.layerClusters.size(); ++l) {
        const QRectF above = out.clusterRects[static_cast<size_t>(stack.layerClusters[l - 1])];
        const QRectF below = out.clusterRects[static_cast<size_t>(stack.layerClusters[l])];
        QVERIFY2(below.top() >= above.bottom(),
                 qPrintable(QStringLiteral("layer %1 is not below layer %2").arg(l).arg(l - 1)));
        QVERIFY2(std::abs(below.center().x() - above.center().x()) <= below.width(),
                 qPrintable(QStringLiteral("layer %1 is %2 pt sideways")
                                .arg(l)
                                .arg(below.center().x() - above.center().x())));
    }
    // The frames sit inside the encoder's, and the mask reaches into the first layer's frame.
    const QRectF encoder = out.clusterRects[0];
    for (int c : stack.layerClusters) QVERIFY(contains(encoder, out.clusterRects[static_cast<size_t>(c)]));
    const QRectF layer0 = out.clusterRects[static_cast<size_t>(stack.layerClusters[0])];
    const QRectF maskBox = nodeBox(stack.request, out, 1);
    QVERIFY(!encoder.intersects(maskBox));
    QVERIFY(layer0.contains(nodeBox(stack.request, out, stack.maskedNodeOfLayer0)));
}

// Each group is laid out as a piece keyed by its content: changing a node of one layer changes
// that layer's piece and its ancestors' (the layer's box may change size), not its siblings'.
void TestLayout::unchangedGroupsKeepTheirPieces() {
    auto pieceKeys = [](const LayoutRequest& r) {
        std::vector<QString> keys;
        const LayoutResult out = layoutNested(r, [&keys](const LayoutRequest& piece) {
            keys.push_back(piece.cacheKey);
            return std::make_shared<const LayoutResult>(layoutGraph(piece));
        });
        return std::make_pair(out.ok, keys);
    };
    LayerStack stack = layerStack(4);
    const auto [okBefore, before] = pieceKeys(stack.request);
    stack.request.nodes[static_cast<size_t>(stack.maskedNodeOfLayer0)].width = 200;
    const auto [okAfter, after] = pieceKeys(stack.request);
    QVERIFY(okBefore && okAfter);
    // Innermost first: the four layers, the encoder, the top level.
    QCOMPARE(before.size(), size_t(6));
    QCOMPARE(after.size(), size_t(6));
    QVERIFY(before[0] != after[0]);  // layers.0 changed
    QCOMPARE(before[1], after[1]);
    QCOMPARE(before[2], after[2]);
    QCOMPARE(before[3], after[3]);
    QVERIFY(before[4] != after[4]);  // the encoder holds a wider layers.0 box
}

void TestLayout::nnShapedGeometryHolds_data() {
    QTest::addColumn<int>("nodes");
    QTest::addColumn<bool>("leftToRight");
    QTest::addColumn<bool>("clusters");
    QTest::newRow("150 TB clusters") << 150 << false << true;
    QTest::newRow("150 LR clusters") << 150 << true << true;
    QTest::newRow("300 TB flat") << 300 << false << false;
}

void TestLayout::nnShapedGeometryHolds() {
    QFETCH(int, nodes);
    QFETCH(bool, leftToRight);
    QFETCH(bool, clusters);
    LayoutRequest r = makeNnLayoutRequest(nodes, 7, clusters);
    r.leftToRight = leftToRight;
    const LayoutResult out = layoutGraph(r);
    QVERIFY2(geometryProblem(r, out).isEmpty(), qPrintable(geometryProblem(r, out)));
    // Flow goes one way: the graph input is first along the rank axis, every edge of this DAG
    // points forward along it.
    auto along = [&](QPointF p) { return leftToRight ? p.x() : p.y(); };
    for (const LayoutEdge& e : r.edges)
        QVERIFY(along(out.centers[static_cast<std::size_t>(e.from)]) <
                along(out.centers[static_cast<std::size_t>(e.to)]));
}

void TestLayout::duplicateEdgesSelfLoopsAndCycles() {
    LayoutRequest r = chain(3);
    r.edges.push_back({0, 1});  // duplicate
    r.edges.push_back({1, 1});  // self-loop
    r.edges.push_back({2, 0});  // back edge: a cycle
    const LayoutResult out = layoutGraph(r);
    QVERIFY2(geometryProblem(r, out).isEmpty(), qPrintable(geometryProblem(r, out)));
    // Each duplicate gets its own curve.
    QVERIFY(out.edgeSplines[0] != out.edgeSplines[2]);
    // The self-loop leaves and re-enters its own box, away from its centre.
    const QRectF box = nodeBox(r, out, 1);
    QVERIFY(distanceToOutline(box, out.edgeSplines[3].front()) <= kTolerance);
    QVERIFY(distanceToOutline(box, out.arrowTips[3]) <= kTolerance);
    // The back edge still runs from its own source (2, at the bottom) to its target (0, on top).
    QVERIFY(out.edgeSplines[4].front().y() > out.arrowTips[4].y());
}

void TestLayout::badRequestsAreRefused_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("edge to a missing node") << 0;
    QTest::newRow("negative edge end") << 1;
    QTest::newRow("node in a missing cluster") << 2;
    QTest::newRow("cluster with a missing parent") << 3;
    QTest::newRow("cluster cycle") << 4;
    QTest::newRow("edges without nodes") << 5;
    QTest::newRow("too many nodes") << 6;
}

void TestLayout::badRequestsAreRefused() {
    QFETCH(int, kind);
    LayoutRequest r = chain(3);
    r.clusters = {{QStringLiteral("a"), -1}, {QStringLiteral("b"), 0}};
    switch (kind) {
        case 0:
            r.edges.push_back({0, 3});
            break;
        case 1:
            r.edges.push_back({-1, 0});
            break;
        case 2:
            r.nodes[1].cluster = 2;
            break;
        case 3:
            r.clusters[1].parent = 5;
            break;
        case 4:
            r.clusters[0].parent = 1;
            r.nodes[0].cluster = 1;
            break;
        case 5:
            r.nodes.clear();
            break;
        case 6:
            r.nodes.resize(kMaxLayoutNodes + 1, {10, 10, -1});
            break;
    }
    const LayoutResult out = layoutGraph(r);
    QVERIFY(!out.ok);
    QVERIFY(!out.error.isEmpty());
    QVERIFY(out.centers.empty());
}

void TestLayout::oddSizesAndLabelsAreSafe() {
    LayoutRequest r = chain(4);
    r.nodes[0].width = std::numeric_limits<double>::quiet_NaN();
    r.nodes[1].height = -5;
    r.nodes[2].width = 0;
    r.nodes[3].width = 1e12;  // clamped, not allowed to overflow dot's integer coordinates
    r.clusters = {{QStringLiteral("back\\slash \\N \\G <b>html?</b> \"quoted\" \u4e2d\u6587"), -1}};
    r.nodes[1].cluster = 0;
    const LayoutResult out = layoutGraph(r);
    QVERIFY2(out.ok, qPrintable(out.error));
    QVERIFY(out.clusterRects[0].contains(out.centers[1]));
    QVERIFY(std::isfinite(out.bounds.width()) && out.bounds.width() < 1e5);
}

void TestLayout::randomRequestsNeverCrash() {
    // 5,000 such requests were clean in development; 150 keep the test quick.
    std::mt19937 rng(2024);
    for (int i = 0; i < 150; ++i) {
        const LayoutRequest r = randomRequest(rng);
        const LayoutResult out = layoutGraph(r);
        const QString problem = geometryProblem(r, out);
        QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("request %1: %2").arg(i).arg(problem)));
    }
}

void TestLayout::graphvizMessagesAreCaptured() {
    // Whatever cgraph reports while a session holds the lock lands in the session, not on stderr.
    QTemporaryFile sink;
    QVERIFY(sink.open());
    std::fflush(stderr);
    const int savedStderr = dup(2);
    dup2(sink.handle(), 2);
    QStringList warnings, errors;
    {
        GraphvizSession session;
        agerr(AGWARN, "first warning %d\n", 7);
        agerr(AGPREV, "continued\n");
        agerr(AGERR, "an error\n");
        agerr(AGWARN, "second warning\n");
        warnings = session.warnings();
        errors = session.errors();
    }
    std::fflush(stderr);
    dup2(savedStderr, 2);
    close(savedStderr);
    QCOMPARE(warnings,
             QStringList({QStringLiteral("first warning 7\ncontinued"), QStringLiteral("second warning")}));
    QCOMPARE(errors, QStringList({QStringLiteral("an error")}));
    QCOMPARE(sink.readAll(), QByteArray());
    // The next session starts empty.
    GraphvizSession next;
    QVERIFY(next.warnings().isEmpty() && next.errors().isEmpty());
}

void TestLayout::dotPluginComesFromOwnTable() {
    // The dot plugin is installed from our lt_symlist_t table, not from Graphviz's config6a
    // (missing on machines where libgvc6's install script did not run).
    GraphvizSession session;
    QVERIFY(session.context());
    QVERIFY2(session.contextError().isEmpty(), qPrintable(session.contextError()));
}

void TestLayout::layoutIsDeterministic() {
    const LayoutRequest r = makeNnLayoutRequest(200, 3);
    const LayoutResult a = layoutGraph(r);
    layoutGraph(makeNnLayoutRequest(120, 9));  // Graphviz's statics see another graph between
    const LayoutResult b = layoutGraph(r);
    QVERIFY(a.ok && b.ok);
    QVERIFY(a.centers == b.centers);
    QVERIFY(a.edgeSplines == b.edgeSplines);
    QVERIFY(a.arrowTips == b.arrowTips);
    QVERIFY(a.clusterRects == b.clusterRects);
    QCOMPARE(a.bounds, b.bounds);
}

void TestLayout::concurrentCallsAreSerialised() {
    std::vector<LayoutRequest> requests;
    std::vector<LayoutResult> expected;
    for (unsigned seed = 1; seed <= 4; ++seed) {
        requests.push_back(makeNnLayoutRequest(80, seed));
        expected.push_back(layoutGraph(requests.back()));
    }
    std::vector<QFuture<LayoutResult>> futures;
    for (const LayoutRequest& r : requests)
        futures.push_back(QtConcurrent::run([r] { return layoutGraph(r); }));
    for (auto& f : futures) f.waitForFinished();  // before any QVERIFY can return
    for (std::size_t i = 0; i < futures.size(); ++i) {
        const LayoutResult got = futures[i].result();
        QVERIFY(got.ok);
        QVERIFY(got.centers == expected[i].centers);
        QVERIFY(got.edgeSplines == expected[i].edgeSplines);
    }
}

void TestLayout::twoThousandNodesComplete() {
    const LayoutRequest r = makeNnLayoutRequest(2000, 1);
    const LayoutResult out = layoutGraph(r);
    QVERIFY2(out.ok, qPrintable(out.error));
    QCOMPARE(out.centers.size(), std::size_t(2000));
    qInfo("2,000 nodes, %zu edges, %zu clusters: %.2f s in Graphviz", r.edges.size(), r.clusters.size(),
          out.seconds);
}

void TestLayout::cacheReturnsSamePointer() {
    LayoutCache cache;
    LayoutRequest r = chain(3);
    r.cacheKey = QStringLiteral("chain3");
    const QString key = LayoutCache::keyFor(r);
    QVERIFY(!key.isEmpty());
    QVERIFY(!cache.find(key));
    auto result = std::make_shared<const LayoutResult>(layoutGraph(r));
    cache.insert(key, result);
    QCOMPARE(cache.find(key).get(), result.get());
    // Orientation is part of the identity; no cacheKey means no key at all.
    r.leftToRight = true;
    QVERIFY(LayoutCache::keyFor(r) != key);
    QVERIFY(!cache.find(LayoutCache::keyFor(r)));
    r.cacheKey.clear();
    QVERIFY(LayoutCache::keyFor(r).isEmpty());
    cache.insert(QString(), result);
    QCOMPARE(cache.size(), std::size_t(1));
}

void TestLayout::cacheEvictsLeastRecentlyUsed() {
    LayoutCache cache(2);
    auto a = std::make_shared<const LayoutResult>(), b = std::make_shared<const LayoutResult>(),
         c = std::make_shared<const LayoutResult>();
    cache.insert(QStringLiteral("a"), a);
    cache.insert(QStringLiteral("b"), b);
    QCOMPARE(cache.find(QStringLiteral("a")).get(), a.get());  // a is now the most recent
    cache.insert(QStringLiteral("c"), c);
    QCOMPARE(cache.size(), std::size_t(2));
    QVERIFY(!cache.find(QStringLiteral("b")));
    QCOMPARE(cache.find(QStringLiteral("a")).get(), a.get());
    QCOMPARE(cache.find(QStringLiteral("c")).get(), c.get());
    // Replacing under the same key does not grow the cache.
    cache.insert(QStringLiteral("c"), b);
    QCOMPARE(cache.size(), std::size_t(2));
    QCOMPARE(cache.find(QStringLiteral("c")).get(), b.get());
    cache.clear();
    QCOMPARE(cache.size(), std::size_t(0));
    QCOMPARE(cache.bytes(), std::size_t(0));
}

void TestLayout::cacheRespectsByteBound() {
    const auto big = std::make_shared<const LayoutResult>(layoutGraph(makeNnLayoutRequest(200, 5)));
    const std::size_t one = LayoutCache::approximateBytes(*big);
    QVERIFY(one > 200 * sizeof(QPointF));
    LayoutCache cache(100, one * 2 + one / 2);
    for (int i = 0; i < 5; ++i) cache.insert(QString::number(i), big);
    QCOMPARE(cache.size(), std::size_t(2));
    QVERIFY(cache.bytes() <= one * 2 + one / 2);
    QVERIFY(cache.find(QStringLiteral("4")));
    QVERIFY(cache.find(QStringLiteral("3")));
    // One entry larger than the bound is still kept: the newest layout is always available.
    LayoutCache tiny(100, 16);
    tiny.insert(QStringLiteral("x"), big);
    QCOMPARE(tiny.size(), std::size_t(1));
}

void TestLayout::layoutNowUsesCache() {
    LayoutCache cache;
    const LayoutRequest r = makeNnLayoutRequest(60, 11);
    const auto first = LayoutWorker::layoutNow(r, &cache);
    QVERIFY(first && first->ok);
    QCOMPARE(LayoutWorker::layoutNow(r, &cache).get(), first.get());
    const auto uncached = LayoutWorker::layoutNow(r, nullptr);
    QVERIFY(uncached.get() != first.get());
    QVERIFY(uncached->centers == first->centers);
    // Failures are returned, not cached.
    LayoutRequest bad = r;
    bad.edges.push_back({0, 100000});
    bad.cacheKey = QStringLiteral("bad");
    QVERIFY(!LayoutWorker::layoutNow(bad, &cache)->ok);
    QVERIFY(!cache.find(LayoutCache::keyFor(bad)));
}

void TestLayout::workerEmitsOnlyLatestTicket() {
    LayoutCache cache;
    LayoutWorker worker(&cache);
    QSignalSpy spy(&worker, &LayoutWorker::finished);
    const int t1 = worker.request(makeNnLayoutRequest(400, 1));
    const int t2 = worker.request(makeNnLayoutRequest(300, 2));
    const int t3 = worker.request(makeNnLayoutRequest(50, 3));
    QVERIFY(t1 < t2 && t2 < t3);
    QVERIFY(worker.busy());
    QVERIFY(spy.wait(60000));
    QVERIFY(!worker.busy());
    QVERIFY(passscope::test::allJobsDelivered(worker, 60000));  // older layouts ended and were dropped
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), t3);
    const auto result = spy.at(0).at(1).value<std::shared_ptr<const LayoutResult>>();
    QVERIFY(result && result->ok);
    QCOMPARE(result->centers.size(), std::size_t(50));
}

void TestLayout::workerCacheHitIsAsynchronous() {
    LayoutCache cache;
    LayoutWorker worker(&cache);
    QSignalSpy spy(&worker, &LayoutWorker::finished);
    const LayoutRequest r = makeNnLayoutRequest(40, 4);
    worker.request(r);
    QVERIFY(spy.wait(30000));
    const auto first = spy.at(0).at(1).value<std::shared_ptr<const LayoutResult>>();
    QCOMPARE(cache.size(), std::size_t(1));

    const int again = worker.request(r);
    QCOMPARE(spy.count(), 1);  // not emitted from inside request()
    QVERIFY(spy.wait(5000));
    QCOMPARE(spy.at(1).at(0).toInt(), again);
    QCOMPARE(spy.at(1).at(1).value<std::shared_ptr<const LayoutResult>>().get(), first.get());
}

void TestLayout::workerCancelDropsResult() {
    LayoutWorker worker;
    QSignalSpy spy(&worker, &LayoutWorker::finished);
    worker.request(makeNnLayoutRequest(300, 6));
    worker.cancel();
    QVERIFY(!worker.busy());
    QVERIFY(passscope::test::allJobsDelivered(worker, 60000));  // the cancelled layout ended, unemitted
    QCOMPARE(spy.count(), 0);
    // The worker stays usable after a cancel.
    const int t = worker.request(chain(2));
    QVERIFY(spy.wait(30000));
    QCOMPARE(spy.at(0).at(0).toInt(), t);
}

PASSSCOPE_GUILESS_TEST(TestLayout)
#include "test_layout.moc"

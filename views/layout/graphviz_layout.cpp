#include "layout/graphviz_layout.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <QByteArray>
#include <QCoreApplication>

#include "layout/graphviz_discipline.h"
#include "layout/graphviz_session.h"
#include "layout/layout_cache.h"
#include "layout/long_edges.h"
#include "layout/main_path.h"
#include "layout/nested_layout.h"
#include "layout/shared_values.h"

// Graphviz last: its headers define macros (MIN, MAX, ROUND, NOT, ...) that must not reach ours.
#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

namespace passscope::views {
namespace {

constexpr double kPointsPerInch = 72.0;
// Node boxes are clamped to this range so NaN, zero or absurd sizes cannot upset dot, which
// works in integer points internally (ranks and x positions) and asserts on empty boxes.
constexpr double kMinNodeSize = 1.0;
constexpr double kMaxNodeSize = 7200.0;
// What dot is given at most: a node of the request is at most kMaxNodeSize, but a group laid out
// on its own and placed as one box in its parent's piece (nested_layout.h) can be far larger —
// an open stack of layers is tens of thousands of points tall.
constexpr double kMaxBoxSize = 1.0e6;
// dot's virtual nodes allowed per box before the longest edges are routed around it
// (long_edges.h). At 2, boxes + dummies stay under 3x the boxes, and a 1,000-box request of a real
// model lays out in a fraction of a second.
constexpr long long kDummyBudgetPerBox = 2;

double clampSize(double v, double max = kMaxNodeSize) {
    if (!(v >= kMinNodeSize))  // also catches NaN
        return kMinNodeSize;
    return v > max ? max : v;
}

double clampBox(double v) {
    return clampSize(v, kMaxBoxSize);
}

// The request with every node's size within [kMinNodeSize, kMaxNodeSize].
LayoutRequest withClampedSizes(const LayoutRequest& request) {
    LayoutRequest clamped = request;
    for (LayoutNode& n : clamped.nodes) {
        n.width = clampSize(n.width);
        n.height = clampSize(n.height);
    }
    return clamped;
}

// Why the request cannot be laid out, or an empty string. Checked before Graphviz sees anything:
// dot has assert()s and abort()s on inconsistent input, and the process must survive bad data.
QString validate(const LayoutRequest& r) {
    const auto nodeCount = static_cast<long long>(r.nodes.size());
    const auto clusterCount = static_cast<long long>(r.clusters.size());
    if (nodeCount > kMaxLayoutNodes)
        return QCoreApplication::translate(
                   "GraphvizLayout",
                   "The graph has %1 nodes; at most %2 can be laid out at once. Collapse groups to "
                   "show fewer.")
            .arg(nodeCount)
            .arg(kMaxLayoutNodes);
    if (static_cast<long long>(r.edges.size()) > kMaxLayoutEdges)
        return QCoreApplication::translate(
                   "GraphvizLayout",
                   "The graph has %1 edges; at most %2 can be laid out at once. Collapse groups to "
                   "show fewer.")
            .arg(static_cast<long long>(r.edges.size()))
            .arg(kMaxLayoutEdges);
    for (long long i = 0; i < nodeCount; ++i) {
        const int c = r.nodes[static_cast<std::size_t>(i)].cluster;
        if (c < -1 || c >= clusterCount)
            return QCoreApplication::translate("GraphvizLayout",
                                               "Node %1 refers to group %2, which does not exist.")
                .arg(i)
                .arg(c);
    }
    for (long long i = 0; i < clusterCount; ++i) {
        // A parent chain longer than the number of clusters must loop.
        long long steps = 0;
        for (int p = r.clusters[static_cast<std::size_t>(i)].parent; p != -1;
             p = r.clusters[static_cast<std::size_t>(p)].parent) {
            if (p < -1 || p >= clusterCount)
                return QCoreApplication::translate("GraphvizLayout",
                                                   "Group %1 has parent %2, which does not exist.")
                    .arg(i)
                    .arg(p);
            if (++steps > clusterCount)
                return QCoreApplication::translate("GraphvizLayout", "Group %1 is its own ancestor.").arg(i);
        }
    }
    for (std::size_t i = 0; i < r.edges.size(); ++i) {
        const LayoutEdge& e = r.edges[i];
        if (e.from < 0 || e.from >= nodeCount || e.to < 0 || e.to >= nodeCount)
            return QCoreApplication::translate("GraphvizLayout",
                                               "Edge %1 (%2 to %3) refers to a node that does not exist.")
                .arg(static_cast<long long>(i))
                .arg(e.from)
                .arg(e.to);
    }
    return {};
}

// How hard dot may work on a request of `nodes` nodes. Measured on this 2-core machine with
// NN-shaped requests (tests/bench/nn_layout_request.h: residual blocks, fan-outs, weight inputs;
// "clustered" = in nested name-scope clusters), Graphviz 2.42.2, seconds per layoutGraph() with
// the machine otherwise quiet (twice that while others compile), callgrind for where it goes:
//   - Ranking: the classic ranker's cleanup1() is quadratic in the edges in 2.42 (flat 2,000
//     nodes: 2.6 of 3.3 G instructions). newrank=true ranks the same graphs in 2% of that and
//     draws them alike, so it is always on (setGraphAttributes).
//   - x positioning (network simplex on dot's auxiliary graph, O(nodes) per iteration) is what
//     then grows fastest. nslimit caps its iterations at nslimit x nodes. Clustered, Graphviz's
//     default -> these caps: 1,500 nodes 0.20 -> 0.12 s, 2,000 0.42 -> 0.19 s, 3,000 1.0 ->
//     0.36 s, 5,000 4.2 -> 0.91 s. It also stops a long chain of clusters drifting sideways into
//     a staircase (2,000 nodes: 11,840 pt wide -> 1,600) at the price of more slanted edges
//     (mean horizontal offset per edge 43 -> 63 pt), so it stays off up to 1,000 nodes, where
//     the default takes 0.10 s (clustered) and 0.15 s (flat).
//   - mclimit 0.5 takes 18% off mincross with clusters at 3,000 nodes.
//   - nslimit1, searchsize: no measurable change on these graphs; maxiter is neato's, not dot's.
//   - Flat graphs stay slow above 2,000 nodes whatever the caps (3,000: 1.0 s, 5,000: 5.2 s
//     instead of 8.1): dot's LR_balance() does O(nodes) work per tree edge of cut value 0 and no
//     attribute limits it. Clustered requests, what the graph view sends, do not hit it.
struct EffortCaps {
    double nslimit = 0;  // 0 = Graphviz's default (unlimited)
    double mclimit = 0;  // 0 = Graphviz's default (1.0)
};

// `nodes` counts dot's virtual nodes too: what network simplex and mincross iterate over.
EffortCaps capsFor(std::size_t nodes) {
    EffortCaps caps;
    if (nodes > 1000) caps.nslimit = std::min(1.0, 1500.0 / static_cast<double>(nodes));  // ~1,500 iterations
    if (nodes > 2500) caps.mclimit = 0.5;
    return caps;
}

// Attributes the whole drawing shares. nodesep/ranksep are inches: 0.25/0.2 keep the chains of
// an NN compact (a first view at legible zoom shows a dozen boxes of a one-column export, frames
// of nested groups included: issue 21) while leaving room for an 8-pt arrow head between ranks.
void setGraphAttributes(Agraph_t* g, const LayoutRequest& r, const EffortCaps& caps) {
    auto set = [g](const char* name, const QByteArray& value) {
        agattr(g, AGRAPH, const_cast<char*>(name), const_cast<char*>(value.constData()));
    };
    set("rankdir", r.leftToRight ? "LR" : "TB");
    set("splines", "spline");
    set("newrank", "true");  // see EffortCaps
    set("nodesep", "0.25");
    set("ranksep", "0.15");
    set("fontsize", "11");  // cluster labels: space reserved above a group's nodes
    set("label", "");
    set("margin", "");  // declared so clusters can set it (points for clusters)
    // gvLayout() sets "bb" when dot is done. Declared now, before dot detaches its fill subgraph
    // (~DotGraph): an attribute declared later is not added to a detached subgraph's record, and
    // closing that subgraph would then read past the end of it.
    set("bb", "");
    if (caps.nslimit > 0) set("nslimit", QByteArray::number(caps.nslimit));
    if (caps.mclimit > 0) set("mclimit", QByteArray::number(caps.mclimit));
}

// dot treats \N, \G, \L... in labels as escapes; a name scope may contain backslashes.
QByteArray escapedLabel(const QString& label) {
    QByteArray utf8 = label.toUtf8();
    utf8.replace('\\', "\\\\");
    return utf8;
}

// The cgraph graph built from one request; freed (layout and graph) on destruction.
class DotGraph {
  public:
    DotGraph(GVC_t* gvc, const LayoutRequest& r, const LongEdgePlan& longEdges, std::vector<int> mainPath)
        : m_gvc(gvc), m_request(r), m_longEdges(longEdges), m_mainPath(std::move(mainPath)) {}
    ~DotGraph() {
        if (m_laidOut) gvFreeLayout(m_gvc, m_root);
        // dot's removeFill() (lib/dotgen/dotinit.c) only detaches its "_new_rank" helper with
        // agdelsubg(); left open, its attribute dictionaries keep a view on the root's, and
        // agclose(root) then fails half-way and leaks the graph (about half of the random
        // requests of test_layout did). We made the helper, so we close it once it is detached
        // and still alive (onGraphDeleted() forgets it if Graphviz closes it itself).
        if (m_fill && agsubg(m_root, fillName(), 0) != m_fill) agclose(m_fill);
        if (m_root) agclose(m_root);
    }
    DotGraph(const DotGraph&) = delete;
    DotGraph& operator=(const DotGraph&) = delete;

    void build();
    bool layout();  // false if gvLayout refused the graph
    LayoutResult read() const;

  private:
    Agraph_t* clusterGraph(int cluster);
    Agraph_t* commonGraph(int clusterA, int clusterB);
    Agraph_t* rankGraph(RankHint hint);
    void readEdge(std::size_t i, LayoutResult& out) const;
    double mainAxis(const LayoutResult& out) const;
    QPointF toQt(pointf p) const { return {p.x - m_bb.LL.x, m_bb.UR.y - p.y}; }
    static char* fillName() {
        static char name[] = "_new_rank";  // the name dot's mincross gives its helper subgraph
        return name;
    }
    static void onGraphDeleted(Agraph_t*, Agobj_t* obj, void* self) {
        auto* graph = static_cast<DotGraph*>(self);
        if (obj == static_cast<void*>(graph->m_fill)) graph->m_fill = nullptr;
    }
    static inline Agcbdisc_t s_fillWatch = {{nullptr, nullptr, &onGraphDeleted}, {}, {}};

    GraphDiscipline m_discipline;  // first: outlives the graph closed in ~DotGraph
    GVC_t* m_gvc;
    const LayoutRequest& m_request;
    const LongEdgePlan& m_longEdges;
    const std::vector<int> m_mainPath;  // main_path.h: kept on one straight axis
    Agraph_t* m_root = nullptr;
    Agraph_t* m_fill = nullptr;
    Agraph_t* m_firstRank = nullptr;
    Agraph_t* m_lastRank = nullptr;
    bool m_laidOut = false;
    boxf m_bb{};
    std::vector<Agraph_t*> m_clusters;  // nullptr for groups without nodes (dot drops them)
    std::vector<Agnode_t*> m_nodes;
    std::vector<Agedge_t*> m_edges;  // nullptr for edges routed around dot
};

void DotGraph::build() {
    char name[] = "passscope";
    m_root = agopen(name, Agdirected, m_discipline.disc());
    // newrank's mincross adds filler nodes to clusters with empty ranks in a subgraph it creates
    // under this name; made here, it is one we can close (see ~DotGraph). Without nodes or a
    // "cluster" name it does not change the drawing.
    m_fill = agsubg(m_root, fillName(), 1);
    agpushdisc(m_root, &s_fillWatch, this);
    setGraphAttributes(m_root, m_request,
                       capsFor(m_request.nodes.size() + static_cast<std::size_t>(m_longEdges.dummiesKept)));
    agattr(m_root, AGNODE, const_cast<char*>("shape"), const_cast<char*>("box"));
    agattr(m_root, AGNODE, const_cast<char*>("fixedsize"), const_cast<char*>("true"));
    agattr(m_root, AGNODE, const_cast<char*>("label"), const_cast<char*>(""));
    Agsym_t* width = agattr(m_root, AGNODE, const_cast<char*>("width"), const_cast<char*>("0.75"));
    Agsym_t* height = agattr(m_root, AGNODE, const_cast<char*>("height"), const_cast<char*>("0.5"));
    // Nodes of one group: dot weighs the edges between them 100 times and keeps them from
    // crossing others, so the main path stays straight whatever long edges pull at it.
    Agsym_t* group = agattr(m_root, AGNODE, const_cast<char*>("group"), const_cast<char*>(""));

    m_clusters.assign(m_request.clusters.size(), nullptr);
    m_nodes.reserve(m_request.nodes.size());
    for (std::size_t i = 0; i < m_request.nodes.size(); ++i) {
        const LayoutNode& n = m_request.nodes[i];
        std::string id = "n" + std::to_string(i);
        // Creating the node in its cluster installs it in every enclosing cluster too.
        Agnode_t* node = agnode(clusterGraph(n.cluster), id.data(), 1);
        QByteArray w = QByteArray::number(clampBox(n.width) / kPointsPerInch, 'g', 10);
        QByteArray h = QByteArray::number(clampBox(n.height) / kPointsPerInch, 'g', 10);
        agxset(node, width, w.data());
        agxset(node, height, h.data());
        if (n.rank != RankHint::Free) agsubnode(rankGraph(n.rank), node, 1);
        m_nodes.push_back(node);
    }
    char mainGroup[] = "main";
    for (int i : m_mainPath) agxset(m_nodes[static_cast<std::size_t>(i)], group, mainGroup);
    Agsym_t* minLength = agattr(m_root, AGEDGE, const_cast<char*>("minlen"), const_cast<char*>("1"));
    Agsym_t* constraint = agattr(m_root, AGEDGE, const_cast<char*>("constraint"), const_cast<char*>("true"));
    // dot weighs every edge between two nodes of the main path's group 100 times, a skip along it
    // too (a residual connection from a block's input to its last Add): straightened as hard
    // as the path, it pushed the boxes between its ends aside. Such an edge weighs nothing.
    Agsym_t* weight = agattr(m_root, AGEDGE, const_cast<char*>("weight"), const_cast<char*>("1"));
    std::vector<int> onPath(m_request.nodes.size(), -1);  // place on the main path
    for (std::size_t k = 0; k < m_mainPath.size(); ++k)
        onPath[static_cast<std::size_t>(m_mainPath[k])] = static_cast<int>(k);
    m_edges.reserve(m_request.edges.size());
    for (std::size_t i = 0; i < m_request.edges.size(); ++i) {
        const LayoutEdge& e = m_request.edges[i];
        if (m_longEdges.routedAround[i]) {
            m_edges.push_back(nullptr);
            continue;
        }
        // An edge lives in the innermost cluster holding both ends so dot orders it with that
        // cluster's nodes. A NULL name in a non-strict graph makes every call a new edge, so
        // duplicates stay distinct (one spline each).
        const int a = m_request.nodes[static_cast<std::size_t>(e.from)].cluster;
        const int b = m_request.nodes[static_cast<std::size_t>(e.to)].cluster;
        Agedge_t* edge = agedge(commonGraph(a, b), m_nodes[static_cast<std::size_t>(e.from)],
                                m_nodes[static_cast<std::size_t>(e.to)], nullptr, 1);
        if (e.minLength != 1) {
            QByteArray minlen = QByteArray::number(std::max(0, e.minLength));
            agxset(edge, minLength, minlen.data());
        }
        if (!e.constraint) agxset(edge, constraint, const_cast<char*>("false"));
        const int placeA = onPath[static_cast<std::size_t>(e.from)],
                  placeB = onPath[static_cast<std::size_t>(e.to)];
        if (placeA >= 0 && placeB >= 0 && placeB != placeA + 1) agxset(edge, weight, const_cast<char*>("0"));
        m_edges.push_back(edge);
    }
}

Agraph_t* DotGraph::clusterGraph(int cluster) {
    if (cluster < 0) return m_root;
    Agraph_t*& g = m_clusters[static_cast<std::size_t>(cluster)];
    if (g) return g;
    const LayoutCluster& c = m_request.clusters[static_cast<std::size_t>(cluster)];
    Agraph_t* parent = clusterGraph(c.parent);  // validate() ruled out cycles
    // dot draws a subgraph as a box only if its name starts with "cluster".
    std::string id = "cluster_" + std::to_string(cluster);
    g = agsubg(parent, id.data(), 1);
    QByteArray label = escapedLabel(c.label);
    char labelName[] = "label", marginName[] = "margin", margin[] = "10";
    agsafeset(g, labelName, label.data(), const_cast<char*>(""));
    agsafeset(g, marginName, margin, const_cast<char*>(""));
    return g;
}

// A subgraph whose nodes dot puts on its first (rank=min) or last (rank=max) rank. Only flat
// requests use hints (nested_layout.h's ports); no cluster may hold such a node.
Agraph_t* DotGraph::rankGraph(RankHint hint) {
    const bool first = hint == RankHint::First;
    Agraph_t*& g = first ? m_firstRank : m_lastRank;
    if (g) return g;
    char firstName[] = "rank_first", lastName[] = "rank_last";
    g = agsubg(m_root, first ? firstName : lastName, 1);
    char rankName[] = "rank", minRank[] = "min", maxRank[] = "max", none[] = "";
    agsafeset(g, rankName, first ? minRank : maxRank, none);
    return g;
}

Agraph_t* DotGraph::commonGraph(int a, int b) {
    for (int x = a; x != -1; x = m_request.clusters[static_cast<std::size_t>(x)].parent)
        for (int y = b; y != -1; y = m_request.clusters[static_cast<std::size_t>(y)].parent)
            if (x == y) return clusterGraph(x);
    return m_root;
}

bool DotGraph::layout() {
    m_laidOut = gvLayout(m_gvc, m_root, "dot") == 0;
    if (m_laidOut) m_bb = GD_bb(m_root);
    return m_laidOut;
}

// Where the segment from a box's centre towards `to` leaves the box.
QPointF boxExit(QPointF centre, double w, double h, QPointF to) {
    const QPointF d = to - centre;
    const double sx = d.x() != 0 ? (w / 2) / std::abs(d.x()) : INFINITY;
    const double sy = d.y() != 0 ? (h / 2) / std::abs(d.y()) : INFINITY;
    const double s = std::min(sx, sy);
    return std::isfinite(s) && s < 1 ? centre + d * s : centre;
}

void DotGraph::readEdge(std::size_t i, LayoutResult& out) const {
    std::vector<QPointF>& pts = out.edgeSplines[i];
    QPointF tip;
    const splines* spl = ED_spl(m_edges[i]);
    for (int b = 0; spl && b < spl->size; ++b) {
        const bezier& bz = spl->list[b];
        if (bz.size < 1) continue;
        // An arrow at the tail would leave the curve short of the source; start at its tip.
        if (pts.empty() && bz.sflag) appendLine(pts, toQt(bz.sp), toQt(bz.list[0]));
        // Pieces of one edge normally meet; join them with a line where they do not.
        if (!pts.empty() && pts.back() != toQt(bz.list[0])) appendLine(pts, pts.back(), toQt(bz.list[0]));
        for (int k = pts.empty() ? 0 : 1; k < bz.size; ++k) pts.push_back(toQt(bz.list[k]));
        tip = bz.eflag ? toQt(bz.ep) : pts.back();
    }
    if (pts.size() < 4) {
        // dot gave up on this edge (it warns "unable to route"); draw it straight.
        const LayoutEdge& e = m_request.edges[i];
        const auto from = static_cast<std::size_t>(e.from), to = static_cast<std::size_t>(e.to);
        const QPointF a = out.centers[from], b = out.centers[to];
        const LayoutNode& na = m_request.nodes[from];
        const LayoutNode& nb = m_request.nodes[to];
        pts.clear();
        appendLine(pts, boxExit(a, clampBox(na.width), clampBox(na.height), b),
                   boxExit(b, clampBox(nb.width), clampBox(nb.height), a));
        tip = pts.back();
    }
    out.arrowTips[i] = tip;
}

// Where the main path runs across the ranks: the median of its nodes' centres (dot keeps them on
// one line unless a rank's order forbids it).
double DotGraph::mainAxis(const LayoutResult& out) const {
    std::vector<double> across;
    for (int i : m_mainPath) {
        const QPointF c = out.centers[static_cast<std::size_t>(i)];
        across.push_back(m_request.leftToRight ? c.y() : c.x());
    }
    if (across.empty()) return m_request.leftToRight ? out.bounds.center().y() : out.bounds.center().x();
    std::nth_element(across.begin(), across.begin() + static_cast<std::ptrdiff_t>(across.size() / 2),
                     across.end());
    return across[across.size() / 2];
}

LayoutResult DotGraph::read() const {
    LayoutResult out;
    out.centers.reserve(m_nodes.size());
    for (Agnode_t* n : m_nodes) out.centers.push_back(toQt(ND_coord(n)));
    out.clusterRects.resize(m_clusters.size());
    for (std::size_t c = 0; c < m_clusters.size(); ++c) {
        if (!m_clusters[c]) continue;
        const boxf b = GD_bb(m_clusters[c]);
        out.clusterRects[c] = QRectF(toQt(pointf{b.LL.x, b.UR.y}), toQt(pointf{b.UR.x, b.LL.y}));
    }
    out.edgeSplines.resize(m_edges.size());
    out.arrowTips.resize(m_edges.size());
    for (std::size_t i = 0; i < m_edges.size(); ++i) {
        if (!m_edges[i]) continue;
        readEdge(i, out);
        out.dummyNodes +=
            std::max(0, std::abs(ND_rank(aghead(m_edges[i])) - ND_rank(agtail(m_edges[i]))) - 1);
    }

    // GD_bb covers nodes and clusters; grow it by the curves so a view can fit everything.
    // (QRectF::united() ignores empty rectangles, so points are added by hand.)
    QRectF bounds(toQt(pointf{m_bb.LL.x, m_bb.UR.y}), toQt(pointf{m_bb.UR.x, m_bb.LL.y}));
    bool allFinite = true;
    auto include = [&](QPointF p) {
        if (!std::isfinite(p.x()) || !std::isfinite(p.y())) {
            allFinite = false;
            return;
        }
        bounds.setCoords(std::min(bounds.left(), p.x()), std::min(bounds.top(), p.y()),
                         std::max(bounds.right(), p.x()), std::max(bounds.bottom(), p.y()));
    };
    for (const auto& pts : out.edgeSplines)
        for (QPointF p : pts) include(p);
    for (QPointF p : out.arrowTips) include(p);
    for (QPointF p : out.centers) include(p);
    if (!allFinite) {
        LayoutResult failed;
        failed.error = QCoreApplication::translate("GraphvizLayout",
                                                   "Graphviz returned positions that are not numbers.");
        return failed;
    }
    out.bounds = bounds;
    out.axis = mainAxis(out);
    routeAround(m_request, m_longEdges.routedAround, out);
    out.routedAround =
        static_cast<int>(std::count(m_longEdges.routedAround.begin(), m_longEdges.routedAround.end(), 1));
    out.ok = true;
    return out;
}

// One request through dot, the session held: the whole request when it has no clusters, or one
// group's piece of a nested layout. Errors dot reports end the layout; the caller collects the
// warnings.
LayoutResult layoutWithDot(GraphvizSession& session, const LayoutRequest& request) {
    LayoutResult result;
    const LongEdgePlan longEdges =
        planLongEdges(request, kDummyBudgetPerBox * static_cast<long long>(request.nodes.size()));
    const auto start = std::chrono::steady_clock::now();
    {
        DotGraph graph(session.context(), request, longEdges, mainPath(request));
        graph.build();
        if (graph.layout()) {
            result = graph.read();
        } else {
            QStringList why = session.errors();
            if (!session.contextError().isEmpty()) why << session.contextError();
            if (why.isEmpty())
                why << QCoreApplication::translate("GraphvizLayout", "Graphviz could not lay out the graph.");
            result.error = why.join(QLatin1Char('\n'));
        }
    }  // freeing dot's data is part of the cost (a quarter of it with many clusters)
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

// Pieces of nested layouts by content (nested_layout.h gives each piece a key made of its sizes,
// edges and hints): opening or closing one group lays out only the groups around it again, and
// the same block in two diagrams (a re-run, a second window) is laid out once.
LayoutCache& pieceCache() {
    static LayoutCache cache(2048, 64u << 20);
    return cache;
}

}  // namespace

void clearLayoutPieceCache() {
    pieceCache().clear();
}

LayoutResult layoutGraph(const LayoutRequest& request) {
    LayoutResult result;
    if (QString why = validate(request); !why.isEmpty()) {
        result.error = why;
        return result;
    }
    if (request.nodes.empty()) {
        // Edges need nodes, so validate() has already refused any; nothing to place.
        result.ok = true;
        result.clusterRects.resize(request.clusters.size());
        return result;
    }

    GraphvizSession session;
    if (!session.context()) {
        result.error = session.contextError();
        return result;
    }
    const auto start = std::chrono::steady_clock::now();
    const LayoutRequest clamped = withClampedSizes(request);
    // Stubs (shared_values.h) are not laid out: dot gets the request without them, their readers'
    // boxes widened for the tags, and the stubs are drawn on the result.
    const bool stubs =
        std::any_of(clamped.edges.begin(), clamped.edges.end(), [](const LayoutEdge& e) { return e.stub; });
    std::vector<int> kept;
    const LayoutRequest unstubbed = stubs ? withoutStubs(clamped, kept) : LayoutRequest();
    const LayoutRequest& toLayOut = stubs ? unstubbed : clamped;
    if (toLayOut.clusters.empty()) {
        result = layoutWithDot(session, toLayOut);
    } else {
        result = layoutNested(toLayOut, [&session](const LayoutRequest& piece) {
            const QString key = LayoutCache::keyFor(piece);
            if (auto hit = pieceCache().find(key)) return hit;
            auto laidOut = std::make_shared<const LayoutResult>(layoutWithDot(session, piece));
            if (laidOut->ok) pieceCache().insert(key, laidOut);
            return std::shared_ptr<const LayoutResult>(laidOut);
        });
    }
    if (stubs && result.ok) {
        LayoutResult withStubs;
        placeStubs(clamped, kept, result, withStubs);
        result = std::move(withStubs);
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Errors dot recovered from (it logs and carries on) are kept beside its warnings.
    QStringList messages = session.errors();
    messages << session.warnings();
    if (result.ok) result.warnings = messages.join(QLatin1Char('\n'));
    return result;
}

}  // namespace passscope::views

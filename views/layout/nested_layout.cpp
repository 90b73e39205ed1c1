#include "layout/nested_layout.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include <QCryptographicHash>

#include "layout/main_path.h"

namespace passscope::views {
namespace {

constexpr double kPortSize = 2.0;
// Frame titles are drawn in the view's 8-pt text font (group_item.cpp): about 6 pt a character.
constexpr double kTitleCharWidth = 6.0;

// One group's own layout: its nodes, its child groups as boxes, and its ports.
struct Piece {
    LayoutRequest request;
    std::unordered_map<int, int> itemOfNode;     // request node -> piece node
    std::unordered_map<int, int> itemOfCluster;  // child cluster -> piece node
    std::unordered_map<int, int> inPort;         // source request node -> piece node
    std::unordered_map<int, int> outPort;        // source request node -> piece node
    std::map<std::pair<int, int>, int> edgeOf;   // (from, to) piece nodes -> piece edge
    // Per piece node: whether a piece edge between two of its own boxes enters or leaves it.
    std::vector<char> fedInside, feedsInside;
    std::vector<char> transient;  // per node or child group box: LayoutNode/LayoutCluster::transient
    std::shared_ptr<const LayoutResult> layout;
    QPointF offset;  // piece coordinates + offset = drawing coordinates
};

// The key a piece is cached under: everything that changes what dot makes of it.
QString contentKey(const LayoutRequest& piece) {
    QCryptographicHash hash(QCryptographicHash::Sha1);
    auto add = [&hash](const auto& value) {
        hash.addData(QByteArrayView(reinterpret_cast<const char*>(&value), sizeof value));
    };
    add(piece.leftToRight);
    add(piece.nodes.size());
    for (const LayoutNode& n : piece.nodes) {
        add(n.width);
        add(n.height);
        add(n.rank);
        add(n.transient);
    }
    for (const LayoutEdge& e : piece.edges) {
        add(e.from);
        add(e.to);
        add(e.minLength);
        add(e.constraint);
    }
    return QStringLiteral("piece:") + QString::fromLatin1(hash.result().toHex());
}

// The rectangle a group's layout takes in its parent: its bounds, widened on one side (across the
// ranks) until its main path's axis (main_path.h) runs through the middle. The parent lines up
// the centres of a column of boxes, so the paths inside them line up too: a stack of blocks is
// one column whatever each block holds beside its main path. The widening is at most half the
// group's width: a block whose path runs along one edge of a wide fan (DeepLabV3's ASPP, its
// pooling branch beside four convolutions) would otherwise double in width; its path then stands
// off the column's line by the rest.
constexpr double kMostWidening = 0.5;
double widenedSide(double low, double high, double axis, double& newLow, double& newHigh) {
    const double width = high - low;
    const double half = std::max(axis - low, high - axis);
    if (!std::isfinite(half) || width <= 0) return 0;
    const double added = std::min(2 * half - width, kMostWidening * width);
    if (axis - low < high - axis)
        newLow = low - added, newHigh = high;
    else
        newLow = low, newHigh = high + added;
    return added;
}

QRectF centredOnAxis(const LayoutResult& layout, bool leftToRight) {
    QRectF r = layout.bounds;
    if (r.isEmpty()) return r;
    double low = 0, high = 0;
    if (leftToRight) {
        if (widenedSide(r.top(), r.bottom(), layout.axis, low, high) > 0)
            r.setCoords(r.left(), low, r.right(), high);
    } else {
        if (widenedSide(r.left(), r.right(), layout.axis, low, high) > 0)
            r.setCoords(low, r.top(), high, r.bottom());
    }
    return r;
}

// One stretch of an edge's drawing, in the piece of `cluster`.
struct Hop {
    enum class Kind {
        Spline,  // piece edge `index`, routed by dot
        Leave,   // out of box `index`, which sits on the piece's last rank: straight to the frame
        Enter,   // into box `index`, which sits on the piece's first rank: straight from the frame
    };
    Kind kind = Kind::Spline;
    int cluster = -1;
    int index = 0;
};

class Nester {
  public:
    explicit Nester(const LayoutRequest& request)
        : r_(request), pieces_(request.clusters.size() + 1), depth_(request.clusters.size(), 0) {
        for (std::size_t c = 0; c < r_.clusters.size(); ++c)
            for (int p = r_.clusters[c].parent; p != -1; p = r_.clusters[static_cast<std::size_t>(p)].parent)
                ++depth_[c];
    }

    LayoutResult run(const PieceLayout& layoutPiece);

  private:
    Piece& piece(int cluster) { return pieces_[static_cast<std::size_t>(cluster + 1)]; }
    int parentOf(int cluster) const { return r_.clusters[static_cast<std::size_t>(cluster)].parent; }
    int clusterOf(int node) const { return r_.nodes[static_cast<std::size_t>(node)].cluster; }

    int addItem(Piece& p, double width, double height, RankHint rank = RankHint::Free) {
        p.request.nodes.push_back(LayoutNode{width, height, -1, rank});
        return static_cast<int>(p.request.nodes.size()) - 1;
    }
    void collectItems();
    // The piece node standing for request node `node` in the piece of `cluster` (which holds it).
    int itemFor(int cluster, int node);
    int port(int cluster, int source, bool in);
    int pieceEdge(int cluster, int from, int to, int minLength = 1, bool constraint = true);
    void routeEdges();
    Hop leave(int cluster, int source);
    Hop enter(int cluster, int source, int target);
    // Where an edge leaves or enters a box of a placed piece: the middle of its last or first
    // rank side.
    QPointF boxSide(const Piece& p, int item, bool exit) const;
    bool layOutPieces(const PieceLayout& layoutPiece, LayoutResult& out);
    void placePieces(LayoutResult& out);
    void joinEdges(LayoutResult& out) const;

    const LayoutRequest& r_;
    std::vector<Piece> pieces_;  // [0] = the top level, [c + 1] = cluster c
    std::vector<int> depth_;
    std::vector<QSizeF> frameSize_;
    std::vector<QRectF> inner_;       // per cluster: the rectangle its layout takes in its frame
    std::vector<char> onParentPath_;  // per cluster: its box is on its parent's main path
    // Per request edge: its hops in drawing order.
    std::vector<std::vector<Hop>> routes_;
};

// Every node in its own cluster's piece, every non-empty cluster as a box in its parent's, in
// the order of the request's nodes (dot starts its ordering from the order it is given).
void Nester::collectItems() {
    for (std::size_t i = 0; i < r_.nodes.size(); ++i) {
        const LayoutNode& n = r_.nodes[i];
        Piece& own = piece(n.cluster);
        own.itemOfNode[static_cast<int>(i)] = addItem(own, n.width, n.height);
        own.request.nodes.back().transient = n.transient;
        own.transient.push_back(n.transient);
        for (int c = n.cluster; c != -1; c = parentOf(c)) {
            Piece& parent = piece(parentOf(c));
            if (parent.itemOfCluster.count(c)) break;         // and so are its ancestors
            parent.itemOfCluster[c] = addItem(parent, 1, 1);  // sized once c is laid out
            parent.request.nodes.back().transient = r_.clusters[static_cast<std::size_t>(c)].transient;
            parent.transient.push_back(r_.clusters[static_cast<std::size_t>(c)].transient);
        }
    }
}

int Nester::itemFor(int cluster, int node) {
    int below = -1;
    for (int c = clusterOf(node); c != cluster; c = parentOf(c)) below = c;
    Piece& p = piece(cluster);
    return below == -1 ? p.itemOfNode.at(node) : p.itemOfCluster.at(below);
}

int Nester::port(int cluster, int source, bool in) {
    Piece& p = piece(cluster);
    auto& ports = in ? p.inPort : p.outPort;
    auto it = ports.find(source);
    if (it != ports.end()) return it->second;
    const int item = addItem(p, kPortSize, kPortSize, in ? RankHint::First : RankHint::Last);
    ports.emplace(source, item);
    return item;
}

int Nester::pieceEdge(int cluster, int from, int to, int minLength, bool constraint) {
    Piece& p = piece(cluster);
    auto [it, added] = p.edgeOf.try_emplace({from, to}, static_cast<int>(p.request.edges.size()));
    if (added) p.request.edges.push_back(LayoutEdge{from, to, minLength, constraint});
    return it->second;
}

// Each edge: out of its source's groups, across the lowest group holding both ends, into the
// target's groups. Where the node (or child group) inside a group has no other edge from its
// own group's boxes on that side, it goes on the group's first (last) rank and the edge runs
// straight from (to) the frame: no extra rank, no port. A transient box (gone at the last step)
// never takes a border rank: it would leave that rank empty when it is gone. Otherwise the edge enters
// (leaves) through a port on the first (last) rank and dot routes it past the boxes in between.
void Nester::routeEdges() {
    routes_.resize(r_.edges.size());
    std::vector<int> commonOf(r_.edges.size());
    std::vector<int> sourceChain;
    for (std::size_t e = 0; e < r_.edges.size(); ++e) {
        const int u = r_.edges[e].from, v = r_.edges[e].to;
        sourceChain.clear();
        for (int c = clusterOf(u); c != -1; c = parentOf(c)) sourceChain.push_back(c);
        sourceChain.push_back(-1);
        int common = clusterOf(v);
        while (std::find(sourceChain.begin(), sourceChain.end(), common) == sourceChain.end())
            common = parentOf(common);
        commonOf[e] = common;
    }
    for (Piece& p : pieces_) {
        p.fedInside.assign(p.request.nodes.size(), 0);
        p.feedsInside.assign(p.request.nodes.size(), 0);
    }
    std::vector<int> across(r_.edges.size());
    for (std::size_t e = 0; e < r_.edges.size(); ++e) {
        const int common = commonOf[e];
        const int from = itemFor(common, r_.edges[e].from), to = itemFor(common, r_.edges[e].to);
        // Between two nodes of this piece the request's minimum length holds; into or out of a
        // child group's box, 1.
        const bool nodes = clusterOf(r_.edges[e].from) == common && clusterOf(r_.edges[e].to) == common;
        across[e] =
            pieceEdge(common, from, to, nodes ? r_.edges[e].minLength : 1, !nodes || r_.edges[e].constraint);
        if (from != to) {
            piece(common).feedsInside[static_cast<std::size_t>(from)] = 1;
            piece(common).fedInside[static_cast<std::size_t>(to)] = 1;
        }
    }
    std::vector<int> targetChain;
    for (std::size_t e = 0; e < r_.edges.size(); ++e) {
        const int u = r_.edges[e].from, v = r_.edges[e].to, common = commonOf[e];
        auto& route = routes_[e];
        for (int c = clusterOf(u); c != common; c = parentOf(c)) route.push_back(leave(c, u));
        route.push_back(Hop{Hop::Kind::Spline, common, across[e]});
        targetChain.clear();
        for (int c = clusterOf(v); c != common; c = parentOf(c)) targetChain.push_back(c);
        for (auto it = targetChain.rbegin(); it != targetChain.rend(); ++it)
            route.push_back(enter(*it, u, v));
    }
}

Hop Nester::leave(int cluster, int source) {
    const int item = itemFor(cluster, source);
    Piece& p = piece(cluster);
    LayoutNode& box = p.request.nodes[static_cast<std::size_t>(item)];
    if (!p.feedsInside[static_cast<std::size_t>(item)] && !p.transient[static_cast<std::size_t>(item)] &&
        box.rank != RankHint::First) {
        box.rank = RankHint::Last;
        return Hop{Hop::Kind::Leave, cluster, item};
    }
    return Hop{Hop::Kind::Spline, cluster, pieceEdge(cluster, item, port(cluster, source, false))};
}

Hop Nester::enter(int cluster, int source, int target) {
    const int item = itemFor(cluster, target);
    Piece& p = piece(cluster);
    LayoutNode& box = p.request.nodes[static_cast<std::size_t>(item)];
    if (!p.fedInside[static_cast<std::size_t>(item)] && !p.transient[static_cast<std::size_t>(item)] &&
        box.rank != RankHint::Last) {
        box.rank = RankHint::First;
        return Hop{Hop::Kind::Enter, cluster, item};
    }
    return Hop{Hop::Kind::Spline, cluster, pieceEdge(cluster, port(cluster, source, true), item)};
}

// Innermost groups first, so that each group's box has its size before its parent is laid out.
bool Nester::layOutPieces(const PieceLayout& layoutPiece, LayoutResult& out) {
    std::vector<int> order;
    for (std::size_t c = 0; c < r_.clusters.size(); ++c)
        if (!piece(static_cast<int>(c)).request.nodes.empty()) order.push_back(static_cast<int>(c));
    std::stable_sort(order.begin(), order.end(), [this](int a, int b) { return depth_[a] > depth_[b]; });
    order.push_back(-1);
    frameSize_.assign(r_.clusters.size(), QSizeF());
    inner_.assign(r_.clusters.size(), QRectF());
    // A group on its parent's main path is centred on its own, so that the paths of a column of
    // groups line up; the others keep their own bounds (centring widens a box).
    onParentPath_.assign(r_.clusters.size(), 0);
    for (int parent : order) {
        const Piece& p = piece(parent);
        for (int item : mainPath(p.request))
            for (const auto& [child, box] : p.itemOfCluster)
                if (box == item) onParentPath_[static_cast<std::size_t>(child)] = 1;
    }
    for (int c : order) {
        Piece& p = piece(c);
        p.request.leftToRight = r_.leftToRight;
        p.request.cacheKey = contentKey(p.request);
        p.layout = layoutPiece(p.request);
        if (!p.layout || !p.layout->ok) {
            out.error = p.layout ? p.layout->error : QString();
            return false;
        }
        out.dummyNodes += p.layout->dummyNodes;
        out.routedAround += p.layout->routedAround;
        if (c == -1) break;
        const double titleWidth = kTitleCharWidth * r_.clusters[static_cast<std::size_t>(c)].label.size();
        const QRectF inner = onParentPath_[static_cast<std::size_t>(c)]
                                 ? centredOnAxis(*p.layout, r_.leftToRight)
                                 : p.layout->bounds;
        inner_[static_cast<std::size_t>(c)] = inner;
        const QSizeF frame(std::max(inner.width(), titleWidth) + 2 * kGroupMargin,
                           inner.height() + 2 * kGroupMargin + kGroupTitleHeight);
        frameSize_[static_cast<std::size_t>(c)] = frame;
        Piece& parent = piece(parentOf(c));
        LayoutNode& box = parent.request.nodes[static_cast<std::size_t>(parent.itemOfCluster.at(c))];
        box.width = frame.width();
        box.height = frame.height();
    }
    return true;
}

// Outermost first: a group's frame is where its parent put its box, its contents centred in it.
void Nester::placePieces(LayoutResult& out) {
    std::vector<int> order;
    for (std::size_t c = 0; c < r_.clusters.size(); ++c)
        if (piece(static_cast<int>(c)).layout) order.push_back(static_cast<int>(c));
    std::stable_sort(order.begin(), order.end(), [this](int a, int b) { return depth_[a] < depth_[b]; });
    piece(-1).offset = QPointF(0, 0);
    out.clusterRects.assign(r_.clusters.size(), QRectF());
    for (int c : order) {
        const Piece& parent = piece(parentOf(c));
        const QPointF centre =
            parent.offset + parent.layout->centers.at(static_cast<std::size_t>(parent.itemOfCluster.at(c)));
        const QSizeF size = frameSize_[static_cast<std::size_t>(c)];
        const QRectF frame(centre - QPointF(size.width() / 2, size.height() / 2), size);
        out.clusterRects[static_cast<std::size_t>(c)] = frame;
        Piece& p = piece(c);
        const QRectF inner = inner_[static_cast<std::size_t>(c)];
        const QPointF contentTopLeft(frame.left() + (frame.width() - inner.width()) / 2,
                                     frame.top() + kGroupMargin + kGroupTitleHeight);
        p.offset = contentTopLeft - inner.topLeft();
    }
    out.centers.resize(r_.nodes.size());
    for (std::size_t i = 0; i < r_.nodes.size(); ++i) {
        const Piece& p = piece(r_.nodes[i].cluster);
        out.centers[i] =
            p.offset + p.layout->centers.at(static_cast<std::size_t>(p.itemOfNode.at(static_cast<int>(i))));
    }
}

QPointF Nester::boxSide(const Piece& p, int item, bool exit) const {
    const LayoutNode& box = p.request.nodes[static_cast<std::size_t>(item)];
    const QPointF centre = p.offset + p.layout->centers.at(static_cast<std::size_t>(item));
    const double sign = exit ? 1.0 : -1.0;
    return r_.leftToRight ? centre + QPointF(sign * box.width / 2, 0)
                          : centre + QPointF(0, sign * box.height / 2);
}

// An edge's hops joined by straight lines: dot's splines inside each group and between group
// frames, straight stretches between a box on a group's first or last rank and the frame. The
// arrow is the last hop's: dot's, or one drawn onto the target's first-rank side.
void Nester::joinEdges(LayoutResult& out) const {
    out.edgeSplines.assign(r_.edges.size(), {});
    out.arrowTips.assign(r_.edges.size(), QPointF());
    for (std::size_t e = 0; e < r_.edges.size(); ++e) {
        std::vector<QPointF>& pts = out.edgeSplines[e];
        QPointF tip;  // where the drawing has got to (the last arrow's tip)
        bool started = false;
        auto lineTo = [&](QPointF to) {
            if (!started) {
                pts.push_back(to);
                started = true;
            } else if (pts.back() != to) {
                appendLine(pts, pts.back(), to);
            }
        };
        for (const Hop& hop : routes_[e]) {
            const Piece& p = pieces_[static_cast<std::size_t>(hop.cluster + 1)];
            if (started) lineTo(tip);  // through the last arrow's tip
            if (hop.kind == Hop::Kind::Leave) {
                if (!started) lineTo(boxSide(p, hop.index, true));  // else: already on the box's side
                tip = pts.back();
            } else if (hop.kind == Hop::Kind::Enter) {
                const QPointF side = boxSide(p, hop.index, false);
                const QPointF from = started ? pts.back() : side;
                const double length = std::hypot(side.x() - from.x(), side.y() - from.y());
                // The straight stretch ends an arrow's length short of the box: its head fills the rest.
                lineTo(length > kArrowLength ? side + (from - side) * (kArrowLength / length) : from);
                tip = side;
            } else {
                const auto index = static_cast<std::size_t>(hop.index);
                const std::vector<QPointF>& spline = p.layout->edgeSplines.at(index);
                if (spline.empty()) continue;
                lineTo(spline.front() + p.offset);
                for (std::size_t k = 1; k < spline.size(); ++k) pts.push_back(spline[k] + p.offset);
                tip = p.layout->arrowTips.at(index) + p.offset;
            }
        }
        if (pts.size() == 1) appendLine(pts, pts.front(), tip);  // only Leave/Enter hops
        out.arrowTips[e] = tip;
    }
}

LayoutResult Nester::run(const PieceLayout& layoutPiece) {
    LayoutResult out;
    collectItems();
    routeEdges();
    if (!layOutPieces(layoutPiece, out)) return out;
    placePieces(out);
    joinEdges(out);
    out.bounds = piece(-1).layout->bounds;
    out.axis = piece(-1).layout->axis;
    out.ok = true;
    return out;
}

}  // namespace

LayoutResult layoutNested(const LayoutRequest& request, const PieceLayout& layoutPiece) {
    return Nester(request).run(layoutPiece);
}

}  // namespace passscope::views

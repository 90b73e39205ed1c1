#include "layout/shared_values.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "layout/long_edges.h"

namespace passscope::views {

namespace {

// Ranks between a value and a reader that make the reader far: a value read a few ranks down
// (an activation's input read again by its Mul) is drawn; a dozen blocks down, it is a stub.
constexpr int kFarSpan = 4;

// Room a box keeps on each side for its stubs' tags.
constexpr double kStubRoom = kStubTagWidth + kStubArrow + 2;
constexpr double kStubTagGap = 2;  // between two tags stacked beside one box

// The boxes of each level of a request's groups, with the ranks of the edges between them.
class LevelBoxes {
  public:
    explicit LevelBoxes(const LayoutRequest& r) : r_(r), depth_(r.clusters.size(), 0) {
        for (size_t c = 0; c < r.clusters.size(); ++c)
            for (int p = r.clusters[c].parent; p != -1; p = r.clusters[static_cast<size_t>(p)].parent)
                ++depth_[c];
    }

    // The lowest group (-1: the top level) holding both nodes.
    int common(int a, int b) const {
        int x = clusterOf(a), y = clusterOf(b);
        while (x != y) {
            if (depth(x) >= depth(y))
                x = parentOf(x);
            else
                y = parentOf(y);
        }
        return x;
    }
    // The box standing for `node` at `level` (which holds it): the node itself (its index), or
    // the child group of `level` holding it (nodes.size() + the group's index).
    int boxAt(int level, int node) const {
        int below = -1;
        for (int c = clusterOf(node); c != level; c = parentOf(c)) below = c;
        return below == -1 ? node : static_cast<int>(r_.nodes.size()) + below;
    }

    void addEdge(int level, int fromBox, int toBox) {
        Level& l = levels_[level];
        l.graph.edges.push_back(LayoutEdge{local(l, fromBox), local(l, toBox)});
    }
    void rank() {
        for (auto& [level, l] : levels_) l.ranks = estimateRanks(l.graph);
    }
    int rankOf(int level, int box) const {
        const Level& l = levels_.at(level);
        return l.ranks[static_cast<size_t>(l.localOf.at(box))];
    }

  private:
    struct Level {
        std::unordered_map<int, int> localOf;
        LayoutRequest graph;
        std::vector<int> ranks;
    };
    int clusterOf(int node) const { return r_.nodes[static_cast<size_t>(node)].cluster; }
    int parentOf(int cluster) const { return r_.clusters[static_cast<size_t>(cluster)].parent; }
    int depth(int cluster) const { return cluster == -1 ? -1 : depth_[static_cast<size_t>(cluster)]; }
    static int local(Level& l, int box) {
        auto [it, added] = l.localOf.try_emplace(box, static_cast<int>(l.graph.nodes.size()));
        if (added) l.graph.nodes.push_back(LayoutNode{});
        return it->second;
    }

    const LayoutRequest& r_;
    std::vector<int> depth_;
    std::map<int, Level> levels_;
};

struct Reach {
    size_t edge = 0;
    int level = -1, box = 0, span = 0;
};

// A box whose every edge in (at its level) became a stub would float free of the drawing: dot
// ranks a box without predecessors at the top (a PP-OCRv4 rec's neck, fed only by the backbone's
// output that three far blocks read, stood beside the backbone's first layers). Its edge from the
// nearest source stays drawn.
void keepBoxesTied(LayoutRequest& request, const std::vector<Reach>& reach) {
    std::map<std::pair<int, int>, size_t> tie;  // (level, box) -> its nearest stub
    std::map<std::pair<int, int>, bool> drawnIn;
    for (size_t e = 0; e < request.edges.size(); ++e) {
        const LayoutEdge& edge = request.edges[e];
        if (edge.from == edge.to) continue;
        const std::pair<int, int> box{reach[e].level, reach[e].box};
        if (!edge.stub) {
            if (edge.constraint) drawnIn[box] = true;
            continue;
        }
        auto [it, added] = tie.try_emplace(box, e);
        if (!added && reach[e].span < reach[it->second].span) it->second = e;
    }
    for (const auto& [box, e] : tie)
        if (!drawnIn[box]) request.edges[e].stub = false;
}

}  // namespace

void markSharedValues(LayoutRequest& request) {
    LevelBoxes boxes(request);
    std::vector<Reach> reach(request.edges.size());
    std::vector<std::vector<size_t>> edgesFrom(request.nodes.size());
    for (size_t e = 0; e < request.edges.size(); ++e) {
        LayoutEdge& edge = request.edges[e];
        edge.stub = false;
        if (edge.from == edge.to) continue;
        Reach& r = reach[e];
        r.edge = e;
        r.level = boxes.common(edge.from, edge.to);
        r.box = boxes.boxAt(r.level, edge.to);
        boxes.addEdge(r.level, boxes.boxAt(r.level, edge.from), r.box);
        edgesFrom[static_cast<size_t>(edge.from)].push_back(e);
    }
    boxes.rank();
    for (size_t u = 0; u < request.nodes.size(); ++u) {
        std::vector<Reach> far;
        bool nearOne = false;
        for (size_t e : edgesFrom[u]) {
            Reach& r = reach[e];
            r.span = boxes.rankOf(r.level, r.box) -
                     boxes.rankOf(r.level, boxes.boxAt(r.level, static_cast<int>(u)));
            if (r.span < kFarSpan)
                nearOne = true;
            else
                far.push_back(r);
        }
        std::sort(far.begin(), far.end(), [](const Reach& a, const Reach& b) {
            return std::tie(a.span, a.level, a.box, a.edge) < std::tie(b.span, b.level, b.box, b.edge);
        });
        int farBoxes = 0;
        for (size_t i = 0; i < far.size(); ++i)
            if (i == 0 || far[i].level != far[i - 1].level || far[i].box != far[i - 1].box) ++farBoxes;
        if (farBoxes < 2) continue;
        for (const Reach& r : far) {
            // Without a near reader the nearest far one keeps its edges: the value stays tied to
            // where it is first used.
            const bool anchor = !nearOne && r.level == far.front().level && r.box == far.front().box;
            request.edges[r.edge].stub = !anchor;
        }
    }
    keepBoxesTied(request, reach);
}

LayoutRequest withoutStubs(const LayoutRequest& request, std::vector<int>& kept) {
    LayoutRequest out = request;
    out.edges.clear();
    kept.clear();
    std::vector<char> widened(request.nodes.size(), 0);
    for (size_t e = 0; e < request.edges.size(); ++e) {
        const LayoutEdge& edge = request.edges[e];
        if (!edge.stub) {
            out.edges.push_back(edge);
            kept.push_back(static_cast<int>(e));
        } else if (!widened[static_cast<size_t>(edge.to)]) {
            widened[static_cast<size_t>(edge.to)] = 1;
            out.nodes[static_cast<size_t>(edge.to)].width += 2 * kStubRoom;
        }
    }
    return out;
}

void placeStubs(const LayoutRequest& request, const std::vector<int>& kept, const LayoutResult& laidOut,
                LayoutResult& out) {
    out = laidOut;
    out.edgeSplines.assign(request.edges.size(), {});
    out.arrowTips.assign(request.edges.size(), QPointF());
    out.stubTags.assign(request.edges.size(), QRectF());
    for (size_t i = 0; i < kept.size(); ++i) {
        out.edgeSplines[static_cast<size_t>(kept[i])] = laidOut.edgeSplines.at(i);
        out.arrowTips[static_cast<size_t>(kept[i])] = laidOut.arrowTips.at(i);
    }
    std::vector<int> stacked(request.nodes.size(), 0);  // tags placed beside each box so far
    for (size_t e = 0; e < request.edges.size(); ++e) {
        const LayoutEdge& edge = request.edges[e];
        if (!edge.stub) continue;
        const LayoutNode& box = request.nodes[static_cast<size_t>(edge.to)];
        const QPointF centre = laidOut.centers.at(static_cast<size_t>(edge.to));
        const int slot = stacked[static_cast<size_t>(edge.to)]++;
        const double left = centre.x() - box.width / 2;
        const double y =
            centre.y() - box.height / 2 + kStubTagHeight / 2 + 1 + slot * (kStubTagHeight + kStubTagGap);
        out.stubTags[e] =
            QRectF(left - kStubArrow - kStubTagWidth, y - kStubTagHeight / 2, kStubTagWidth, kStubTagHeight);
        std::vector<QPointF>& pts = out.edgeSplines[e];
        appendLine(pts, QPointF(left - kStubArrow, y), QPointF(left - kArrowLength, y));
        out.arrowTips[e] = QPointF(left, y);
    }
}

}  // namespace passscope::views

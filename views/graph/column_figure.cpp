#include "column_figure.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "graph_scene.h"

namespace passscope::views {

namespace {

// The boxes of one level: index into `rects`.
struct Level {
    std::map<int, int> boxOf;  // plan item (>= 0) or -(cluster + 2) -> box
    std::vector<QRectF> rects;
    std::vector<std::vector<int>> next;
};

}  // namespace

ColumnFigure measureColumn(const GraphScene& scene) {
    ColumnFigure figure;
    const VisiblePlan& plan = scene.plan();
    if (!scene.diagram() || !scene.layout() || plan.items.empty()) return figure;
    const LayoutRequest& r = plan.request;
    auto parentOf = [&r](int cluster) { return r.clusters[static_cast<size_t>(cluster)].parent; };
    auto depthOf = [&](int cluster) {
        int depth = 0;
        for (int c = cluster; c != -1; c = parentOf(c)) ++depth;
        return depth;
    };
    // Where item `i` stands at `level` (which holds it): itself, or the open child group holding it.
    auto keyAt = [&](int level, int item) {
        int below = -1;
        for (int c = r.nodes[static_cast<size_t>(item)].cluster; c != level; c = parentOf(c)) below = c;
        return below == -1 ? item : -(below + 2);
    };
    auto commonOf = [&](int a, int b) {
        int x = r.nodes[static_cast<size_t>(a)].cluster, y = r.nodes[static_cast<size_t>(b)].cluster;
        while (x != y) {
            if (depthOf(x) >= depthOf(y))
                x = parentOf(x);
            else
                y = parentOf(y);
        }
        return x;
    };
    // The rectangle drawn for a key, null when the step shows nothing of it.
    auto rectOf = [&](int key) -> QRectF {
        if (key >= 0) {
            const QGraphicsItem* item = scene.planItem(static_cast<size_t>(key));
            return item && item->isVisible() ? item->sceneBoundingRect() : QRectF();
        }
        return scene.groupRect(plan.clusterGroup.at(static_cast<size_t>(-key - 2)));
    };
    std::map<int, Level> levels;
    auto boxIn = [&](Level& level, int key) {
        auto [it, added] = level.boxOf.try_emplace(key, static_cast<int>(level.rects.size()));
        if (added) {
            level.rects.push_back(rectOf(key));
            level.next.emplace_back();
        }
        return it->second;
    };
    for (const LayoutEdge& e : r.edges) {
        if (e.from == e.to) continue;
        const int level = commonOf(e.from, e.to);
        Level& l = levels[level];
        const int a = boxIn(l, keyAt(level, e.from)), b = boxIn(l, keyAt(level, e.to));
        if (!l.rects[static_cast<size_t>(a)].isNull() && !l.rects[static_cast<size_t>(b)].isNull())
            l.next[static_cast<size_t>(a)].push_back(b);
    }
    for (auto& [key, l] : levels) {
        // Longest path in boxes (Kahn's order; boxes on a cycle are left out), first box first.
        const size_t n = l.rects.size();
        std::vector<int> indegree(n, 0), length(n, 1), before(n, -1);
        for (const auto& out : l.next)
            for (int b : out) ++indegree[static_cast<size_t>(b)];
        std::vector<int> ready;
        for (size_t i = n; i-- > 0;)
            if (indegree[i] == 0) ready.push_back(static_cast<int>(i));
        int end = -1;
        while (!ready.empty()) {
            const int a = ready.back();
            ready.pop_back();
            const auto ua = static_cast<size_t>(a);
            if (l.rects[ua].isNull()) continue;
            if (end < 0 || length[ua] > length[static_cast<size_t>(end)]) end = a;
            for (int b : l.next[ua]) {
                const auto ub = static_cast<size_t>(b);
                // Of equally long ways in, the straightest: parallel branches (an Inception
                // split, an ASPP) are read down the one above their merge.
                const auto across = [&](int from) {
                    return std::abs(l.rects[static_cast<size_t>(from)].center().x() -
                                    l.rects[ub].center().x());
                };
                if (length[ua] + 1 > length[ub] ||
                    (length[ua] + 1 == length[ub] && before[ub] >= 0 && across(a) < across(before[ub]))) {
                    length[ub] = length[ua] + 1;
                    before[ub] = a;
                }
                if (--indegree[ub] == 0) ready.push_back(b);
            }
        }
        if (end < 0 || length[static_cast<size_t>(end)] < 2) continue;
        double left = 1e300, right = -1e300, widest = 0;
        for (int v = end; v >= 0; v = before[static_cast<size_t>(v)]) {
            const QRectF& box = l.rects[static_cast<size_t>(v)];
            left = std::min(left, box.center().x());
            right = std::max(right, box.center().x());
            widest = std::max(widest, box.width());
        }
        ++figure.levels;
        if (widest > 0) figure.column = std::max(figure.column, (right - left) / widest);
    }
    return figure;
}

QString describeColumn(const ColumnFigure& figure) {
    return QStringLiteral(", column %1").arg(figure.column, 0, 'f', 2);
}

}  // namespace passscope::views

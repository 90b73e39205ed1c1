#include "layout/main_path.h"

#include <algorithm>

#include "layout/long_edges.h"

namespace passscope::views {

std::vector<int> mainPath(const LayoutRequest& request) {
    const int n = static_cast<int>(request.nodes.size());
    if (n == 0) return {};
    const std::vector<int> rank = estimateRanks(request);
    std::vector<std::vector<int>> predecessors(static_cast<size_t>(n)), inputs(static_cast<size_t>(n));
    std::vector<int> readers(static_cast<size_t>(n), 0);
    for (size_t e = 0; e < request.edges.size(); ++e) {
        const LayoutEdge& edge = request.edges[e];
        if (edge.from == edge.to || !edge.constraint) continue;
        ++readers[static_cast<size_t>(edge.from)];
        if (rank[static_cast<size_t>(edge.from)] < rank[static_cast<size_t>(edge.to)])
            inputs[static_cast<size_t>(edge.to)].push_back(edge.from);
        // Only edges that go down one rank in the longest-path ranking continue a longest path
        // (a back edge of a cycle, or an edge dot may bend, does not).
        if (rank[static_cast<size_t>(edge.to)] == rank[static_cast<size_t>(edge.from)] + 1)
            predecessors[static_cast<size_t>(edge.to)].push_back(edge.from);
    }
    // How many nodes precede each on its longest chain from a source: the ranks above pull a
    // source down to just above its first reader (a label input beside a network's output), and
    // a path through it would miss the computation beside it.
    std::vector<int> byRank(static_cast<size_t>(n));
    for (int v = 0; v < n; ++v) byRank[static_cast<size_t>(v)] = v;
    std::stable_sort(byRank.begin(), byRank.end(), [&](int a, int b) {
        return rank[static_cast<size_t>(a)] < rank[static_cast<size_t>(b)];
    });
    std::vector<int> depth(static_cast<size_t>(n), 0);
    for (int v : byRank)
        for (int p : inputs[static_cast<size_t>(v)])
            depth[static_cast<size_t>(v)] =
                std::max(depth[static_cast<size_t>(v)], depth[static_cast<size_t>(p)] + 1);
    // Whether a is a better step of the path than b (both of equal rank).
    auto better = [&](int a, int b) {
        const auto ua = static_cast<size_t>(a), ub = static_cast<size_t>(b);
        if (depth[ua] != depth[ub]) return depth[ua] > depth[ub];
        if (readers[ua] != readers[ub]) return readers[ua] < readers[ub];
        return a < b;
    };
    // It ends at a box the drawing shows at its end (a chain a pass removes hangs beside the
    // boxes it feeds, visible_plan.cpp, and ends nowhere on the path).
    int end = -1;
    for (int v = 0; v < n; ++v) {
        if (request.nodes[static_cast<size_t>(v)].transient) continue;
        const auto uv = static_cast<size_t>(v), ue = static_cast<size_t>(end);
        if (end < 0 || rank[uv] > rank[ue] || (rank[uv] == rank[ue] && better(v, end))) end = v;
    }
    if (end < 0) end = 0;  // every box goes: any path will do
    std::vector<int> path{end};
    for (int v = end; !predecessors[static_cast<size_t>(v)].empty();) {
        int best = predecessors[static_cast<size_t>(v)].front();
        for (int p : predecessors[static_cast<size_t>(v)])
            if (better(p, best)) best = p;
        path.push_back(best);
        v = best;
    }
    return {path.rbegin(), path.rend()};
}

}  // namespace passscope::views

#pragma once
// Layout requests shaped like the graphs the graph view shows: a long chain of blocks, residual
// skips around most blocks, occasional fan-out into parallel branches that join again (attention's
// Q/K/V, inception), weight-like side inputs, and blocks grouped in nested name-scope clusters.
// Shared by the layout tests and passscope-bench-layout so both measure the same shapes.
#include <algorithm>
#include <random>
#include <vector>

#include <QString>

#include "layout/layout_types.h"

namespace passscope::testing {

inline views::LayoutRequest makeNnLayoutRequest(int nodeCount, unsigned seed = 1, bool clusters = true) {
    using views::LayoutRequest;
    LayoutRequest r;
    std::mt19937 rng(seed);
    auto chance = [&rng](int percent) { return static_cast<int>(rng() % 100) < percent; };
    auto between = [&rng](int lo, int hi) {
        return lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1));
    };

    int cluster = -1;
    auto addNode = [&](int inCluster) {
        views::LayoutNode n;
        n.width = between(60, 140);  // op boxes: type name plus a short output shape
        n.height = between(28, 36);
        n.cluster = inCluster;
        r.nodes.push_back(n);
        return static_cast<int>(r.nodes.size()) - 1;
    };
    auto addEdge = [&](int from, int to) { r.edges.push_back({from, to}); };
    // An op with a weight-like initializer feeding it now and then.
    auto addOp = [&](int input) {
        const int op = addNode(cluster);
        addEdge(input, op);
        if (chance(20)) addEdge(addNode(cluster), op);
        return op;
    };
    auto chain = [&](int input, int length) {
        for (int i = 0; i < length; ++i) input = addOp(input);
        return input;
    };

    int stage = -1;
    int current = addNode(-1);  // the graph input
    for (int block = 0; static_cast<int>(r.nodes.size()) < nodeCount; ++block) {
        if (clusters) {
            // Stages of four blocks at the top level, each block a cluster inside its stage.
            if (block % 4 == 0) {
                r.clusters.push_back({QStringLiteral("stage_%1").arg(block / 4), -1});
                stage = static_cast<int>(r.clusters.size()) - 1;
            }
            r.clusters.push_back({QStringLiteral("block_%1").arg(block), stage});
            cluster = static_cast<int>(r.clusters.size()) - 1;
        }
        const int input = current;
        const int kind = between(0, 99);
        if (kind < 60) {  // residual: a few ops, then Add(branch, input)
            const int out = chain(input, between(3, 6));
            const int add = addNode(cluster);
            addEdge(out, add);
            addEdge(input, add);
            current = add;
        } else if (kind < 85) {  // fan-out into 2-3 branches joined by a Concat
            std::vector<int> ends;
            for (int b = between(2, 3); b > 0; --b) ends.push_back(chain(input, between(1, 3)));
            const int concat = addNode(cluster);
            for (int end : ends) addEdge(end, concat);
            current = concat;
        } else {  // plain chain
            current = chain(input, between(2, 4));
        }
    }

    // Trim to the exact size: drop the overshoot of the last block and edges that touch it.
    r.nodes.resize(static_cast<std::size_t>(nodeCount));
    r.edges.erase(std::remove_if(r.edges.begin(), r.edges.end(),
                                 [nodeCount](const views::LayoutEdge& e) {
                                     return e.from >= nodeCount || e.to >= nodeCount;
                                 }),
                  r.edges.end());
    r.cacheKey = QStringLiteral("nn-%1-%2-%3").arg(nodeCount).arg(seed).arg(clusters ? 1 : 0);
    return r;
}

}  // namespace passscope::testing

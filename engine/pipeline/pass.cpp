#include "pipeline/pass.h"

#include <deque>
#include <unordered_set>

#include "pipeline/graph_verifier.h"
#include "pipeline/pipeline_error.h"

namespace passscope {

std::string_view familyName(PassFamily family) {
    switch (family) {
        case PassFamily::ConstantFolding:
            return "constant_folding";
        case PassFamily::Format:
            return "format";
        case PassFamily::Variable:
            return "variable";
        case PassFamily::Cleanup:
            return "cleanup";
    }
    return "unknown";
}

void PassContext::declareStatistics(const Pass& pass) {
    for (const StatisticInfo& s : pass.statistics()) stats_.declare(s);
}

void PassContext::notFolded(const Node& n, NotFoldedReason reason, std::string detail) {
    unfolded_[n.id()] = UnfoldedNode{scope_.graphPath, scope_.graphName, n.id(),           n.displayName(),
                                     n.opType(),       reason,           std::move(detail)};
}

std::vector<UnfoldedNode> PassContext::takeUnfolded() {
    std::vector<UnfoldedNode> out;
    out.reserve(unfolded_.size());
    for (auto& [id, u] : unfolded_) out.push_back(std::move(u));
    unfolded_.clear();
    std::sort(out.begin(), out.end(),
              [](const UnfoldedNode& a, const UnfoldedNode& b) { return a.node < b.node; });
    return out;
}

namespace {

std::string takeUnique(std::unordered_set<std::string>& names, std::unordered_map<std::string, int>& next,
                       const std::string& base) {
    std::string candidate = base;
    if (names.count(candidate)) {
        int& i = next.try_emplace(base, 1).first->second;
        do candidate = base + "_" + std::to_string(i++);
        while (names.count(candidate));
    }
    names.insert(candidate);
    return candidate;
}

}  // namespace

std::string PassContext::uniqueName(const Graph& g, const std::string& base) {
    // Names seen in this graph, collected once; removed names are never reused (harmless).
    auto [it, fresh] = names_.try_emplace(&g);
    TakenNames& taken = it->second;
    if (fresh)
        for (const Node* n : g.nodes()) taken.names.insert(n->name());
    return takeUnique(taken.names, taken.nextSuffix, base);
}

std::string PassContext::uniqueValueName(const Graph& g, const std::string& base) {
    auto [it, fresh] = valueNames_.try_emplace(&g);
    TakenNames& taken = it->second;
    if (fresh)
        for (const Node* n : g.nodes())
            for (const NodeOutput& o : n->outputs())
                if (!o.name.empty()) taken.names.insert(o.name);
    return takeUnique(taken.names, taken.nextSuffix, base);
}

bool Pass::enabled(const PipelineOptions& options) const {
    auto forced = options.passSwitches.find(name());
    if (forced != options.passSwitches.end()) return forced->second;
    if (static_cast<int>(options.level) < static_cast<int>(minLevel())) return false;
    for (const std::string& key : switchOptions())
        if (!options.switchOn(key)) return false;
    return true;
}

std::vector<NodeId> topologicalOrderOrThrow(const Graph& graph, const std::string& pass) {
    if (auto order = graph.topologicalOrder()) return std::move(*order);
    throw PassFailure(pass, "the graph has a cycle (" + describeCycle(graph, findCycle(graph)) + ")");
}

std::vector<NodeId> consumersOf(const Graph& g, NodeId node) {
    std::vector<NodeId> out;
    const Node* n = g.findNode(node);
    if (!n) return out;
    for (const NodeOutput& o : n->outputs())
        for (const Use& u : o.uses) out.push_back(u.node);
    return out;
}

bool NodePass::run(Graph& graph, PassContext& ctx) {
    const std::vector<NodeId> order = topologicalOrderOrThrow(graph, name());
    std::deque<NodeId> queue(order.begin(), order.end());
    std::unordered_set<NodeId> queued(order.begin(), order.end());
    bool changed = false;
    while (!queue.empty()) {
        if (ctx.cancelRequested()) return changed;  // stop between nodes; onFinishGraph would start new work
        NodeId id = queue.front();
        queue.pop_front();
        queued.erase(id);
        if (!graph.findNode(id)) continue;
        NodeResult r = runOnNode(graph, id, ctx);
        if (!r.changed) continue;
        changed = true;
        for (NodeId next : r.repass)
            if (graph.findNode(next) && queued.insert(next).second) queue.push_back(next);
    }
    changed |= onFinishGraph(graph, ctx);
    return changed;
}

}  // namespace passscope

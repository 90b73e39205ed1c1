#include "timeline/pipeline_series.h"

#include <algorithm>

#include "ir/op_types.h"
#include "runner/pipeline_result.h"

namespace passscope::views {
namespace {

// Nodes whose liveness or constant payload a step may have changed: the nodes it added or
// removed, and those whose "value" attribute it rewrote. Sorted and unique, so a node added and
// removed in one step is counted once.
std::vector<NodeId> touchedNodes(const JournalStep& step) {
    std::vector<NodeId> ids;
    for (const Change& c : step.changes) {
        if (!c.inMainGraph()) continue;  // a body's ids are not the main graph's
        if (const auto* a = std::get_if<change::NodeAdded>(&c))
            ids.push_back(a->node);
        else if (const auto* r = std::get_if<change::NodeRemoved>(&c))
            ids.push_back(r->snapshot->id());
        else if (const auto* v = std::get_if<change::AttributeChanged>(&c); v && v->name == op::attr::kValue)
            ids.push_back(v->node);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

// What `ids` contribute to both series in `graph` (absent nodes contribute nothing).
struct Contribution {
    size_t nodes = 0;
    uint64_t bytes = 0;
};

Contribution contributionOf(const Graph& graph, const std::vector<NodeId>& ids) {
    Contribution c;
    for (NodeId id : ids) {
        if (const Node* n = graph.findNode(id)) {
            ++c.nodes;
            c.bytes += constantPayloadBytes(*n);
        }
    }
    return c;
}

uint64_t totalConstantBytes(const Graph& graph) {
    uint64_t bytes = 0;
    graph.forEachNode([&](const Node& n) { bytes += constantPayloadBytes(n); });
    return bytes;
}

}  // namespace

uint64_t constantPayloadBytes(const Node& node) {
    if (!op::isConstant(node.opType(), node.domain())) return 0;
    const Tensor* t = node.attrTensor(op::attr::kValue);
    return t ? t->byteSize() : 0;
}

PipelineSeries computeSeries(const Journal& journal, const Graph& finalGraph) {
    const std::vector<JournalStep>& steps = journal.steps();
    PipelineSeries series;
    series.nodeCounts.resize(steps.size() + 1);
    series.constantBytes.resize(steps.size() + 1);

    // The cursor starts at the last position, so walking backwards needs no initial undo of the
    // whole journal: scan that one graph, then for each step re-read only what it touched on
    // both sides of it.
    JournalCursor cursor(journal, finalGraph);
    size_t nodes = cursor.graph().nodeCount();
    uint64_t bytes = totalConstantBytes(cursor.graph());
    series.nodeCounts[steps.size()] = nodes;
    series.constantBytes[steps.size()] = bytes;
    for (size_t k = steps.size(); k-- > 0;) {
        const std::vector<NodeId> ids = touchedNodes(steps[k]);
        const Contribution after = contributionOf(cursor.graph(), ids);
        cursor.moveTo(k);
        const Contribution before = contributionOf(cursor.graph(), ids);
        nodes = nodes - after.nodes + before.nodes;
        bytes = bytes - after.bytes + before.bytes;
        series.nodeCounts[k] = nodes;
        series.constantBytes[k] = bytes;
    }
    return series;
}

PipelineSeries computeSeries(const PipelineResult& result) {
    if (!result.optimized.graph) return {};
    return computeSeries(result.journal, *result.optimized.graph);
}

}  // namespace passscope::views

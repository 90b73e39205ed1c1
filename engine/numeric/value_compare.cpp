#include "numeric/value_compare.h"

#include <unordered_map>

#include "diff/graph_diff.h"
#include "diff/node_identity.h"
#include "ir/op_types.h"

namespace passscope::numeric {
namespace {

const Tensor* valueIn(const NodeValues* values, const ValueRef& r) {
    if (!values) return nullptr;
    auto it = values->find(r.node);
    return it == values->end() || r.output >= it->second.size() ? nullptr : &it->second[r.output];
}

// compareValues on one pair of graphs (the main graphs, or one body in both), appending.
void compareGraphValues(const Graph& before, const NodeValues* valuesBefore, const Graph& after,
                        const NodeValues* valuesAfter, double rtol, double atol, size_t limit,
                        const std::string& label, ValueComparison& result) {
    std::unordered_map<NodeId, NodeId> partner;  // id in after -> id in before
    for (const auto& [a, b] : diff::matchNodes(before, after).matched) partner[b] = a;
    auto order = after.topologicalOrder();
    if (!order) return;
    for (NodeId id : *order) {
        const Node& n = after.node(id);
        auto p = partner.find(id);
        if (p == partner.end() || n.opType() == op::kNetOutput) continue;
        const Node& was = before.node(p->second);
        if (was.outputs().size() != n.outputs().size()) continue;
        for (uint32_t i = 0; i < n.outputs().size(); ++i) {
            const Tensor* x = valueIn(valuesBefore, ValueRef{was.id(), i, 0});
            const Tensor* y = valueIn(valuesAfter, ValueRef{id, i, 0});
            if (!x || !y) continue;
            ++result.compared;
            const TensorComparison c = compareTensors(*x, *y, rtol, atol);
            if (c.equal) continue;
            ++result.divergingCount;
            if (result.diverging.size() < limit)
                result.diverging.push_back(ValueDivergence{label, n.output(i).name, diff::shownName(n),
                                                           diff::opLabel(n), c.maxAbsDiff, c.maxRelDiff,
                                                           c.detail});
        }
    }
}

// compareWithOriginal on one pair of graphs.
std::vector<ValueDistance> distancesIn(const Graph& original, const NodeValues* originalValues,
                                       const Graph& step, const NodeValues* stepValues, double rtol,
                                       double atol) {
    std::vector<ValueDistance> rows;
    auto order = step.topologicalOrder();
    if (!order) return rows;
    std::unordered_map<std::string, ValueRef> byName;  // the original's values by name
    original.forEachNode([&](const Node& n) {
        for (uint32_t i = 0; i < n.outputs().size(); ++i)
            if (!n.output(i).name.empty()) byName.emplace(n.output(i).name, ValueRef{n.id(), i, 0});
    });
    for (NodeId id : *order) {
        const Node& n = step.node(id);
        if (n.opType() == op::kNetOutput) continue;
        const Node* same = original.findNode(id);
        const bool sameNode = same && same->outputs().size() == n.outputs().size();
        for (uint32_t i = 0; i < n.outputs().size(); ++i) {
            ValueDistance row;
            row.value = ValueRef{id, i, 0};
            row.name = n.output(i).name;
            if (sameNode) {
                row.original = ValueRef{id, i, 0};
            } else if (auto it = byName.find(row.name); !row.name.empty() && it != byName.end()) {
                row.original = it->second;
            }
            const Tensor* x = row.original.valid() ? valueIn(originalValues, row.original) : nullptr;
            const Tensor* y = valueIn(stepValues, row.value);
            if (x && y) {
                row.compared = true;
                row.comparison = compareTensors(*x, *y, rtol, atol);
            }
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

void collectBodies(const Graph& g, std::vector<const Graph*>& out) {
    g.forEachNode([&](const Node& n) {
        for (const Graph* body : n.subgraphs())
            if (body) {
                out.push_back(body);
                collectBodies(*body, out);
            }
    });
}

}  // namespace

ValueComparison compareValues(const Graph& before, const StepValues& valuesBefore, const Graph& after,
                              const StepValues& valuesAfter, double rtol, double atol, size_t limit,
                              const GraphPath& body) {
    ValueComparison result;
    if (!body.empty()) {
        const Graph* b = resolvePath(before, body);
        const Graph* a = resolvePath(after, body);
        if (a && b)
            compareGraphValues(*b, valuesBefore.of(body), *a, valuesAfter.of(body), rtol, atol, limit,
                               describePath(after, body), result);
    }
    compareGraphValues(before, &valuesBefore.values, after, &valuesAfter.values, rtol, atol, limit, {},
                       result);
    return result;
}

std::vector<ValueDistance> compareWithOriginal(const Graph& original, const StepValues& originalValues,
                                               const Graph& step, const StepValues& stepValues, double rtol,
                                               double atol) {
    return distancesIn(original, &originalValues.values, step, &stepValues.values, rtol, atol);
}

std::vector<BodyDistances> compareBodiesWithOriginal(const Graph& original, const StepValues& originalValues,
                                                     const Graph& step, const StepValues& stepValues,
                                                     double rtol, double atol) {
    std::vector<const Graph*> bodies;
    collectBodies(step, bodies);
    std::vector<BodyDistances> out;
    for (const Graph* body : bodies) {
        BodyDistances d;
        d.path = pathOf(*body);
        const Graph* was = resolvePath(original, d.path);
        if (was) {
            d.rows = distancesIn(*was, originalValues.of(d.path), *body, stepValues.of(d.path), rtol, atol);
        } else {
            static const Graph kNoBody;
            d.rows = distancesIn(kNoBody, nullptr, *body, stepValues.of(d.path), rtol, atol);
        }
        out.push_back(std::move(d));
    }
    return out;
}

}  // namespace passscope::numeric

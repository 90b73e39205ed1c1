#include "numeric/value_compare.h"

#include <unordered_map>

#include "diff/graph_diff.h"
#include "diff/node_identity.h"
#include "ir/op_types.h"

namespace passscope::numeric {

ValueComparison compareValues(const Graph& before, const StepValues& valuesBefore, const Graph& after,
                              const StepValues& valuesAfter, double rtol, double atol, size_t limit) {
    ValueComparison result;
    std::unordered_map<NodeId, NodeId> partner;  // id in after -> id in before
    for (const auto& [a, b] : diff::matchNodes(before, after).matched) partner[b] = a;
    auto order = after.topologicalOrder();
    if (!order) return result;
    for (NodeId id : *order) {
        const Node& n = after.node(id);
        auto p = partner.find(id);
        if (p == partner.end() || n.opType() == op::kNetOutput) continue;
        const Node& was = before.node(p->second);
        if (was.outputs().size() != n.outputs().size()) continue;
        for (uint32_t i = 0; i < n.outputs().size(); ++i) {
            const Tensor* x = valuesBefore.value(ValueRef{was.id(), i, 0});
            const Tensor* y = valuesAfter.value(ValueRef{id, i, 0});
            if (!x || !y) continue;
            ++result.compared;
            const TensorComparison c = compareTensors(*x, *y, rtol, atol);
            if (c.equal) continue;
            ++result.divergingCount;
            if (result.diverging.size() < limit)
                result.diverging.push_back(ValueDivergence{n.output(i).name, diff::shownName(n),
                                                           diff::opLabel(n), c.maxAbsDiff, c.maxRelDiff,
                                                           c.detail});
        }
    }
    return result;
}

std::vector<ValueDistance> compareWithOriginal(const Graph& original, const StepValues& originalValues,
                                               const Graph& step, const StepValues& stepValues, double rtol,
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
            const Tensor* x = row.original.valid() ? originalValues.value(row.original) : nullptr;
            const Tensor* y = stepValues.value(row.value);
            if (x && y) {
                row.compared = true;
                row.comparison = compareTensors(*x, *y, rtol, atol);
            }
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

}  // namespace passscope::numeric

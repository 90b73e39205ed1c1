#include "numeric/value_compare.h"

#include <unordered_map>

#include "diff/graph_diff.h"
#include "diff/node_identity.h"
#include "exec/tensor_compare.h"
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

}  // namespace passscope::numeric

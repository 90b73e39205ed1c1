#include "passes/constant_folding/infer_value_range_pass.h"

#include <algorithm>

#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

constexpr size_t kMaxElementsInMemoryPriority = 25;  // gert::Shape::kMaxDimNum

}  // namespace

bool InferValueRangePass::run(Graph& g, PassContext& ctx) {
    value_range::Facts facts;
    bool changed = false;
    for (NodeId id : topologicalOrderOrThrow(g, name())) {
        if (ctx.cancelRequested()) return changed;
        const Node& n = g.node(id);
        // A constant's value is its range; control flow outputs are the bodies' business.
        if (op::isStructural(n.opType(), n.domain()) || folding::isConstantNode(n) || n.outputs().empty() ||
            !n.subgraphs().empty() || op::isPotentialConst(n))
            continue;
        const std::vector<value_range::InputFact> inputs = facts.inputsOf(g, n);
        const bool anyRange = std::any_of(inputs.begin(), inputs.end(), [](const value_range::InputFact& f) {
            return f.range.has_value();
        });
        if (!anyRange && !op::isShapeOp(n.opType(), n.domain())) continue;
        auto ranges = value_range::infer(n, ctx.opset(n.domain()), ctx.kernels(), inputs);
        for (size_t o = 0; o < ranges.size(); ++o) {
            if (!ranges[o]) continue;
            facts.record(id, o, *ranges[o]);
            const NodeOutput& out = n.output(o);
            // Recorded only where it describes the output as inference does, and says something.
            if (!ranges[o]->informative() || out.desc.dtype != ranges[o]->dtype) continue;
            if (auto dims = out.desc.originShape.extents(); !dims || *dims != ranges[o]->dims) continue;
            if (ctx.options().memoryPriority && ranges[o]->elements.size() > kMaxElementsInMemoryPriority)
                continue;
            std::vector<ValueBounds> bounds = ranges[o]->bounds();
            if (bounds == out.desc.valueRange) continue;
            TensorDesc desc = out.desc;
            desc.valueRange = std::move(bounds);
            g.setOutputDesc(id, o, std::move(desc));
            ctx.count(kRangesSet);
            changed = true;
        }
    }
    return changed;
}

}  // namespace passscope

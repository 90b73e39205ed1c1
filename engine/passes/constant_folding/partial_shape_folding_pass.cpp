#include "passes/constant_folding/partial_shape_folding_pass.h"

#include "ir/node_attributes.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

using value_range::InputFact;
using Origin = InputFact::Origin;

// A value computed from a range must agree with what inference says of the output.
bool agreesWithDesc(const TensorDesc& d, const Tensor& value) {
    if (d.kind != ValueKind::Tensor) return true;
    if (d.dtype != DataType::Undefined && d.dtype != value.dtype()) return false;
    if (!d.originShape.rankKnown()) return true;
    if (d.originShape.rank() != value.dims().size()) return false;
    for (size_t i = 0; i < value.dims().size(); ++i)
        if (d.originShape[i].isKnown() && d.originShape[i].value != value.dims()[i]) return false;
    return true;
}

// The symbolic dim behind the first element of `values` that is not a single value.
std::shared_ptr<const value_range::DimSource> symbolicDim(
    const std::optional<value_range::RangedValue>& value) {
    if (!value) return nullptr;
    for (const value_range::Element& e : value->elements)
        if (!e.bounds.known() && e.source) return e.source;
    return nullptr;
}

}  // namespace

bool PartialShapeFoldingPass::run(Graph& graph, PassContext& ctx) {
    facts_.clear();
    made_.clear();
    const bool changed = NodePass::run(graph, ctx);
    facts_.clear();
    made_.clear();
    return changed;
}

NodePass::NodeResult PartialShapeFoldingPass::take(Graph& g, NodeId id, std::vector<Tensor> values,
                                                   PassContext& ctx) {
    ctx.clearNotFolded(id);
    if (!needFold_) {
        // Mark only; PotentialConstTakenEffectPass folds it when the stage's traversal ends.
        folding::markPotentialConst(g, id, std::move(values), name());
        ctx.count(stat::kMarked);
        return {true, consumersOf(g, id)};
    }
    std::unordered_set<std::string> names;  // the Consts keep the outputs' value names
    for (const NodeOutput& o : g.node(id).outputs())
        if (!o.name.empty()) names.insert(o.name);
    std::vector<NodeId> repass = folding::replaceWithConstants(g, id, std::move(values), ctx);
    for (NodeId c : repass)
        if (const Node* consumer = g.findNode(c))
            for (const ValueRef& r : consumer->inputs())
                if (const NodeOutput* v = r.valid() && r.depth == 0 ? g.value(r) : nullptr;
                    v && names.count(v->name))
                    made_.insert(r.node);
    return {true, std::move(repass)};
}

NodePass::NodeResult PartialShapeFoldingPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (op::isStructural(n.opType(), n.domain()) || n.outputs().empty() || !n.subgraphs().empty()) return {};
    if (op::isPotentialConst(n)) return {};  // its weight is what consumers read (Facts)
    const bool shapeOp = op::isShapeOp(n.opType(), n.domain());
    const std::vector<InputFact> inputs = facts_.inputsOf(g, n);
    bool readsRange = false;        // some input is known by its range (not a constant)
    bool anyRange = false;          // some input has a range at all (small integer constants too)
    bool allExact = true;           // every input has a single possible value
    bool onlyUnknownRanges = true;  // every input not exact is at least ranged
    bool mine = false;              // some input is known only through a partially static shape
    for (const InputFact& f : inputs) {
        if (!f.present) continue;
        readsRange |= f.origin == Origin::Range;
        anyRange |= f.range.has_value();
        if (!f.tensor) {
            allExact = false;
            if (!f.range) onlyUnknownRanges = false;
        }
        // Constants, other passes' potential constants and what static shapes give are ordinary
        // folding's (ConstantFoldingPass, DimensionComputePass), with their provenance.
        mine |= (f.origin == Origin::Range && f.range && f.range->partial) ||
                (f.origin == Origin::PotentialConst && f.markedBy == name()) ||
                (f.origin == Origin::Constant && made_.count(f.producer));
    }
    const bool onlyConstants = !mine;
    if (!shapeOp && !anyRange && !(allExact && mine)) return {};
    if (op::doNotFold(n) || op::noNeedFolding(n))
        return {};  // its value must stay computed, and so must its consumers'
    const int64_t opset = ctx.opset(n.domain());

    // Every input known exactly, some of them only through ranges: the host kernel computes it.
    if (allExact && !onlyConstants && !shapeOp) {
        if (!folding::foldable(n, ctx)) return {};
        if (auto why = folding::storedInDeviceLayout(g, n)) {
            ctx.notFolded(n, NotFoldedReason::NoKernel, *why);
            return {};
        }
        kernels::KernelFn fn = ctx.kernels().find(n.domain(), n.opType(), opset);
        if (!fn) {
            ctx.notFolded(n, NotFoldedReason::NoKernel,
                          "no host kernel for " + n.opType() + " at opset " + std::to_string(opset));
            return {};
        }
        std::vector<std::optional<Tensor>> values;
        for (const InputFact& f : inputs) values.push_back(f.present ? f.tensor : std::nullopt);
        auto outputs = folding::evaluate(n, opset, fn, std::move(values), ctx);
        if (!outputs) return {};
        return take(g, id, std::move(*outputs), ctx);
    }

    std::vector<std::optional<value_range::RangedValue>> ranges =
        value_range::infer(n, opset, ctx.kernels(), inputs);
    bool allOutputsExact = true;
    for (size_t o = 0; o < ranges.size(); ++o) {
        if (ranges[o]) facts_.record(id, o, *ranges[o]);
        allOutputsExact = allOutputsExact && ranges[o] && ranges[o]->exact();
    }
    // A Shape with every dim static is DimensionComputePass's; a node of constants ConstantFoldingPass's.
    if (shapeOp || onlyConstants) return {};
    if (allOutputsExact) {
        if (!folding::foldable(n, ctx)) return {};
        std::vector<Tensor> values;
        for (size_t o = 0; o < ranges.size(); ++o) {
            Tensor t = value_range::toTensor(*ranges[o]);
            if (!agreesWithDesc(n.output(o).desc, t)) {
                ctx.notFolded(n, NotFoldedReason::ContradictsInference,
                              "output " + std::to_string(o) + ": its elements' ranges give " +
                                  std::string(dataTypeName(t.dtype())) +
                                  Shape::fromExtents(t.dims()).toString() +
                                  ", inference says something else");
                return {};
            }
            values.push_back(std::move(t));
        }
        return take(g, id, std::move(values), ctx);
    }
    // Why not: the symbolic dim it depends on, when nothing but dims stands in the way.
    if (!readsRange || !onlyUnknownRanges) return {};
    std::shared_ptr<const value_range::DimSource> dim;
    for (const auto& r : ranges)
        if (!dim) dim = symbolicDim(r);
    for (const InputFact& f : inputs)
        if (!dim && f.present && !f.tensor) dim = symbolicDim(f.range);
    if (dim) ctx.notFolded(n, NotFoldedReason::RuntimeInput, value_range::describe(*dim));
    return {};
}

}  // namespace passscope

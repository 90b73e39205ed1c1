#include "passes/cleanup/redundant_slice_remove_pass.h"

#include <limits>
#include <optional>

#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "kernels/tensor_util.h"
#include "passes/cleanup/pass_through.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

struct SliceParams {
    std::vector<int64_t> starts, ends, axes, steps;
};

std::vector<int64_t> intsAttr(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    if (!a || a->kind != AttrKind::Ints) return {};
    return std::get<std::vector<int64_t>>(a->value);
}

// The parameters, from attributes (opset 1) or constant inputs (opset 10+); nullopt with `why`
// set when an input is computed at run time.
std::optional<SliceParams> params(const Graph& g, const Node& n, std::string& why) {
    SliceParams p;
    if (n.hasAttr("starts")) {
        p.starts = intsAttr(n, "starts");
        p.ends = intsAttr(n, "ends");
        p.axes = intsAttr(n, "axes");
    } else {
        std::vector<int64_t>* slots[] = {&p.starts, &p.ends, &p.axes, &p.steps};
        for (size_t i = 1; i < n.inputs().size() && i <= 4; ++i) {
            if (!n.input(i).valid()) continue;
            const Tensor* t = folding::constantValue(g, n.input(i));
            if (!t) {
                const NodeOutput* v = g.value(n.input(i));
                why = "input " + std::to_string(i) + " ('" + (v ? v->name : std::string()) +
                      "') is computed at run time";
                return std::nullopt;
            }
            if (t->dtype() != DataType::Int64 && t->dtype() != DataType::Int32) return std::nullopt;
            *slots[i - 1] = kernels::toInt64s(*t);
        }
    }
    if (p.axes.empty())
        for (size_t i = 0; i < p.starts.size(); ++i) p.axes.push_back(static_cast<int64_t>(i));
    if (p.steps.empty()) p.steps.assign(p.starts.size(), 1);
    return p;
}

}  // namespace

NodePass::NodeResult RedundantSliceRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!op::isOnnxOp(n.opType(), n.domain(), "Slice") || n.inputs().empty() || n.outputs().size() != 1)
        return {};
    if (op::doNotFold(n)) return {};
    const NodeOutput* in = g.value(n.input(0));
    if (!in || in->desc.kind != ValueKind::Tensor || folding::constantValue(g, n.input(0)))
        return {};  // constant data: ConstantFoldingPass computes it
    std::string why;
    const std::optional<SliceParams> p = params(g, n, why);
    if (!p) {
        ctx.notFolded(n, NotFoldedReason::RuntimeInput, why);
        return {};
    }
    const size_t count = p->starts.size();
    if (p->ends.size() != count || p->axes.size() != count || p->steps.size() != count) return {};
    const Shape& shape = in->desc.originShape;
    for (size_t i = 0; i < count; ++i) {
        if (p->steps[i] != 1) return {};  // a stride or a reversal: not a copy
        int64_t axis = p->axes[i];
        if (axis < 0) {
            if (!shape.rankKnown()) return {};
            axis += static_cast<int64_t>(shape.rank());
        }
        if (shape.rankKnown() && (axis < 0 || axis >= static_cast<int64_t>(shape.rank()))) return {};
        const std::optional<int64_t> dim =
            shape.rankKnown() && shape[static_cast<size_t>(axis)].isKnown()
                ? std::optional<int64_t>(shape[static_cast<size_t>(axis)].value)
                : std::nullopt;
        const int64_t start = p->starts[i];
        const int64_t end = p->ends[i];
        // INT64_MAX is "to the end" whatever the dim (what exporters write); any other end, and a
        // negative start, need the dim (ONNX Slice clamps start+dim, end to [0, dim]).
        if (!dim) {
            if (start == 0 && end == std::numeric_limits<int64_t>::max()) continue;
            if (start == 0 || start < 0) {
                const std::string sym =
                    shape.rankKnown() ? shape[static_cast<size_t>(axis)].symbol : std::string();
                ctx.notFolded(n, NotFoldedReason::RuntimeInput,
                              "dim " + std::to_string(axis) + " of '" + in->name + "' is not static" +
                                  (sym.empty() ? std::string() : " ('" + sym + "')") + ": start " +
                                  std::to_string(start) + ", end " + std::to_string(end) +
                                  " may not cover it");
            }
            return {};
        }
        const int64_t s = start < 0 ? std::max<int64_t>(0, start + *dim) : start;
        if (s != 0 && *dim != 0) return {};
        if (end < *dim && *dim != 0) return {};  // a negative end cuts the tail too
    }
    const std::string refusal = passthrough::refusal(g, id, ctx);
    if (!refusal.empty()) {
        ctx.notFolded(n, NotFoldedReason::KeptByRule, "keeps its whole input, but " + refusal);
        return {};
    }
    std::vector<NodeId> repass = passthrough::takeOut(g, id, ctx);
    ctx.count(kRemoved);
    ctx.count(stat::kRemovedOps);
    return {true, repass};
}

}  // namespace passscope

#include "passes/cleanup/no_op_arithmetic_remove_pass.h"

#include <cmath>

#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "kernels/tensor_util.h"
#include "passes/cleanup/pass_through.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

// Every element of `c` leaves x unchanged under `op` with `c` on side `constSide`
// (docs/ge-constant-folding.md §14.2 on signed zeros).
bool neutral(const std::string& op, const Tensor& c) {
    if (c.elementCount() == 0) return false;
    if (isIntegerType(c.dtype())) {
        const int64_t want = (op == "Add" || op == "Sub") ? 0 : 1;
        for (int64_t v : kernels::toInt64s(c))
            if (v != want) return false;
        return true;
    }
    if (!isFloatingType(c.dtype())) return false;
    for (double v : kernels::toDoubles(c)) {
        if (op == "Add" && !(v == 0.0 && std::signbit(v))) return false;   // x + (-0.0) == x, even for -0.0
        if (op == "Sub" && !(v == 0.0 && !std::signbit(v))) return false;  // x - (+0.0) == x
        if ((op == "Mul" || op == "Div") && v != 1.0) return false;
    }
    return true;
}

// Broadcasting `c` against x gives x's shape: c has no more dims than x, and each of c's dims is 1
// or equals x's (static) dim. A scalar never adds a dim, whatever x's rank (PyTorch writes
// `x * 1.0` after attention MatMuls whose rank inference does not reach).
bool broadcastKeepsShape(const Shape& x, const std::vector<int64_t>& c) {
    if (c.empty()) return true;
    if (!x.rankKnown() || c.size() > x.rank()) return false;
    const size_t offset = x.rank() - c.size();
    for (size_t i = 0; i < c.size(); ++i) {
        if (c[i] == 1) continue;
        const Dim& d = x[offset + i];
        if (!d.isKnown() || d.value != c[i]) return false;
    }
    return true;
}

}  // namespace

NodePass::NodeResult NoOpArithmeticRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    const std::string& op = n.opType();
    if (!op::isOnnxDomain(n.domain()) || (op != "Add" && op != "Sub" && op != "Mul" && op != "Div"))
        return {};
    if (n.inputs().size() != 2 || n.outputs().size() != 1 || op::doNotFold(n)) return {};
    const bool commutative = op == "Add" || op == "Mul";
    for (size_t constSide : {size_t{1}, size_t{0}}) {
        if (constSide == 0 && !commutative) break;
        const size_t xSide = 1 - constSide;
        const Tensor* c = folding::constantValue(g, n.input(constSide));
        if (!c || folding::constantValue(g, n.input(xSide)) || !neutral(op, *c)) continue;
        const NodeOutput* x = g.value(n.input(xSide));
        if (!x || x->desc.kind != ValueKind::Tensor) return {};
        const TensorDesc& out = n.output(0).desc;
        if (x->desc.dtype != c->dtype() || (out.dtype != DataType::Undefined && out.dtype != x->desc.dtype))
            return {};
        if (!broadcastKeepsShape(x->desc.originShape, c->dims())) {
            ctx.notFolded(n, NotFoldedReason::KeptByRule,
                          "the neutral constant " + Shape::fromExtents(c->dims()).toString() +
                              " may broadcast '" + x->name + "' " + x->desc.originShape.toString() +
                              " to a larger shape");
            return {};
        }
        const std::string refusal = passthrough::refusal(g, id, ctx, xSide);
        if (!refusal.empty()) {
            ctx.notFolded(n, NotFoldedReason::KeptByRule, "a no-op, but " + refusal);
            return {};
        }
        std::vector<NodeId> repass = passthrough::takeOut(g, id, ctx, xSide);
        ctx.count(kRemoved);
        ctx.count(stat::kRemovedOps);
        return {true, repass};
    }
    return {};
}

}  // namespace passscope

#include "passes/constant_folding/reshape_target_folding_pass.h"

#include <limits>
#include <optional>

#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "kernels/tensor_util.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

const Node* producerHere(const Graph& g, const ValueRef& ref) {
    return ref.valid() && ref.depth == 0 ? g.producer(ref) : nullptr;
}

bool isOnnx(const Node* n, std::string_view op) {
    return n && op::isOnnxOp(n->opType(), n->domain(), op);
}

std::vector<int64_t> intsAttr(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    if (!a || a->kind != AttrKind::Ints) return {};
    return std::get<std::vector<int64_t>>(a->value);
}

// Skips Casts between integer types: a dim passes through int32 and back unchanged (dims above
// INT32_MAX aside, where the original graph computes garbage anyway).
ValueRef throughIntCasts(const Graph& g, ValueRef ref) {
    for (const Node* p = producerHere(g, ref); isOnnx(p, "Cast") && !p->inputs().empty();
         p = producerHere(g, ref)) {
        const int64_t to = p->attrInt("to", 0);
        const NodeOutput* in = g.value(p->input(0));
        const bool intIn = in && (in->desc.dtype == DataType::Int64 || in->desc.dtype == DataType::Int32);
        if (!intIn || (to != 6 && to != 7)) break;  // TensorProto INT32 = 6, INT64 = 7
        ref = p->input(0);
    }
    return ref;
}

// The constant integer parameter `name` of `n`: attribute (older opsets) or input `index`.
std::optional<std::vector<int64_t>> intParam(const Graph& g, const Node& n, std::string_view name,
                                             size_t index) {
    if (n.hasAttr(name)) return intsAttr(n, name);
    if (index >= n.inputs().size() || !n.input(index).valid()) return std::vector<int64_t>{};
    const Tensor* t = folding::constantValue(g, n.input(index));
    if (!t || (t->dtype() != DataType::Int64 && t->dtype() != DataType::Int32)) return std::nullopt;
    return kernels::toInt64s(*t);
}

// When `ref` is dim `i` of `x` read from Shape(x) as a 1-element tensor, i (>= 0).
std::optional<int64_t> shapeDimOf(const Graph& g, ValueRef ref, const ValueRef& x, int64_t rank) {
    ref = throughIntCasts(g, ref);
    const Node* p = producerHere(g, ref);
    bool unsqueezed = false;
    if (isOnnx(p, "Unsqueeze") && !p->inputs().empty()) {
        auto axes = intParam(g, *p, "axes", 1);
        if (!axes || axes->size() != 1 || ((*axes)[0] != 0 && (*axes)[0] != -1)) return std::nullopt;
        unsqueezed = true;
        ref = throughIntCasts(g, p->input(0));
        p = producerHere(g, ref);
    }
    std::optional<int64_t> index;
    ValueRef shapeRef;
    if (isOnnx(p, "Gather") && p->inputs().size() == 2) {
        if (p->attrInt("axis", 0) != 0) return std::nullopt;
        const Tensor* idx = folding::constantValue(g, p->input(1));
        // A 0-D index gives a scalar (Unsqueeze makes it 1-D); a [1] index gives a 1-D piece.
        if (!idx || (idx->dtype() != DataType::Int64 && idx->dtype() != DataType::Int32) ||
            idx->elementCount() != 1 || idx->dims().size() != (unsqueezed ? 0u : 1u))
            return std::nullopt;
        index = kernels::toInt64s(*idx)[0];
        shapeRef = p->input(0);
    } else if (isOnnx(p, "Slice") && !unsqueezed && !p->inputs().empty()) {
        auto starts = intParam(g, *p, "starts", 1);
        auto ends = intParam(g, *p, "ends", 2);
        auto axes = intParam(g, *p, "axes", 3);
        auto steps = intParam(g, *p, "steps", 4);
        if (!starts || !ends || !axes || !steps || starts->size() != 1 || ends->size() != 1)
            return std::nullopt;
        if (!axes->empty() && (axes->size() != 1 || ((*axes)[0] != 0 && (*axes)[0] != -1)))
            return std::nullopt;
        if (!steps->empty() && (steps->size() != 1 || (*steps)[0] != 1)) return std::nullopt;
        if (rank < 0) return std::nullopt;
        auto clamp = [rank](int64_t v) {
            if (v < 0) v = v < -rank ? 0 : v + rank;
            return std::min(v, rank);
        };
        const int64_t s = clamp((*starts)[0]);
        if (clamp((*ends)[0]) != s + 1) return std::nullopt;
        index = s;
        shapeRef = p->input(0);
    } else {
        return std::nullopt;
    }
    const Node* shape = producerHere(g, throughIntCasts(g, shapeRef));
    if (!isOnnx(shape, "Shape") || shape->inputs().empty() || !(shape->input(0) == x)) return std::nullopt;
    if (shape->attrInt("start", 0) != 0 || shape->hasAttr("end")) return std::nullopt;
    if (*index < 0) {
        if (rank < 0) return std::nullopt;
        *index += rank;
    }
    if (*index < 0 || (rank >= 0 && *index >= rank)) return std::nullopt;
    return index;
}

std::string valueName(const Graph& g, const ValueRef& ref) {
    const NodeOutput* v = g.value(ref);
    return v ? v->name : std::string();
}

}  // namespace

NodePass::NodeResult ReshapeTargetFoldingPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!isOnnx(&n, "Reshape") || n.inputs().size() != 2 || !n.input(1).valid()) return {};
    if (op::doNotFold(n) || folding::constantValue(g, n.input(1))) return {};
    const Node* concat = producerHere(g, n.input(1));
    if (!isOnnx(concat, "Concat") || (concat->attrInt("axis", 0) != 0 && concat->attrInt("axis", 0) != -1))
        return {};
    if (n.attrInt("allowzero", 0) != 0) {
        ctx.notFolded(n, NotFoldedReason::RuntimeInput,
                      "its target is computed at run time and allowzero=1: a 0 cannot mean 'copy the dim'");
        return {};
    }
    const ValueRef x = n.input(0);
    const NodeOutput* xv = g.value(x);
    const int64_t rank =
        xv && xv->desc.originShape.rankKnown() ? static_cast<int64_t>(xv->desc.originShape.rank()) : -1;

    std::vector<int64_t> target;
    std::optional<size_t> unknownAt;
    std::string unknownName;
    bool constantMinusOne = false;
    bool copied = false;
    for (const ValueRef& piece : concat->inputs()) {
        if (const Tensor* t = folding::constantValue(g, piece)) {
            if (t->dtype() != DataType::Int64) return {};  // not a valid Reshape target
            for (int64_t v : kernels::toInt64s(*t)) {
                constantMinusOne |= v == -1;
                target.push_back(v);
            }
            continue;
        }
        const std::optional<int64_t> dim = shapeDimOf(g, piece, x, rank);
        if (dim && *dim == static_cast<int64_t>(target.size())) {
            target.push_back(0);  // allowzero=0: 0 copies dim i of x, the value the chain reads
            copied = true;
            continue;
        }
        const NodeOutput* pv = g.value(piece);
        const std::optional<int64_t> elements = pv ? pv->desc.originShape.elementCount() : std::nullopt;
        if (!elements || *elements != 1) {
            ctx.notFolded(n, NotFoldedReason::RuntimeInput,
                          "target piece '" + valueName(g, piece) + "' has no known length of 1");
            return {};
        }
        if (unknownAt) {
            ctx.notFolded(n, NotFoldedReason::RuntimeInput,
                          "two target pieces are computed at run time: '" + unknownName + "' and '" +
                              valueName(g, piece) + "' (only one can become -1)");
            return {};
        }
        unknownAt = target.size();
        unknownName = valueName(g, piece);
        target.push_back(-1);
    }
    if (unknownAt && constantMinusOne) {
        ctx.notFolded(
            n, NotFoldedReason::RuntimeInput,
            "target piece '" + unknownName + "' is computed at run time and the target has a -1 already");
        return {};
    }
    if (!copied && !unknownAt) return {};  // all constant: ConstantFoldingPass computes the Concat
    const std::string base = n.name().empty() ? "Reshape" : n.name();
    const ValueRef shapeRef = folding::addInt64Const(g, ctx, base + "/target", target);
    g.setInput(id, 1, shapeRef);
    ctx.clearNotFolded(id);
    ctx.count(kFolded);
    ctx.count(stat::kConstBytesAdded, target.size() * sizeof(int64_t));
    return {true, {}};
}

}  // namespace passscope

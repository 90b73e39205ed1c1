#include "passes/cleanup/transpose_round_trip_remove_pass.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <set>

#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "kernels/tensor_util.h"
#include "passes/cleanup/pass_through.h"
#include "passes/constant_folding/folding.h"
#include "passes/format/trans_op_util.h"

namespace passscope {
namespace {

using Perm = std::vector<int64_t>;

// A region larger than this is left alone (the search is per Transpose, so it stays cheap).
constexpr size_t kMaxRegionNodes = 64;

// Ops whose output element i depends only on input elements at i (after broadcasting).
constexpr std::array<std::string_view, 46> kElementwiseOps = {
    "Abs",      "Neg",        "Relu",        "Sigmoid",
    "Tanh",     "Erf",        "Sqrt",        "Exp",
    "Log",      "Reciprocal", "Floor",       "Ceil",
    "Round",    "Sign",       "Not",         "Cast",
    "Softplus", "Softsign",   "HardSigmoid", "LeakyRelu",
    "Elu",      "Selu",       "Celu",        "HardSwish",
    "Sin",      "Cos",        "IsNaN",       "IsInf",
    "Identity", "Clip",       "Add",         "Sub",
    "Mul",      "Div",        "Pow",         "Max",
    "Min",      "Sum",        "Mean",        "Equal",
    "Less",     "Greater",    "LessOrEqual", "GreaterOrEqual",
    "And",      "Where"};
constexpr std::array<std::string_view, 9> kReduceOps = {"ReduceMean", "ReduceSum",       "ReduceMax",
                                                        "ReduceMin",  "ReduceProd",      "ReduceL1",
                                                        "ReduceL2",   "ReduceLogSumExp", "ReduceSumSquare"};

template <size_t N>
bool among(const std::array<std::string_view, N>& list, std::string_view type) {
    return std::find(list.begin(), list.end(), type) != list.end();
}

bool isReduce(const Node& n) {
    return op::isOnnxDomain(n.domain()) && among(kReduceOps, n.opType());
}

std::optional<Perm> permOf(const Graph& g, const Node& n) {
    if (!op::isOnnxOp(n.opType(), n.domain(), "Transpose") || !transop::plainSingleOutput(n))
        return std::nullopt;
    std::optional<Perm> p = transop::transposePerm(g, n);
    if (!p) return std::nullopt;
    std::vector<bool> seen(p->size(), false);
    for (int64_t v : *p) {
        if (v < 0 || v >= static_cast<int64_t>(p->size()) || seen[static_cast<size_t>(v)])
            return std::nullopt;
        seen[static_cast<size_t>(v)] = true;
    }
    return p;
}

Perm inverseOf(const Perm& p) {
    Perm inv(p.size());
    for (size_t i = 0; i < p.size(); ++i) inv[static_cast<size_t>(p[i])] = static_cast<int64_t>(i);
    return inv;
}

// Ops the region may hold: one output, no subgraph, elementwise, or a Reduce keeping its dims.
bool movable(const Node& n) {
    if (!op::isOnnxDomain(n.domain()) || n.outputs().size() != 1 || !n.subgraphs().empty()) return false;
    if (op::doNotFold(n) || n.output(0).desc.storageDiffers()) return false;
    if (among(kElementwiseOps, n.opType())) return true;
    return isReduce(n) && n.attrInt("keepdims", 1) == 1;
}

// The Reduce's axes input (opset 13 ReduceSum, opset 18 the others), read as axes, not as data.
bool isAxesInput(const Node& n, size_t i) {
    return isReduce(n) && i == 1;
}

struct Region {
    std::vector<NodeId> nodes;  // in the order found
    std::vector<NodeId> exits;  // the inverse Transposes
};

// The ops reached from T's output up to inverse Transposes, or nullopt when a path leaves
// otherwise or an op reads a run-time value from outside.
std::optional<Region> findRegion(const Graph& g, NodeId t, const Perm& inverse) {
    Region r;
    std::set<NodeId> inside, exits;
    std::vector<ValueRef> work{ValueRef{t, 0, 0}};
    while (!work.empty()) {
        const ValueRef v = work.back();
        work.pop_back();
        for (const Use& u : g.node(v.node).output(v.output).uses) {
            if (u.input == Use::kImplicit || u.node == g.netOutput()) return std::nullopt;
            const Node& c = g.node(u.node);
            if (isAxesInput(c, static_cast<size_t>(u.input))) return std::nullopt;
            if (std::optional<Perm> q = permOf(g, c); q && *q == inverse) {
                if (exits.insert(c.id()).second) r.exits.push_back(c.id());
                continue;
            }
            if (!movable(c)) return std::nullopt;
            if (!inside.insert(c.id()).second) continue;
            r.nodes.push_back(c.id());
            if (r.nodes.size() > kMaxRegionNodes) return std::nullopt;
            work.push_back(ValueRef{c.id(), 0, 0});
        }
    }
    if (r.exits.empty()) return std::nullopt;
    const size_t rank = inverse.size();
    for (NodeId id : r.nodes) {
        const Node& n = g.node(id);
        for (size_t i = 0; i < n.inputs().size(); ++i) {
            const ValueRef& in = n.input(i);
            if (!in.valid() || isAxesInput(n, i)) continue;
            if (in.depth == 0 && (in.node == t || inside.count(in.node))) continue;
            const Tensor* c = folding::constantValue(g, in);
            if (!c || c->dims().size() > rank || c->dtype() == DataType::String) return std::nullopt;
        }
    }
    return r;
}

// Dims (or whatever is indexed by axis) of the transposed layout, read back in T's input layout:
// out[k] = in[inverse[k]].
template <class T>
std::vector<T> permuted(const std::vector<T>& in, const Perm& inverse) {
    std::vector<T> out(in.size());
    for (size_t k = 0; k < in.size(); ++k) out[k] = in[static_cast<size_t>(inverse[k])];
    return out;
}

// `c`, read in the transposed layout with numpy broadcasting, as the constant that broadcasts the
// same way in T's input layout: padded to full rank with leading 1s, then transposed by `inverse`.
// nullopt when it needs no change (a scalar, or all dims 1).
std::optional<Tensor> constantInInputLayout(const Tensor& c, const Perm& inverse) {
    const std::vector<int64_t>& dims = c.dims();
    if (std::all_of(dims.begin(), dims.end(), [](int64_t d) { return d == 1; })) return std::nullopt;
    std::vector<int64_t> full(inverse.size() - dims.size(), 1);
    full.insert(full.end(), dims.begin(), dims.end());
    const std::vector<int64_t> outDims = permuted(full, inverse);
    const size_t rank = full.size(), elem = elementSize(c.dtype());
    std::vector<int64_t> inStride(rank, 1);
    for (size_t k = rank; k-- > 1;) inStride[k - 1] = inStride[k] * full[k];
    const std::string_view src = c.buffer()->view();
    std::string bytes(src.size(), '\0');
    std::vector<int64_t> idx(rank, 0);  // index in the output
    const int64_t count = c.elementCount();
    for (int64_t o = 0; o < count; ++o) {
        int64_t from = 0;
        for (size_t k = 0; k < rank; ++k) from += idx[k] * inStride[static_cast<size_t>(inverse[k])];
        std::memcpy(bytes.data() + o * elem, src.data() + from * elem, elem);
        for (size_t k = rank; k-- > 0;) {
            if (++idx[k] < outDims[k]) break;
            idx[k] = 0;
        }
    }
    return Tensor(c.dtype(), outDims, std::make_shared<StringBuffer>(std::move(bytes)));
}

ValueRef addConst(Graph& g, PassContext& ctx, const std::string& base, Tensor value) {
    const NodeId id = g.addNode(std::string(op::kConst), "", ctx.uniqueName(g, base), 1).id();
    const std::string valueName = ctx.uniqueName(g, base + "_value");
    g.setOutputName(id, 0, valueName);
    value.setName(valueName);
    g.setOutputDesc(id, 0, TensorDesc::tensor(value.dtype(), Shape::fromExtents(value.dims())));
    g.setAttribute(id, Attribute::makeTensor(std::string(op::attr::kValue), std::move(value)));
    return ValueRef{id, 0, 0};
}

// A reduced axis a of the transposed layout is axis perm[a] of T's input.
std::vector<int64_t> axesInInputLayout(const std::vector<int64_t>& axes, const Perm& perm) {
    std::vector<int64_t> out;
    const auto rank = static_cast<int64_t>(perm.size());
    for (int64_t a : axes) out.push_back(perm[static_cast<size_t>(a < 0 ? a + rank : a)]);
    std::sort(out.begin(), out.end());
    return out;
}

bool axesValid(const std::vector<int64_t>& axes, size_t rank) {
    const auto r = static_cast<int64_t>(rank);
    return std::all_of(axes.begin(), axes.end(), [&](int64_t a) { return a >= -r && a < r; });
}

// Moves one region node to T's input layout; false (nothing changed) when its axes cannot be read.
bool checkAxes(const Graph& g, const Node& n, size_t rank) {
    if (!isReduce(n)) return true;
    if (const Attribute* a = n.findAttr("axes")) {
        const auto* v = std::get_if<std::vector<int64_t>>(&a->value);
        return v && axesValid(*v, rank);
    }
    if (n.inputs().size() < 2 || !n.input(1).valid()) return true;  // every axis (or none)
    const Tensor* t = folding::constantValue(g, n.input(1));
    return t && axesValid(kernels::toInt64s(*t), rank);
}

void moveNode(Graph& g, PassContext& ctx, NodeId id, const ValueRef& tOut, const ValueRef& src,
              const Format srcFormat, const Perm& perm, const Perm& inverse) {
    const Node& n = g.node(id);
    for (size_t i = 0; i < n.inputs().size(); ++i) {
        const ValueRef in = g.node(id).input(i);
        if (!in.valid()) continue;
        if (in == tOut) {
            g.setInput(id, i, src);
        } else if (isAxesInput(g.node(id), i)) {
            const std::vector<int64_t> axes = kernels::toInt64s(*folding::constantValue(g, in));
            g.setInput(id, i,
                       folding::addInt64Const(g, ctx, n.name() + "/axes", axesInInputLayout(axes, perm)));
            folding::deleteIfOrphanConstant(g, in.node, ctx);
        } else if (const Tensor* c = folding::constantValue(g, in)) {
            if (std::optional<Tensor> moved = constantInInputLayout(*c, inverse)) {
                g.setInput(id, i,
                           addConst(g, ctx, g.node(in.node).name() + "_untransposed", std::move(*moved)));
                folding::deleteIfOrphanConstant(g, in.node, ctx);
            }
        }
    }
    const Node& after = g.node(id);
    if (const Attribute* a = after.findAttr("axes"); a && isReduce(after)) {
        const auto axes = axesInInputLayout(std::get<std::vector<int64_t>>(a->value), perm);
        g.setAttribute(id, Attribute::makeInts("axes", axes));
    }
    TensorDesc desc = after.output(0).desc;
    // The value is laid out as T's input now (an NHWC region of an NCHW tensor is NCHW again).
    desc.originFormat = desc.storageFormat = srcFormat;
    if (desc.originShape.rankKnown() && desc.originShape.rank() == perm.size()) {
        desc.originShape = Shape(permuted(desc.originShape.dims(), inverse));
        desc.storageShape = desc.originShape;
    } else {
        desc.originShape = desc.storageShape = Shape();
    }
    desc.valueRange.clear();  // per element in the transposed order: not this layout's
    g.setOutputDesc(id, 0, std::move(desc));
}

bool givesGraphOutput(const Graph& g, NodeId id) {
    for (const Use& u : g.node(id).output(0).uses)
        if (u.node == g.netOutput()) return true;
    return false;
}

// Rule 2: Shape(Transpose(x, p)) is Gather(Shape(x), p). Only plain Shapes (no start/end).
bool onlyShapesRead(const Graph& g, NodeId t) {
    const auto& uses = g.node(t).output(0).uses;
    if (uses.empty()) return false;
    for (const Use& u : uses) {
        if (u.input != 0 || u.node == g.netOutput()) return false;
        const Node& s = g.node(u.node);
        if (!op::isOnnxOp(s.opType(), s.domain(), "Shape") || s.hasAttr("start") || s.hasAttr("end") ||
            givesGraphOutput(g, s.id()))
            return false;
    }
    return true;
}

std::vector<NodeId> shapeOfSource(Graph& g, PassContext& ctx, NodeId t, const Perm& perm) {
    const ValueRef src = g.node(t).input(0);
    std::vector<NodeId> repass;
    for (const Use& u : std::vector<Use>(g.node(t).output(0).uses)) {
        const NodeId s = u.node;
        const std::string base = g.node(s).name().empty() ? g.node(s).output(0).name : g.node(s).name();
        const NodeId gather = g.addNode("Gather", "", ctx.uniqueName(g, base + "/permuted"), 1).id();
        g.setOutputName(gather, 0, ctx.uniqueName(g, g.node(s).output(0).name + "_permuted"));
        g.setOutputDesc(gather, 0, g.node(s).output(0).desc);
        g.setAttribute(gather, Attribute::makeInt("axis", 0));
        g.replaceAllUses(ValueRef{s, 0, 0}, ValueRef{gather, 0, 0});
        g.addInput(gather, ValueRef{s, 0, 0});
        g.addInput(gather, folding::addInt64Const(g, ctx, base + "/perm", perm));
        g.setInput(s, 0, src);
        // Its elements are now in x's order: a value range recorded for the old order would lie to
        // PartialShapeFoldingPass until shapes are inferred again.
        TensorDesc desc = g.node(s).output(0).desc;
        desc.valueRange.clear();
        g.setOutputDesc(s, 0, std::move(desc));
        repass.push_back(gather);
    }
    transop::removeUnused(g, t);
    return repass;
}

}  // namespace

NodePass::NodeResult TransposeRoundTripRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& t = g.node(id);
    const std::optional<Perm> perm = permOf(g, t);
    if (!perm || op::doNotFold(t) || folding::constantValue(g, t.input(0)) ||
        t.output(0).desc.storageDiffers())
        return {};  // a constant input is ConstantFoldingPass's
    if (onlyShapesRead(g, id)) {
        ctx.count(kRemoved);
        return {true, shapeOfSource(g, ctx, id, *perm)};
    }
    const Perm inverse = inverseOf(*perm);
    const std::optional<Region> region = findRegion(g, id, inverse);
    if (!region) return {};
    for (NodeId n : region->nodes)
        if (!checkAxes(g, g.node(n), perm->size())) return {};
    for (NodeId e : region->exits)
        if (givesGraphOutput(g, e)) {
            ctx.notFolded(g.node(e), NotFoldedReason::KeptByRule,
                          "undoes '" + t.displayName() + "', but gives a graph output");
            return {};
        }
    const ValueRef tOut{id, 0, 0}, src = t.input(0);
    const Format srcFormat = transop::inputDesc(g, t, 0).originFormat;
    for (NodeId n : region->nodes) moveNode(g, ctx, n, tOut, src, srcFormat, *perm, inverse);
    std::vector<NodeId> repass;
    for (NodeId e : region->exits) {
        if (g.node(e).input(0) == tOut) g.setInput(e, 0, src);
        for (NodeId r : passthrough::takeOut(g, e, ctx, 0)) repass.push_back(r);
        ctx.count(kRemoved);
        ctx.count(stat::kRemovedOps);
    }
    transop::removeUnused(g, id);
    ctx.count(kRemoved);
    ctx.count(stat::kRemovedOps);
    repass.push_back(src.node);
    return {true, std::move(repass)};
}

}  // namespace passscope

#include "passes/constant_folding/zero_trip_loop_remove_pass.h"

#include <cstring>

#include "ir/buffer.h"
#include "ir/node_attributes.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "ir/value_text.h"
#include "passes/constant_folding/control_flow.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

constexpr size_t kTripCount = 0;
constexpr size_t kCondition = 1;
constexpr size_t kFirstCarried = 2;

// Whether the Loop `n` runs no iteration; else records why it is kept and returns false. ONNX
// Loop: `for (i = 0; i < M && cond; ++i)` with the condition read before the first iteration.
bool runsNoIteration(const Graph& g, const Node& n, PassContext& ctx) {
    std::string why;
    auto input = [&](size_t i) { return i < n.inputs().size() ? n.input(i) : ValueRef{}; };
    const ValueRef m = input(kTripCount), cond = input(kCondition);
    if (m.valid()) {
        if (const Tensor* t = folding::constantValue(g, m)) {
            if (t->dtype() == DataType::Int64 && t->elementCount() == 1 && t->rawData()) {
                int64_t trips = 0;
                std::memcpy(&trips, t->rawData(), sizeof trips);
                if (trips == 0) return true;
                why = "the trip count is " + std::to_string(trips);
            } else {
                why = "the trip count is not one int64";
            }
        } else {
            why = "the trip count " + controlflow::describeRuntimeValue(g, m);
        }
    } else {
        why = "there is no trip count";
    }
    if (cond.valid()) {
        if (const Tensor* t = folding::constantValue(g, cond)) {
            if (t->dtype() == DataType::Bool && t->elementCount() == 1 && t->rawData()) {
                if (t->rawData()[0] == 0) return true;
                why += " and the condition is true";
            } else {
                why += " and the condition is not one bool";
            }
        } else {
            why += " and the condition " + controlflow::describeRuntimeValue(g, cond);
        }
    } else {
        why += " and there is no condition";
    }
    ctx.notFolded(n, NotFoldedReason::RuntimeInput, why + ": the Loop may run");
    return false;
}

// The empty scan output of a Loop that ran no iteration: [0, per-iteration dims], or why its
// shape or type cannot be told. The per-iteration description comes from the body's output
// (its producer, else its declared type), else from the Loop's own output minus its first dim.
std::optional<Tensor> emptyScanOutput(const Graph& body, size_t bodyOutput, const TensorDesc& loopOut,
                                      std::string& why) {
    const Node& out = body.node(body.netOutput());
    std::vector<TensorDesc> candidates;
    if (const NodeOutput* v = body.value(out.input(bodyOutput))) candidates.push_back(v->desc);
    if (bodyOutput < out.inputDescs().size()) candidates.push_back(out.inputDescs()[bodyOutput]);
    if (loopOut.kind == ValueKind::Tensor && loopOut.originShape.rankKnown() &&
        loopOut.originShape.rank() > 0) {
        TensorDesc d = loopOut;
        d.originShape.dims().erase(d.originShape.dims().begin());
        candidates.push_back(d);
    }
    for (const TensorDesc& d : candidates) {
        if (d.kind != ValueKind::Tensor || d.dtype == DataType::Undefined || !d.originShape.isStatic())
            continue;
        std::vector<int64_t> dims{0};
        const std::vector<int64_t> extents = *d.originShape.extents();
        dims.insert(dims.end(), extents.begin(), extents.end());
        if (auto clash =
                descIncompatibility(TensorDesc::tensor(d.dtype, Shape::fromExtents(dims)), loopOut)) {
            why = *clash;
            return std::nullopt;
        }
        if (d.dtype == DataType::String) return Tensor(dims, {});
        return Tensor(d.dtype, dims, std::make_shared<StringBuffer>(std::string()));
    }
    why = "its per-iteration shape or type is not static";
    return std::nullopt;
}

}  // namespace

NodePass::NodeResult ZeroTripLoopRemovePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!op::isOnnxOp(n.opType(), n.domain(), "Loop")) return {};
    if (op::doNotFold(n)) {
        ctx.notFolded(n, NotFoldedReason::UserFlag, "_do_not_constant_folding is set");
        return {};
    }
    if (!runsNoIteration(g, n, ctx)) return {};
    const Attribute* attr = n.findAttr("body");
    const Graph* body = attr && attr->graphs().size() == 1 ? attr->graphs().front() : nullptr;
    if (n.inputs().size() < kFirstCarried || !body || !body->findNode(body->netOutput())) {
        ctx.notFolded(n, NotFoldedReason::KernelRefused, "the Loop is malformed (inputs or body missing)");
        return {};
    }
    const size_t carried = n.inputs().size() - kFirstCarried;
    if (n.outputs().size() < carried ||
        body->node(body->netOutput()).inputs().size() != 1 + n.outputs().size()) {
        ctx.notFolded(n, NotFoldedReason::KernelRefused, "the Loop's outputs do not match its body's");
        return {};
    }
    // What each output becomes: the initial value, or an empty scan output.
    std::vector<ValueRef> initial;
    for (size_t j = 0; j < carried; ++j) {
        const ValueRef v = n.input(kFirstCarried + j);
        const NodeOutput* value = v.valid() ? g.value(v) : nullptr;
        std::optional<std::string> clash = value ? descIncompatibility(value->desc, n.output(j).desc)
                                                 : std::string("it has no initial value");
        if (clash) {
            ctx.notFolded(n, NotFoldedReason::ContradictsInference,
                          "loop-carried output " + std::to_string(j) + ": " + *clash);
            return {};
        }
        initial.push_back(v);
    }
    std::vector<Tensor> empties;
    for (size_t k = carried; k < n.outputs().size(); ++k) {
        std::string why;
        std::optional<Tensor> t = emptyScanOutput(*body, 1 + k, n.output(k).desc, why);
        if (!t) {
            ctx.notFolded(n, NotFoldedReason::ContradictsInference,
                          "scan output " + std::to_string(k - carried) + ": " + why);
            return {};
        }
        empties.push_back(std::move(*t));
    }

    std::vector<NodeId> repass = consumersOf(g, id);
    std::vector<NodeId> made;
    const std::string base = n.name().empty() ? n.opType() : n.name();
    for (size_t k = carried; k < n.outputs().size(); ++k) {
        if (g.node(id).output(k).uses.empty()) continue;
        Tensor value = std::move(empties[k - carried]);
        const std::string valueName = g.node(id).output(k).name;
        value.setName(valueName);
        TensorDesc desc = TensorDesc::tensor(value.dtype(), Shape::fromExtents(value.dims()));
        Node& c = g.addNode(std::string(op::kConst), "",
                            ctx.uniqueName(g, base + "_scan" + std::to_string(k - carried) + "/empty"), 1);
        const NodeId cid = c.id();
        made.push_back(cid);
        g.setAttribute(cid, Attribute::makeTensor(std::string(op::attr::kValue), std::move(value)));
        g.setAttribute(cid, Attribute::makeInt(std::string(op::attr::kIsFromConstantFolding), 1));
        g.setAttribute(cid, Attribute{std::string(op::attr::kFoldedFrom),
                                      AttrKind::Strings,
                                      std::vector<std::string>{g.node(id).displayName()},
                                      {},
                                      {}});
        g.setOutputName(id, k, "");  // the value's name moves to the constant
        g.setOutputName(cid, 0, valueName);
        g.setOutputDesc(cid, 0, std::move(desc));
        g.replaceAllUses(ValueRef{id, static_cast<uint32_t>(k), 0}, ValueRef{cid, 0, 0});
    }
    for (size_t j = 0; j < carried; ++j)
        g.replaceAllUses(ValueRef{id, static_cast<uint32_t>(j), 0}, initial[j]);
    // Whatever had to wait for the Loop waits for what replaced it; with nothing made, for what it waited
    // for.
    for (NodeId to : std::vector<NodeId>(g.node(id).controlOutputs())) {
        for (NodeId from : made) g.addControlEdge(from, to);
        if (made.empty())
            for (NodeId from : g.node(id).controlInputs())
                if (from != to) g.addControlEdge(from, to);
    }
    std::vector<ValueRef> params{g.node(id).input(kTripCount), g.node(id).input(kCondition)};
    ctx.clearNotFolded(id);
    g.removeNode(id);
    for (const ValueRef& p : params)
        if (p.valid() && p.depth == 0) folding::deleteIfOrphanConstant(g, p.node, ctx);
    ctx.count(kLoopsRemoved);
    ctx.count(stat::kRemovedOps);
    return {true, repass};
}

}  // namespace passscope

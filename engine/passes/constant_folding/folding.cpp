#include "passes/constant_folding/folding.h"

#include <set>

#include "ir/op_traits.h"
#include "ir/op_types.h"

namespace passscope::folding {
namespace {

constexpr size_t kMaxProvenance = 64;

std::vector<std::string> stringsAttr(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    if (!a) return {};
    if (const auto* v = std::get_if<std::vector<std::string>>(&a->value)) return *v;
    return {};
}


}  // namespace

bool isConstantNode(const Node& n) { return op::isConstant(n.opType(), n.domain()) && n.attrTensor(op::attr::kValue); }

const Tensor* constantValue(const Graph& g, const ValueRef& ref) {
    const Node* p = g.producer(ref);
    return p && isConstantNode(*p) ? p->attrTensor(op::attr::kValue) : nullptr;
}

std::optional<std::vector<std::optional<Tensor>>> constantInputs(const Graph& g, const Node& n, PassContext& ctx) {
    std::vector<std::optional<Tensor>> values;
    for (size_t i = 0; i < n.inputs().size(); ++i) {
        const ValueRef& r = n.input(i);
        if (!r.valid()) {
            values.emplace_back();
            continue;
        }
        const Tensor* t = constantValue(g, r);
        if (!t) {
            const Node* p = g.producer(r);
            const NodeOutput* v = g.value(r);
            std::string detail = "input " + std::to_string(i) + " ('" + (v ? v->name : std::string()) + "') is computed at run time";
            if (p) {
                if (p->opType() == op::kData && p->domain().empty())
                    detail += p->hasAttr(op::attr::kOverridable) ? " (an initializer that callers may override)" : " (graph input)";
                else
                    detail += " by '" + p->displayName() + "' (" + p->opType() + ")";
            }
            ctx.notFolded(n, isPotentialConst(n) ? NotFoldedReason::PotentialConst : NotFoldedReason::RuntimeInput, detail);
            return std::nullopt;
        }
        values.emplace_back(*t);
    }
    return values;
}

bool foldable(const Node& n, PassContext& ctx) {
    if (n.attrInt(op::attr::kDoNotConstantFolding, 0) != 0) {
        ctx.notFolded(n, NotFoldedReason::UserFlag, "_do_not_constant_folding is set");
        return false;
    }
    if (n.attrInt(op::attr::kNoNeedConstantFolding, 0) != 0) {
        ctx.notFolded(n, NotFoldedReason::NoNeedFlag, "no_need_constant_folding is set");
        return false;
    }
    if (!n.subgraphs().empty()) {
        ctx.notFolded(n, NotFoldedReason::OwnsSubgraph, n.opType() + " owns a subgraph; its body is optimized instead");
        return false;
    }
    if (op::isRandom(n.opType(), n.domain())) {
        ctx.notFolded(n, NotFoldedReason::NonDeterministic, n.opType() + " is random");
        return false;
    }
    if (op::touchesState(n.opType(), n.domain())) {
        ctx.notFolded(n, NotFoldedReason::SideEffect, n.opType() + " writes a variable");
        return false;
    }
    if (!op::isStandardDomain(n.domain()) && n.domain() != op::kGeDomain) {
        ctx.notFolded(n, NotFoldedReason::UnknownDomain, "domain '" + n.domain() + "' is not known to the engine");
        return false;
    }
    return true;
}

void deleteIfOrphanConstant(Graph& g, NodeId id, PassContext& ctx) {
    const Node* n = g.findNode(id);
    if (!n) return;
    const bool isConst = isConstantNode(*n) || (n->opType() == "Constant" && op::isStandardDomain(n->domain()));
    if (!isConst) return;
    for (const NodeOutput& o : n->outputs())
        if (!o.uses.empty()) return;
    if (std::find(g.inputs().begin(), g.inputs().end(), id) != g.inputs().end()) return;
    if (const Tensor* t = n->attrTensor(op::attr::kValue)) ctx.count(stat::kConstBytesRemoved, t->byteSize());
    if (!op::isStructural(n->opType(), n->domain())) ctx.count(stat::kRemovedOps);
    g.removeNode(id);
}

std::vector<NodeId> replaceWithConstants(Graph& g, NodeId id, std::vector<Tensor> values, PassContext& ctx) {
    const Node& n = g.node(id);
    // Provenance: this node plus whatever its constant inputs were folded from.
    std::vector<std::string> provenance{n.displayName()};
    std::set<std::string> seen{n.displayName()};
    std::vector<NodeId> inputProducers;
    for (const ValueRef& r : n.inputs()) {
        const Node* p = g.producer(r);
        if (!p || r.depth != 0) continue;
        inputProducers.push_back(p->id());
        for (const std::string& s : stringsAttr(*p, kFoldedFrom))
            if (provenance.size() < kMaxProvenance && seen.insert(s).second) provenance.push_back(s);
    }
    const std::string baseName = n.name().empty() ? n.opType() : n.name();
    const std::vector<NodeId> controlIn = n.controlInputs();
    const std::vector<NodeId> controlOut = n.controlOutputs();
    std::vector<NodeId> repass;
    for (size_t i = 0; i < values.size() && i < g.node(id).outputs().size(); ++i) {
        const NodeOutput& out = g.node(id).output(i);
        if (out.uses.empty()) continue;  // nobody reads it: no constant needed
        const std::string valueName = out.name;
        TensorDesc desc = out.desc;
        Tensor value = std::move(values[i]);
        value.setName(valueName);
        const bool storageFollows = !desc.hasType() || !desc.storageDiffers();
        desc.kind = ValueKind::Tensor;
        desc.dtype = value.dtype();
        desc.originShape = Shape::fromExtents(value.dims());
        if (storageFollows) desc.storageShape = desc.originShape;

        const std::string name = ctx.uniqueName(g, baseName + (values.size() > 1 ? "_" + std::to_string(i) : "") + "/folded");
        Node& c = g.addNode(std::string(op::kConst), "", name, 1);
        const NodeId cid = c.id();
        ctx.count(stat::kConstBytesAdded, value.byteSize());
        g.setAttribute(cid, Attribute::makeTensor(std::string(op::attr::kValue), std::move(value)));
        g.setAttribute(cid, Attribute::makeInt(std::string(op::attr::kIsFromConstantFolding), 1));
        g.setAttribute(cid, Attribute{std::string(kFoldedFrom), AttrKind::Strings, provenance, {}, {}});
        g.setOutputName(id, i, "");  // the value's name moves to the constant
        g.setOutputName(cid, 0, valueName);
        g.setOutputDesc(cid, 0, std::move(desc));
        for (NodeId from : controlIn) g.addControlEdge(from, cid);
        for (NodeId to : controlOut) g.addControlEdge(cid, to);
        for (const Use& u : g.node(id).output(i).uses) repass.push_back(u.node);
        g.replaceAllUses(ValueRef{id, static_cast<uint32_t>(i), 0}, ValueRef{cid, 0, 0});
    }
    ctx.count(stat::kFoldedNodes);
    ctx.count(stat::kRemovedOps);
    g.removeNode(id);
    for (NodeId p : inputProducers) deleteIfOrphanConstant(g, p, ctx);
    return repass;
}

bool isPotentialConst(const Node& n) { return n.attrInt(kPotentialConst, 0) != 0; }

std::string potentialConstSource(const Node& n) {
    const Attribute* a = n.findAttr(kSourcePassOfPotentialConst);
    const auto* s = a ? std::get_if<std::string>(&a->value) : nullptr;
    return s ? *s : std::string();
}

void markPotentialConst(Graph& g, NodeId node, std::vector<Tensor> weights, const std::string& pass) {
    std::vector<int64_t> indices;
    for (size_t i = 0; i < weights.size(); ++i) indices.push_back(static_cast<int64_t>(i));
    g.setAttribute(node, Attribute::makeInt(std::string(kPotentialConst), 1));
    g.setAttribute(node, Attribute{std::string(kPotentialWeight), AttrKind::Tensors, std::move(weights), {}, {}});
    g.setAttribute(node, Attribute::makeInts(std::string(kPotentialWeightIndices), std::move(indices)));
    g.setAttribute(node, Attribute::makeString(std::string(kSourcePassOfPotentialConst), pass));
}

void clearPotentialConst(Graph& g, NodeId node) {
    for (std::string_view a : {kPotentialConst, kPotentialWeight, kPotentialWeightIndices, kSourcePassOfPotentialConst})
        g.removeAttribute(node, a);
}

}  // namespace passscope::folding

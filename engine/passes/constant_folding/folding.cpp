#include "passes/constant_folding/folding.h"

#include <algorithm>
#include <cstring>
#include <set>
#include <stdexcept>

#include "ir/buffer.h"
#include "ir/node_attributes.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "kernels/output_size.h"
#include "passes/constant_folding/kernel_call.h"

namespace passscope::folding {

std::pair<int64_t, int64_t> shapeReadRange(const Node& n, int64_t rank, int64_t opset) {
    int64_t start = 0, end = rank;
    if (opset >= 15) {
        start = n.attrInt("start", 0);
        end = n.attrInt("end", rank);
        if (start < 0) start += rank;
        if (end < 0) end += rank;
        start = std::clamp<int64_t>(start, 0, rank);
        end = std::clamp<int64_t>(end, 0, rank);
    }
    return {start, end};
}
namespace {

constexpr size_t kMaxProvenance = 64;

std::vector<std::string> stringsAttr(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    if (!a) return {};
    if (const auto* v = std::get_if<std::vector<std::string>>(&a->value)) return *v;
    return {};
}

std::string thresholdAdvice(const PassContext& ctx) {
    return "the fold size threshold of " + std::to_string(ctx.options().foldSizeThreshold) +
           " bytes (raise it with --option passscope.foldSizeThreshold=BYTES)";
}

// Whether a computed value agrees with the inferred description of its output: same dtype, and
// the same dims where inference knows them. A kernel and inference that disagree (a reduction
// whose hostile keepdims the kernel reads as true and inference as false) must not write a
// constant under a description it contradicts.
std::optional<std::string> contradiction(const TensorDesc& d, const Tensor& value) {
    if (d.kind != ValueKind::Tensor) return std::nullopt;
    if (d.dtype != DataType::Undefined && d.dtype != value.dtype())
        return "the kernel computed " + std::string(dataTypeName(value.dtype())) + " where inference says " +
               std::string(dataTypeName(d.dtype));
    // A Const's value has the storage dims (docs/ge-formats.md §2): a TransData into an internal
    // format computes them, every other node computes the origin, where storage equals origin.
    const Shape& s = d.storageDiffers() ? d.storageShape : d.originShape;
    if (!s.rankKnown()) return std::nullopt;
    bool differs = s.rank() != value.dims().size();
    for (size_t i = 0; !differs && i < s.rank(); ++i)
        differs = s[i].isKnown() && s[i].value != value.dims()[i];
    if (!differs) return std::nullopt;
    return "the kernel computed shape " + Shape::fromExtents(value.dims()).toString() +
           " where inference says " + s.toString();
}

}  // namespace

std::optional<std::vector<Tensor>> evaluate(const Node& n, int64_t opset, kernels::KernelFn fn,
                                            std::vector<std::optional<Tensor>> inputs, PassContext& ctx) {
    kernels::KernelContext kc(n, opset, std::move(inputs));
    const double limit = static_cast<double>(ctx.options().foldSizeThreshold);
    // Before the kernel allocates anything: constant inputs can ask for billions of elements.
    kernels::OutputEstimate estimate;
    try {
        estimate = kernels::estimateOutputBytes(kc);
    } catch (const std::exception& e) {  // the kernel would refuse the same inputs
        ctx.notFolded(n, NotFoldedReason::NoKernel, e.what());
        return std::nullopt;
    }
    if (!estimate.known) {
        ctx.notFolded(n, NotFoldedReason::SizeThreshold,
                      "the size of its outputs cannot be told before computing (" + n.opType() +
                          " can outgrow its inputs and inference gave no static shape), so it may exceed " +
                          thresholdAdvice(ctx));
        return std::nullopt;
    }
    if (!(estimate.bytes <= limit)) {
        ctx.notFolded(n, NotFoldedReason::SizeThreshold,
                      "outputs would take about " + kernels::bytesText(estimate.bytes) +
                          " (estimated before computing, " + estimate.basis + "), over " +
                          thresholdAdvice(ctx));
        return std::nullopt;
    }
    kernels::KernelResult r = evaluateKernel(fn, kc);  // a kernel bug fails the run, naming op and node
    if (r.status == kernels::KernelStatus::Refused) {
        ctx.notFolded(n, NotFoldedReason::KernelRefused, r.reason);
        return std::nullopt;
    }
    if (r.status != kernels::KernelStatus::Ok || r.outputs.size() < n.outputs().size()) {
        const bool random = r.reason.find("non-deterministic") != std::string::npos;
        ctx.notFolded(n, random ? NotFoldedReason::NonDeterministic : NotFoldedReason::NoKernel,
                      r.reason.empty() ? "the kernel returned too few outputs" : r.reason);
        return std::nullopt;
    }
    uint64_t bytes = 0;
    for (size_t i = 0; i < n.outputs().size(); ++i) {
        if (auto why = contradiction(n.output(i).desc, r.outputs[i])) {
            ctx.notFolded(n, NotFoldedReason::ContradictsInference,
                          "output " + std::to_string(i) + ": " + *why);
            return std::nullopt;
        }
        if (!n.output(i).uses.empty()) bytes += r.outputs[i].byteSize();
    }
    // The estimate bounds what the kernel allocates; this is the threshold on what is kept.
    if (bytes > ctx.options().foldSizeThreshold) {
        ctx.notFolded(n, NotFoldedReason::SizeThreshold,
                      "outputs would take " + std::to_string(bytes) + " bytes, over " + thresholdAdvice(ctx));
        return std::nullopt;
    }
    return std::move(r.outputs);
}

std::optional<std::string> storedInDeviceLayout(const Graph& g, const Node& n) {
    if (op::isTransData(n.opType(), n.domain())) return std::nullopt;
    auto differs = [](const TensorDesc& d) { return d.hasType() && d.storageDiffers(); };
    for (size_t i = 0; i < n.inputs().size(); ++i) {
        const NodeOutput* v = n.input(i).valid() ? g.value(n.input(i)) : nullptr;
        if (v && differs(v->desc))
            return "input " + std::to_string(i) + " is stored as " +
                   std::string(formatName(v->desc.storageFormat)) + " " + v->desc.storageShape.toString() +
                   "; host kernels compute the origin layout";
    }
    for (size_t i = 0; i < n.outputs().size(); ++i)
        if (differs(n.output(i).desc))
            return "output " + std::to_string(i) + " is stored as " +
                   std::string(formatName(n.output(i).desc.storageFormat)) + " " +
                   n.output(i).desc.storageShape.toString() + "; host kernels compute the origin layout";
    return std::nullopt;
}

bool isConstantNode(const Node& n) {
    return op::isConstant(n.opType(), n.domain()) && n.attrTensor(op::attr::kValue);
}

const Tensor* constantValue(const Graph& g, const ValueRef& ref) {
    const Node* p = g.producer(ref);
    return p && isConstantNode(*p) ? p->attrTensor(op::attr::kValue) : nullptr;
}

std::optional<std::vector<std::optional<Tensor>>> constantInputs(const Graph& g, const Node& n,
                                                                 PassContext& ctx) {
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
            std::string detail = "input " + std::to_string(i) + " ('" + (v ? v->name : std::string()) +
                                 "') is computed at run time";
            if (p) {
                if (op::isData(p->opType(), p->domain()))
                    detail += op::isOverridableInitializer(*p) ? " (an initializer that callers may override)"
                                                               : " (graph input)";
                else
                    detail += " by '" + p->displayName() + "' (" + p->opType() + ")";
            }
            ctx.notFolded(
                n, op::isPotentialConst(n) ? NotFoldedReason::PotentialConst : NotFoldedReason::RuntimeInput,
                detail);
            return std::nullopt;
        }
        values.emplace_back(*t);
    }
    return values;
}

bool foldable(const Node& n, PassContext& ctx) {
    if (op::doNotFold(n)) {
        ctx.notFolded(n, NotFoldedReason::UserFlag, "_do_not_constant_folding is set");
        return false;
    }
    if (op::noNeedFolding(n)) {
        ctx.notFolded(n, NotFoldedReason::NoNeedFlag, "no_need_constant_folding is set");
        return false;
    }
    if (!n.subgraphs().empty()) {
        ctx.notFolded(n, NotFoldedReason::OwnsSubgraph,
                      n.opType() + " owns a subgraph; its body is optimized instead");
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
    // Another domain is known where a kernel is registered for the op (the optimizers of
    // ai.onnx.preview.training).
    if (!op::isStandardDomain(n.domain()) && n.domain() != op::kGeDomain &&
        !ctx.kernels().knows(n.domain(), n.opType())) {
        ctx.notFolded(n, NotFoldedReason::UnknownDomain,
                      "domain '" + n.domain() + "' is not known to the engine");
        return false;
    }
    return true;
}

ValueRef addInt64Const(Graph& g, PassContext& ctx, const std::string& nodeName,
                       const std::vector<int64_t>& values) {
    std::string bytes(values.size() * sizeof(int64_t), '\0');
    if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
    const int64_t count = static_cast<int64_t>(values.size());
    Tensor value(DataType::Int64, {count}, std::make_shared<StringBuffer>(std::move(bytes)));
    const NodeId id = g.addNode(std::string(op::kConst), "", ctx.uniqueName(g, nodeName), 1).id();
    const std::string valueName = ctx.uniqueName(g, nodeName + "_value");
    g.setOutputName(id, 0, valueName);
    value.setName(valueName);
    g.setOutputDesc(id, 0, TensorDesc::tensor(DataType::Int64, Shape::fromExtents({count})));
    g.setAttribute(id, Attribute::makeTensor(std::string(op::attr::kValue), std::move(value)));
    return ValueRef{id, 0, 0};
}

void deleteIfOrphanConstant(Graph& g, NodeId id, PassContext& ctx) {
    const Node* n = g.findNode(id);
    if (!n) return;
    const bool isConst = isConstantNode(*n) || op::isOnnxOp(n->opType(), n->domain(), op::kConstantOp);
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
    // The node is removed: an output read by anyone must get a constant, or its readers (a graph
    // output among them) would be left without a producer. A pass that gets here is wrong.
    for (size_t i = values.size(); i < n.outputs().size(); ++i)
        if (!n.output(i).uses.empty())
            throw std::logic_error("folding " + n.displayName() + " gave " + std::to_string(values.size()) +
                                   " values for its " + std::to_string(n.outputs().size()) +
                                   " outputs, and output " + std::to_string(i) + " is read");
    // Provenance: this node plus whatever its constant inputs were folded from.
    std::vector<std::string> provenance{n.displayName()};
    std::set<std::string> seen{n.displayName()};
    std::vector<NodeId> inputProducers;
    for (const ValueRef& r : n.inputs()) {
        const Node* p = g.producer(r);
        if (!p || r.depth != 0) continue;
        inputProducers.push_back(p->id());
        for (const std::string& s : stringsAttr(*p, op::attr::kFoldedFrom))
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
        // The value has the storage dims; where storage differs from origin (a folded TransData),
        // the origin format and shape stay what the graph means.
        const bool storageDiffers = desc.hasType() && desc.storageDiffers();
        desc.kind = ValueKind::Tensor;
        desc.dtype = value.dtype();
        desc.storageShape = Shape::fromExtents(value.dims());
        if (!storageDiffers) desc.originShape = desc.storageShape;

        const std::string name =
            ctx.uniqueName(g, baseName + (values.size() > 1 ? "_" + std::to_string(i) : "") + "/folded");
        Node& c = g.addNode(std::string(op::kConst), "", name, 1);
        const NodeId cid = c.id();
        ctx.count(stat::kConstBytesAdded, value.byteSize());
        g.setAttribute(cid, Attribute::makeTensor(std::string(op::attr::kValue), std::move(value)));
        g.setAttribute(cid, Attribute::makeInt(std::string(op::attr::kIsFromConstantFolding), 1));
        g.setAttribute(cid,
                       Attribute{std::string(op::attr::kFoldedFrom), AttrKind::Strings, provenance, {}, {}});
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

void markPotentialConst(Graph& g, NodeId node, std::vector<Tensor> weights, const std::string& pass) {
    std::vector<int64_t> indices;
    for (size_t i = 0; i < weights.size(); ++i) indices.push_back(static_cast<int64_t>(i));
    g.setAttribute(node, Attribute::makeInt(std::string(op::attr::kPotentialConst), 1));
    g.setAttribute(
        node,
        Attribute{std::string(op::attr::kPotentialWeight), AttrKind::Tensors, std::move(weights), {}, {}});
    g.setAttribute(node,
                   Attribute::makeInts(std::string(op::attr::kPotentialWeightIndices), std::move(indices)));
    g.setAttribute(node, Attribute::makeString(std::string(op::attr::kSourcePassOfPotentialConst), pass));
}

void clearPotentialConst(Graph& g, NodeId node) {
    for (std::string_view a : {op::attr::kPotentialConst, op::attr::kPotentialWeight,
                               op::attr::kPotentialWeightIndices, op::attr::kSourcePassOfPotentialConst})
        g.removeAttribute(node, a);
}

}  // namespace passscope::folding

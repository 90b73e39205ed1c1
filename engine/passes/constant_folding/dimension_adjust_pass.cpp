#include "passes/constant_folding/dimension_adjust_pass.h"

#include "ir/node_attributes.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

bool isDimensionOp(const Node& n) {
    return op::isDimensionOp(n.opType(), n.domain());
}

// Axes / shape inputs (index >= 1) must be constants: the op then only relabels dimensions.
bool parametersConstant(const Graph& g, const Node& n) {
    for (size_t i = 1; i < n.inputs().size(); ++i)
        if (n.input(i).valid() && !folding::constantValue(g, n.input(i))) return false;
    return true;
}

std::optional<std::vector<int64_t>> staticDims(const NodeOutput* v) {
    if (!v || v->desc.kind != ValueKind::Tensor) return std::nullopt;
    return v->desc.originShape.extents();
}

bool feedsGraphOutput(const Graph& g, const NodeOutput& out) {
    for (const Use& u : out.uses)
        if (u.node == g.netOutput()) return true;
    return false;
}

}  // namespace

NodePass::NodeResult DimensionAdjustPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!isDimensionOp(n) || n.inputs().empty() || n.outputs().size() != 1) return {};
    if (op::doNotFold(n) || !parametersConstant(g, n)) return {};
    const NodeOutput* in = g.value(n.input(0));
    if (!in || folding::constantValue(g, n.input(0))) return {};  // constant data: ConstantFolding's job
    auto inDims = staticDims(in);
    auto outDims = staticDims(&n.output(0));
    if (!inDims || !outDims) return {};
    const ValueRef self{id, 0, 0};

    // 1. A no-op: consumers read the input directly (a graph output keeps its node).
    if (*inDims == *outDims && !feedsGraphOutput(g, n.output(0))) {
        std::vector<NodeId> repass = consumersOf(g, id);
        std::vector<NodeId> params;
        for (size_t i = 1; i < n.inputs().size(); ++i)
            if (const Node* p = g.producer(n.input(i))) params.push_back(p->id());
        g.replaceAllUses(self, n.input(0));
        ctx.count(kBypassed);
        ctx.count(stat::kRemovedOps);
        g.removeNode(id);
        for (NodeId p : params) folding::deleteIfOrphanConstant(g, p, ctx);
        return {true, repass};
    }

    // 2. A chain: the producer is another dimension op read only by us; skip it.
    const Node* prev = g.producer(n.input(0));
    if (!prev || n.input(0).depth != 0 || !isDimensionOp(*prev) || prev->outputs().size() != 1 ||
        prev->output(0).uses.size() != 1 || op::doNotFold(*prev) || !parametersConstant(g, *prev) ||
        prev->inputs().empty())
        return {};
    if (std::find(outDims->begin(), outDims->end(), 0) != outDims->end())
        return {};  // 0 means "copy" in Reshape
    const ValueRef source = prev->input(0);
    const NodeId prevId = prev->id();

    const std::string base = n.name().empty() ? n.opType() : n.name();
    const ValueRef shapeRef = folding::addInt64Const(g, ctx, base + "/shape", *outDims);
    ctx.count(stat::kConstBytesAdded, outDims->size() * sizeof(int64_t));

    Node& r = g.addNode("Reshape", "", ctx.uniqueName(g, base + "/merged"), 1);
    const NodeId rid = r.id();
    g.addInput(rid, source);
    g.addInput(rid, shapeRef);
    const std::string valueName = n.output(0).name;
    TensorDesc desc = n.output(0).desc;
    g.setOutputName(id, 0, "");
    g.setOutputName(rid, 0, valueName);
    g.setOutputDesc(rid, 0, std::move(desc));
    std::vector<NodeId> repass = consumersOf(g, id);
    g.replaceAllUses(self, ValueRef{rid, 0, 0});

    for (NodeId dead : {id, prevId}) {
        const Node& d = g.node(dead);
        std::vector<NodeId> params;
        for (size_t i = 1; i < d.inputs().size(); ++i)
            if (const Node* p = g.producer(d.input(i))) params.push_back(p->id());
        ctx.count(stat::kRemovedOps);
        g.removeNode(dead);
        for (NodeId p : params) folding::deleteIfOrphanConstant(g, p, ctx);
    }
    ctx.count(kCollapsed);
    repass.push_back(rid);
    return {true, repass};
}

}  // namespace passscope

#include "passes/cleanup/constant_fuse_same_pass.h"

#include <algorithm>
#include <map>

#include "ir/format.h"
#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

// GE's SameConstKey: dtype, format, shape and the bytes; with PassScope's storage descriptions the
// storage format and shape too (a constant folded into NC1HWC0 is not its NCHW twin).
std::optional<std::string> fuseKey(const Graph& g, const Node& n) {
    if (!folding::isConstantNode(n) || n.outputs().size() != 1 || !n.controlInputs().empty())
        return std::nullopt;
    if (std::find(g.inputs().begin(), g.inputs().end(), n.id()) != g.inputs().end()) return std::nullopt;
    for (const Use& u : n.output(0).uses)
        if (u.node == g.netOutput() || u.input == Use::kImplicit) return std::nullopt;
    const Tensor* t = n.attrTensor(op::attr::kValue);
    if (!t || t->elementCount() != 1 || t->dtype() == DataType::String || !t->buffer()) return std::nullopt;
    const TensorDesc& d = n.output(0).desc;
    std::string key = std::to_string(static_cast<int>(t->dtype())) + "[";
    for (int64_t dim : t->dims()) key += std::to_string(dim) + ",";
    key += "]" + std::string(formatName(d.originFormat)) + "/" + std::string(formatName(d.storageFormat)) +
           "/" + d.storageShape.toString() + "=";
    key.append(t->buffer()->view());
    return key;
}

}  // namespace

bool ConstantFuseSamePass::run(Graph& g, PassContext& ctx) {
    std::map<std::string, NodeId> first;
    bool changed = false;
    for (NodeId id = 0; id < g.idLimit(); ++id) {
        if (ctx.cancelRequested()) break;
        const Node* n = g.findNode(id);
        if (!n) continue;
        const std::optional<std::string> key = fuseKey(g, *n);
        if (!key) continue;
        auto [it, fresh] = first.emplace(*key, id);
        if (fresh) continue;
        // GE's FuseConstNodes: the readers (and control successors) move to the first one.
        const NodeId keep = it->second;
        for (NodeId to : std::vector<NodeId>(n->controlOutputs())) g.addControlEdge(keep, to);
        g.replaceAllUses(ValueRef{id, 0, 0}, ValueRef{keep, 0, 0});
        g.removeNode(id);
        ctx.count(kFused);
        changed = true;
    }
    return changed;
}

}  // namespace passscope

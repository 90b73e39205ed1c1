#include "passes/cleanup/common_subexpression_elimination_pass.h"

#include <functional>
#include <unordered_map>

#include "ir/op_traits.h"
#include "ir/op_types.h"

namespace passscope {
namespace {

constexpr size_t kMaxTensorKeyBytes = 4096;

// Appends a canonical text of the attribute; returns false for attributes that make a node
// unmergeable here (subgraphs, large tensors).
bool appendAttribute(std::string& key, const Attribute& a) {
    key += '|';
    key += a.name;
    key += ':';
    key += std::to_string(static_cast<int>(a.kind));
    key += '=';
    bool ok = true;
    auto tensorKey = [&](const Tensor& t) {
        if (t.byteSize() > kMaxTensorKeyBytes) {
            ok = false;
            return;
        }
        key += std::to_string(static_cast<int>(t.dtype())) + "[";
        for (int64_t d : t.dims()) key += std::to_string(d) + ",";
        key += "]";
        if (t.dtype() == DataType::String)
            for (const std::string& s : t.strings()) key += std::to_string(s.size()) + ":" + s;
        else
            key.append(t.buffer() ? t.buffer()->view() : std::string_view());
    };
    std::visit(
        [&](const auto& v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, double>)
                key.append(reinterpret_cast<const char*>(&v), sizeof v);
            else if constexpr (std::is_same_v<T, int64_t>)
                key += std::to_string(v);
            else if constexpr (std::is_same_v<T, std::string>)
                key += std::to_string(v.size()) + ":" + v;
            else if constexpr (std::is_same_v<T, Tensor>)
                tensorKey(v);
            else if constexpr (std::is_same_v<T, GraphPtr> || std::is_same_v<T, std::vector<GraphPtr>>)
                ok = false;
            else if constexpr (std::is_same_v<T, OpaqueProto>)
                key += std::to_string(v.bytes.size()) + ":" + v.bytes;
            else if constexpr (std::is_same_v<T, std::vector<double>>)
                key.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(double));
            else if constexpr (std::is_same_v<T, std::vector<int64_t>>)
                for (int64_t x : v) key += std::to_string(x) + ",";
            else if constexpr (std::is_same_v<T, std::vector<std::string>>)
                for (const auto& s : v) key += std::to_string(s.size()) + ":" + s;
            else if constexpr (std::is_same_v<T, std::vector<Tensor>>)
                for (const auto& t : v) tensorKey(t);
            else if constexpr (std::is_same_v<T, std::vector<OpaqueProto>>)
                for (const auto& o : v) key += std::to_string(o.bytes.size()) + ":" + o.bytes;
        },
        a.value);
    return ok;
}

bool mergeable(const Node& n) {
    if (op::isStructural(n.opType(), n.domain()) || n.outputs().empty() || !n.subgraphs().empty())
        return false;
    if (!op::isStandardDomain(n.domain())) return false;
    if (op::isRandom(n.opType(), n.domain()) || op::isRandomInTraining(n.opType(), n.domain())) return false;
    for (const NodeOutput& o : n.outputs())
        if (o.name.empty() && !o.uses.empty()) return false;
    return true;
}

std::optional<std::string> cseKey(const Node& n) {
    std::string key = n.domain() + "::" + n.opType() + "(";
    for (const ValueRef& r : n.inputs())
        key += r.valid() ? std::to_string(r.node) + ":" + std::to_string(r.output) + "@" +
                               std::to_string(r.depth) + ","
                         : "-,";
    key += ")ctrl(";
    std::vector<NodeId> ctrl = n.controlInputs();
    std::sort(ctrl.begin(), ctrl.end());
    for (NodeId c : ctrl) key += std::to_string(c) + ",";
    key += ")#" + std::to_string(n.outputs().size());
    std::vector<const Attribute*> attrs;
    for (const Attribute& a : n.attributes())
        if (a.name != op::attr::kDoNotConstantFolding) attrs.push_back(&a);
    std::sort(attrs.begin(), attrs.end(),
              [](const Attribute* a, const Attribute* b) { return a->name < b->name; });
    for (const Attribute* a : attrs)
        if (!appendAttribute(key, *a)) return std::nullopt;
    return key;
}

}  // namespace

bool CommonSubexpressionEliminationPass::run(Graph& g, PassContext& ctx) {
    const std::vector<NodeId> order = topologicalOrderOrThrow(g, name());
    std::unordered_map<std::string, NodeId> seen;
    bool changed = false;
    for (NodeId id : order) {
        if (ctx.cancelRequested()) break;  // every merge so far is complete
        const Node* n = g.findNode(id);
        if (!n || !mergeable(*n)) continue;
        auto key = cseKey(*n);
        if (!key) continue;
        auto [it, fresh] = seen.emplace(std::move(*key), id);
        if (fresh) continue;
        const NodeId keep = it->second;
        for (size_t i = 0; i < n->outputs().size(); ++i)
            g.replaceAllUses(ValueRef{id, static_cast<uint32_t>(i), 0},
                             ValueRef{keep, static_cast<uint32_t>(i), 0});
        for (NodeId to : std::vector<NodeId>(g.node(id).controlOutputs())) g.addControlEdge(keep, to);
        ctx.count(stat::kMerged);
        ctx.count(stat::kRemovedOps);
        g.removeNode(id);
        changed = true;
    }
    return changed;
}

}  // namespace passscope

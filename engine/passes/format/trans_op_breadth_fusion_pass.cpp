#include "passes/format/trans_op_breadth_fusion_pass.h"

#include <map>
#include <sstream>

#include "ir/op_types.h"

namespace passscope {
namespace {

void appendDesc(std::ostringstream& key, const TensorDesc& d) {
    key << '|' << static_cast<int>(d.dtype) << ':' << d.storageFormatText() << d.storageShape.toString()
        << ':' << formatName(d.originFormat) << d.originShape.toString();
}

void appendAttribute(std::ostringstream& key, const Attribute& a) {
    key << '|' << a.name << '=';
    std::visit(
        [&](const auto& v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, double>)
                key << v;
            else if constexpr (std::is_same_v<T, std::string>)
                key << v.size() << ':' << v;
            else if constexpr (std::is_same_v<T, std::vector<int64_t>>)
                for (int64_t x : v) key << x << ',';
            else
                key << "#" << static_cast<int>(a.kind);  // kinds trans ops do not use
        },
        a.value);
}

bool sameConstantValue(const Node& a, const Node& b) {
    const Tensor* ta = a.attrTensor(op::attr::kValue);
    const Tensor* tb = b.attrTensor(op::attr::kValue);
    return ta && tb && ta->sameValue(*tb);
}

// GE's GetNodeId, widened so that equal keys mean equal results: every attribute, the data
// input's slot, the parameter inputs (GE's CanGetNodeIdByShapes: constants only), control inputs
// and both descriptions. Nullopt for a node that cannot be keyed.
std::optional<std::string> fusionKey(const Graph& g, const Node& n, uint32_t output) {
    if (!transop::plainSingleOutput(n)) return std::nullopt;
    std::ostringstream key;
    key << n.domain() << "::" << n.opType() << '-' << output;
    std::vector<const Attribute*> attrs;
    for (const Attribute& a : n.attributes()) attrs.push_back(&a);
    std::sort(attrs.begin(), attrs.end(),
              [](const Attribute* x, const Attribute* y) { return x->name < y->name; });
    for (const Attribute* a : attrs) {
        if (a->kind != AttrKind::Int && a->kind != AttrKind::Float && a->kind != AttrKind::String &&
            a->kind != AttrKind::Ints)
            return std::nullopt;
        appendAttribute(key, *a);
    }
    for (size_t i = 1; i < n.inputs().size(); ++i) {
        const ValueRef& r = n.input(i);
        if (!r.valid()) {
            key << "|-";
            continue;
        }
        const Node* p = g.producer(r);
        if (!p || r.depth != 0 || !op::holdsConstant(p->opType(), p->domain())) return std::nullopt;
        key << "|c";  // compared by value in sameParameters
    }
    std::vector<NodeId> ctrl = n.controlInputs();
    std::sort(ctrl.begin(), ctrl.end());
    key << "|ctrl";
    for (NodeId c : ctrl) key << c << ',';
    appendDesc(key, transop::inputDesc(g, n, 0));
    appendDesc(key, n.output(0).desc);
    return key.str();
}

// Two parameter inputs that are different Const nodes with the same value count as equal.
bool sameParameters(const Graph& g, const Node& a, const Node& b) {
    if (a.inputs().size() != b.inputs().size()) return false;
    for (size_t i = 1; i < a.inputs().size(); ++i) {
        if (a.input(i) == b.input(i)) continue;
        const Node* pa = g.producer(a.input(i));
        const Node* pb = g.producer(b.input(i));
        if (!pa || !pb || !sameConstantValue(*pa, *pb)) return false;
    }
    return true;
}

}  // namespace

bool TransOpBreadthFusionPass::run(Graph& g, PassContext& ctx) {
    const std::vector<NodeId> order = topologicalOrderOrThrow(g, name());
    std::unordered_map<NodeId, size_t> position;
    for (size_t i = 0; i < order.size(); ++i) position[order[i]] = i;
    bool changed = false;
    for (NodeId id : order) {
        if (ctx.cancelRequested()) break;
        const Node* n = g.findNode(id);
        if (!n) continue;
        for (uint32_t o = 0; o < n->outputs().size(); ++o) {
            // key -> groups of nodes with equal parameters, in topological order
            std::map<std::string, std::vector<std::vector<NodeId>>> groups;
            std::vector<NodeId> readers;
            for (const Use& u : n->output(o).uses)
                if (u.input == 0 && std::find(readers.begin(), readers.end(), u.node) == readers.end())
                    readers.push_back(u.node);
            std::sort(readers.begin(), readers.end(),
                      [&](NodeId a, NodeId b) { return position[a] < position[b]; });
            for (NodeId r : readers) {
                const Node& t = g.node(r);
                if (!transop::isTransOp(t) || !(t.input(0) == ValueRef{id, o, 0})) continue;
                auto key = fusionKey(g, t, o);
                if (!key) continue;
                auto& sets = groups[*key];
                bool placed = false;
                for (auto& set : sets)
                    if (sameParameters(g, g.node(set.front()), t)) {
                        set.push_back(r);
                        placed = true;
                        break;
                    }
                if (!placed) sets.push_back({r});
            }
            for (auto& [key, sets] : groups)
                for (auto& set : sets) {
                    const NodeId keep = set.front();
                    for (size_t i = 1; i < set.size(); ++i) {
                        const NodeId drop = set[i];
                        // GE's Fusion: the dropped node's consumers read the kept one and what it
                        // ordered stays ordered after the kept one.
                        for (NodeId s : std::vector<NodeId>(g.node(drop).controlOutputs()))
                            g.addControlEdge(keep, s);
                        if (transop::isTransData(g.node(drop))) ctx.count(transop::kTransDataEliminated);
                        ctx.count(kTransOpsMerged);
                        transop::bypassAndRemove(g, drop, ValueRef{keep, 0, 0});
                        changed = true;
                    }
                }
            n = g.findNode(id);
        }
    }
    return changed;
}

}  // namespace passscope

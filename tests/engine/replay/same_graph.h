#pragma once
// An equality of graphs for the replay tests that shares no code with what they check: the replay
// is built on the diff's node matching (diff::matchNodes, diff::diffGraphs), so checking a replay
// with diffGraphs would let one mistake hide another. Nodes are keyed by name (an unnamed node by
// its op type and first value name) and compared field by field: op type and domain, attributes
// (GE's renumbered `id` aside, as the diff does: docs/ge-dumps.md §6), inputs by their producer's
// key and output index, control inputs, outputs' names and descriptions, bodies recursively, and
// the graph inputs in order.
#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <variant>

#include "ir/ge_attributes.h"
#include "ir/graph.h"

namespace passscope::test {

std::string graphDifference(const Graph& a, const Graph& b);

namespace detail {

inline std::string nodeKey(const Node& n) {
    if (!n.name().empty()) return n.name();
    return "(" + n.opType() + " " + (n.outputs().empty() ? std::string() : n.outputs().front().name) + ")";
}

inline std::string sourceKey(const Graph& g, const ValueRef& r) {
    if (!r.valid()) return "(none)";
    const Node* p = g.producer(r);
    return (p ? nodeKey(*p) : std::string("(dangling)")) + ":" + std::to_string(r.output) + "@" +
           std::to_string(r.depth);
}

// The parts of a description the diff compares (valueRange is the engine's own note, not part of
// a stage).
inline bool sameDesc(const TensorDesc& x, const TensorDesc& y) {
    return x.kind == y.kind && x.dtype == y.dtype && x.originFormat == y.originFormat &&
           x.storageFormat == y.storageFormat && x.storageSubFormat == y.storageSubFormat &&
           x.originShape == y.originShape && x.storageShape == y.storageShape;
}

inline std::string attributeDifference(const Attribute& x, const Attribute& y) {
    if (x.kind != y.kind || x.refAttrName != y.refAttrName || x.value.index() != y.value.index())
        return "kind";
    if (const auto* t = std::get_if<Tensor>(&x.value))
        return t->sameValue(std::get<Tensor>(y.value)) ? "" : "tensor";
    if (const auto* ts = std::get_if<std::vector<Tensor>>(&x.value)) {
        const auto& us = std::get<std::vector<Tensor>>(y.value);
        if (ts->size() != us.size()) return "tensor count";
        for (size_t i = 0; i < ts->size(); ++i)
            if (!(*ts)[i].sameValue(us[i])) return "tensor " + std::to_string(i);
        return {};
    }
    if (const auto* g = std::get_if<GraphPtr>(&x.value)) {
        const GraphPtr& h = std::get<GraphPtr>(y.value);
        if (!*g || !h) return *g || h ? "body missing" : "";
        const std::string d = graphDifference(**g, *h);
        return d.empty() ? d : "body: " + d;
    }
    if (const auto* gs = std::get_if<std::vector<GraphPtr>>(&x.value)) {
        const auto& hs = std::get<std::vector<GraphPtr>>(y.value);
        if (gs->size() != hs.size()) return "body count";
        for (size_t i = 0; i < gs->size(); ++i) {
            if (!(*gs)[i] || !hs[i]) {
                if ((*gs)[i] || hs[i]) return "body missing";
                continue;
            }
            const std::string d = graphDifference(*(*gs)[i], *hs[i]);
            if (!d.empty()) return "body " + std::to_string(i) + ": " + d;
        }
        return {};
    }
    return std::visit(
        [&](const auto& v) -> std::string {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, Tensor> || std::is_same_v<T, std::vector<Tensor>> ||
                          std::is_same_v<T, GraphPtr> || std::is_same_v<T, std::vector<GraphPtr>>)
                return {};  // compared above
            else
                return v == std::get<T>(y.value) ? "" : "value";
        },
        x.value);
}

inline std::string nodeDifference(const Graph& ga, const Node& x, const Graph& gb, const Node& y) {
    if (x.opType() != y.opType() || x.domain() != y.domain()) return "op " + x.opType() + " vs " + y.opType();
    std::set<std::string> names;
    for (const Attribute& a : x.attributes()) names.insert(a.name);
    for (const Attribute& a : y.attributes()) names.insert(a.name);
    for (const std::string& name : names) {
        if (ge::isBookkeepingAttribute(name)) continue;
        const Attribute* ax = x.findAttr(name);
        const Attribute* ay = y.findAttr(name);
        if (!ax || !ay) return "attribute " + name + (ax ? " only before" : " only after");
        if (std::string d = attributeDifference(*ax, *ay); !d.empty()) return "attribute " + name + ": " + d;
    }
    if (x.inputs().size() != y.inputs().size()) return "input count";
    for (size_t i = 0; i < x.inputs().size(); ++i)
        if (sourceKey(ga, x.input(i)) != sourceKey(gb, y.input(i)))
            return "input " + std::to_string(i) + ": " + sourceKey(ga, x.input(i)) + " vs " +
                   sourceKey(gb, y.input(i));
    std::set<std::string> cx, cy;
    for (NodeId c : x.controlInputs()) cx.insert(ga.findNode(c) ? nodeKey(*ga.findNode(c)) : "#");
    for (NodeId c : y.controlInputs()) cy.insert(gb.findNode(c) ? nodeKey(*gb.findNode(c)) : "#");
    if (cx != cy) return "control inputs";
    if (x.outputs().size() != y.outputs().size()) return "output count";
    for (size_t i = 0; i < x.outputs().size(); ++i) {
        if (x.output(i).name != y.output(i).name) return "output " + std::to_string(i) + " name";
        if (!sameDesc(x.output(i).desc, y.output(i).desc))
            return "output " + std::to_string(i) + " description";
    }
    if (x.inputDescs().size() != y.inputDescs().size()) return "input description count";
    for (size_t i = 0; i < x.inputDescs().size(); ++i)
        if (!sameDesc(x.inputDescs()[i], y.inputDescs()[i])) return "input description " + std::to_string(i);
    return {};
}

}  // namespace detail

// "" when `a` and `b` are the same graph by the rules above; else the first difference, naming
// the node.
inline std::string graphDifference(const Graph& a, const Graph& b) {
    std::map<std::string, const Node*> inA, inB;
    for (const Node* n : a.nodes())
        if (!inA.emplace(detail::nodeKey(*n), n).second)
            return "two nodes keyed " + detail::nodeKey(*n) + " before";
    for (const Node* n : b.nodes())
        if (!inB.emplace(detail::nodeKey(*n), n).second)
            return "two nodes keyed " + detail::nodeKey(*n) + " after";
    for (const auto& [key, x] : inA) {
        auto it = inB.find(key);
        if (it == inB.end()) return "node " + key + " only before";
        if (std::string d = detail::nodeDifference(a, *x, b, *it->second); !d.empty())
            return "node " + key + ": " + d;
    }
    for (const auto& [key, y] : inB)
        if (!inA.count(key)) return "node " + key + " only after";
    if (a.inputs().size() != b.inputs().size()) return "graph input count";
    for (size_t i = 0; i < a.inputs().size(); ++i)
        if (detail::nodeKey(a.node(a.inputs()[i])) != detail::nodeKey(b.node(b.inputs()[i])))
            return "graph input " + std::to_string(i);
    return {};
}

}  // namespace passscope::test

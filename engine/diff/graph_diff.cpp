// diffGraphs (docs/graph-diff.md §4): for every matched pair, the fields that differ, named so a
// script can select them; unmatched nodes are added or removed.
#include "diff/graph_diff.h"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "diff/desc_text.h"
#include "diff/node_identity.h"
#include "ir/ge_attributes.h"

namespace passscope::diff {
namespace {

class FieldDiffer {
  public:
    FieldDiffer(const Graph& a, const Graph& b, const NodeMatching& m) : a_(a), b_(b) {
        for (const auto& [x, y] : m.matched) aToB_[x] = y;
    }

    std::vector<FieldChange> compare(const Node& x, const Node& y) const {
        std::vector<FieldChange> out;
        auto add = [&](std::string field, std::string before, std::string after) {
            if (before != after) out.push_back({std::move(field), std::move(before), std::move(after)});
        };
        add("name", x.name(), y.name());
        add("op", opLabel(x), opLabel(y));
        compareInputs(x, y, out);
        add("control_inputs", controlText(a_, x, true), controlText(b_, y, false));
        compareAttributes(x, y, out);
        const size_t outputs = std::max(x.outputs().size(), y.outputs().size());
        for (size_t i = 0; i < outputs; ++i) {
            const NodeOutput* ox = i < x.outputs().size() ? &x.output(i) : nullptr;
            const NodeOutput* oy = i < y.outputs().size() ? &y.output(i) : nullptr;
            const std::string prefix = "output:" + std::to_string(i);
            compareDescs(prefix, ox ? &ox->desc : nullptr, oy ? &oy->desc : nullptr, out);
            add(prefix + ".name", ox ? ox->name : std::string(), oy ? oy->name : std::string());
        }
        const size_t descs = std::max(x.inputDescs().size(), y.inputDescs().size());
        for (size_t i = 0; i < descs; ++i)
            compareDescs("input_desc:" + std::to_string(i),
                         i < x.inputDescs().size() ? &x.inputDescs()[i] : nullptr,
                         i < y.inputDescs().size() ? &y.inputDescs()[i] : nullptr, out);
        return out;
    }

  private:
    // "producer:index" as each graph names it; the edge changed when a's producer does not map
    // onto b's (docs/graph-diff.md §4: a rewired edge shows even when names coincide).
    void compareInputs(const Node& x, const Node& y, std::vector<FieldChange>& out) const {
        const size_t n = std::max(x.inputs().size(), y.inputs().size());
        for (size_t i = 0; i < n; ++i) {
            const ValueRef* rx = i < x.inputs().size() ? &x.input(i) : nullptr;
            const ValueRef* ry = i < y.inputs().size() ? &y.input(i) : nullptr;
            bool same;
            if (!rx || !ry)
                same = false;
            else if (!rx->valid() || !ry->valid())
                same = rx->valid() == ry->valid();
            else if (rx->depth != 0 || ry->depth != 0)
                same = sourceText(a_, *rx) == sourceText(b_, *ry);
            else
                same = mapped(rx->node) == ry->node && rx->output == ry->output;
            if (same) continue;
            out.push_back({"input:" + std::to_string(i), rx ? sourceText(a_, *rx) : std::string(),
                           ry ? sourceText(b_, *ry) : std::string()});
        }
    }

    static std::string sourceText(const Graph& g, const ValueRef& r) {
        if (!r.valid()) return "(none)";
        const Node* p = g.producer(r);
        if (!p) return "(dangling)";
        std::string s = shownName(*p) + ":" + std::to_string(r.output);
        if (r.depth) s += " (outer scope " + std::to_string(r.depth) + ")";
        return s;
    }

    // Control inputs as a sorted list of names; in a, each is named after its partner in b when it
    // has one, so only a real change of the edges shows.
    std::string controlText(const Graph& g, const Node& n, bool inA) const {
        std::set<std::string> names;
        for (NodeId c : n.controlInputs()) {
            NodeId id = inA ? mapped(c) : c;
            const Graph& where = inA && id != kNoNode ? b_ : g;
            if (id == kNoNode) id = c;
            const Node* p = where.findNode(id);
            names.insert(p ? shownName(*p) : "#" + std::to_string(c));
        }
        std::string s;
        for (const std::string& name : names) s += (s.empty() ? "" : ",") + name;
        return s.empty() ? s : "[" + s + "]";
    }

    void compareAttributes(const Node& x, const Node& y, std::vector<FieldChange>& out) const {
        std::set<std::string> names;
        for (const Attribute& at : x.attributes()) names.insert(at.name);
        for (const Attribute& at : y.attributes()) names.insert(at.name);
        for (const std::string& name : names) {
            if (ge::isBookkeepingAttribute(name)) continue;  // GE's renumbered node id
            const Attribute* ax = x.findAttr(name);
            const Attribute* ay = y.findAttr(name);
            const bool isBody = (ax && !ax->graphs().empty()) || (ay && !ay->graphs().empty());
            if (isBody && ax && ay) {
                compareBodies(name, *ax, *ay, out);
                continue;
            }
            if (ax && ay && sameAttrValue(*ax, *ay)) continue;
            out.push_back(
                {"attr:" + name, ax ? attrText(*ax) : std::string(), ay ? attrText(*ay) : std::string()});
        }
    }

    // docs/graph-diff.md §4: a body is diffed recursively and summarised in one field.
    static void compareBodies(const std::string& name, const Attribute& ax, const Attribute& ay,
                              std::vector<FieldChange>& out) {
        const std::vector<Graph*> bx = ax.graphs(), by = ay.graphs();
        size_t added = 0, removed = 0, changed = 0, nx = 0, ny = 0;
        for (size_t i = 0; i < std::max(bx.size(), by.size()); ++i) {
            const Graph* gx = i < bx.size() ? bx[i] : nullptr;
            const Graph* gy = i < by.size() ? by[i] : nullptr;
            nx += gx ? gx->nodeCount() : 0;
            ny += gy ? gy->nodeCount() : 0;
            if (gx && gy) {
                const GraphDiff d = diffGraphs(*gx, *gy);
                added += d.added.size();
                removed += d.removed.size();
                changed += d.changed.size();
            } else {
                added += gy ? gy->nodeCount() : 0;
                removed += gx ? gx->nodeCount() : 0;
            }
        }
        if (added + removed + changed == 0 && bx.size() == by.size()) return;
        auto count = [](size_t graphs, size_t nodes) {
            return (graphs == 1 ? std::string() : std::to_string(graphs) + " graphs, ") +
                   std::to_string(nodes) + " nodes";
        };
        out.push_back({"body:" + name, count(bx.size(), nx),
                       count(by.size(), ny) + " (" + std::to_string(added) + " added, " +
                           std::to_string(removed) + " removed, " + std::to_string(changed) + " changed)"});
    }

    static void compareDescs(const std::string& prefix, const TensorDesc* dx, const TensorDesc* dy,
                             std::vector<FieldChange>& out) {
        static const TensorDesc kNone;
        const TensorDesc& x = dx ? *dx : kNone;
        const TensorDesc& y = dy ? *dy : kNone;
        auto add = [&](const char* field, std::string before, std::string after) {
            if (before != after) out.push_back({prefix + "." + field, std::move(before), std::move(after)});
        };
        auto typed = [](const TensorDesc& d, std::string text) { return d.hasType() ? text : std::string(); };
        add("dtype", dtypeText(x), dtypeText(y));
        add("shape", typed(x, x.storageShape.toString()), typed(y, y.storageShape.toString()));
        add("origin_shape", typed(x, x.originShape.toString()), typed(y, y.originShape.toString()));
        add("format", typed(x, x.storageFormatText()), typed(y, y.storageFormatText()));
        add("origin_format", typed(x, std::string(formatName(x.originFormat))),
            typed(y, std::string(formatName(y.originFormat))));
    }

    NodeId mapped(NodeId a) const {
        auto it = aToB_.find(a);
        return it == aToB_.end() ? kNoNode : it->second;
    }

    const Graph& a_;
    const Graph& b_;
    std::unordered_map<NodeId, NodeId> aToB_;
};

NodeRef ref(const Node& n) {
    return NodeRef{n.id(), shownName(n), opLabel(n)};
}

}  // namespace

GraphDiff diffGraphs(const Graph& a, const Graph& b) {
    return diffGraphs(a, b, matchNodes(a, b));
}

GraphDiff diffGraphs(const Graph& a, const Graph& b, const NodeMatching& matching) {
    GraphDiff d;
    for (NodeId id : matching.onlyInB) d.added.push_back(ref(b.node(id)));
    for (NodeId id : matching.onlyInA) d.removed.push_back(ref(a.node(id)));
    const FieldDiffer differ(a, b, matching);
    for (const auto& [x, y] : matching.matched) {
        const Node& nb = b.node(y);
        std::vector<FieldChange> fields = differ.compare(a.node(x), nb);
        if (fields.empty()) continue;
        d.changed.push_back(ChangedNode{x, y, shownName(nb), opLabel(nb), std::move(fields)});
    }
    return d;
}

}  // namespace passscope::diff

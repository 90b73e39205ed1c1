// diffGraphs (docs/graph-diff.md §4): for every matched pair, the fields that differ, named so a
// script can select them; unmatched nodes are added or removed.
#include "diff/graph_diff.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <unordered_map>

#include "diff/constant_content.h"
#include "diff/desc_text.h"
#include "diff/matching_detail.h"
#include "diff/node_identity.h"
#include "exec/tensor_compare.h"
#include "ir/ge_attributes.h"
#include "kernels/tensor_util.h"

namespace passscope::diff {
namespace {

// A description that only became known: dtype or rank unknown before, or every dim that differs
// was unknown before (docs/graph-diff.md §8). Shape inference adds such facts; nothing computes
// differently.
bool refines(const TensorDesc& before, const TensorDesc& after) {
    if (!before.hasType()) return true;
    if (before.kind != after.kind) return false;
    if (before.dtype != DataType::Undefined && before.dtype != after.dtype) return false;
    auto refinesShape = [](const Shape& x, const Shape& y) {
        if (!x.rankKnown()) return true;
        if (!y.rankKnown() || x.rank() != y.rank()) return false;
        for (size_t i = 0; i < x.rank(); ++i)
            if (x[i].isKnown() && !(x[i] == y[i])) return false;
        return true;
    };
    return refinesShape(before.storageShape, after.storageShape) &&
           refinesShape(before.originShape, after.originShape) &&
           before.storageFormat == after.storageFormat && before.originFormat == after.originFormat &&
           before.storageSubFormat == after.storageSubFormat;
}

// The fields of one matched pair: what differs, and (apart, when asked) what only became known.
struct PairFields {
    std::vector<FieldChange> changes, refinements;
};

class FieldDiffer {
  public:
    FieldDiffer(const Graph& a, const Graph& b, const NodeMatching& m, const DiffOptions& options,
                const ConstantTable* ca, const ConstantTable* cb)
        : a_(a), b_(b), options_(options), constants_{ca, cb} {
        for (const auto& [x, y] : m.matched) aToB_[x] = y;
    }

    PairFields compare(const Node& x, const Node& y) const {
        PairFields fields;
        std::vector<FieldChange>& out = fields.changes;
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
            compareDescs(prefix, ox ? &ox->desc : nullptr, oy ? &oy->desc : nullptr, fields);
            add(prefix + ".name", ox ? ox->name : std::string(), oy ? oy->name : std::string());
        }
        const size_t descs = std::max(x.inputDescs().size(), y.inputDescs().size());
        for (size_t i = 0; i < descs; ++i)
            compareDescs("input_desc:" + std::to_string(i),
                         i < x.inputDescs().size() ? &x.inputDescs()[i] : nullptr,
                         i < y.inputDescs().size() ? &y.inputDescs()[i] : nullptr, fields);
        return fields;
    }

    // Both nodes hold a constant (constantsByValue): its value, or nothing.
    const ConstantContent* constantA(NodeId id) const {
        return constants_[0] ? constants_[0]->find(id) : nullptr;
    }
    const ConstantContent* constantB(NodeId id) const {
        return constants_[1] ? constants_[1]->find(id) : nullptr;
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
                same = (mapped(rx->node) == ry->node && rx->output == ry->output) || sameConstant(*rx, *ry);
            if (same) continue;
            out.push_back({"input:" + std::to_string(i), rx ? sourceText(a_, *rx) : std::string(),
                           ry ? sourceText(b_, *ry) : std::string()});
        }
    }

    // §8: reading an equal constant, whatever holds it and whatever its name, is reading the same.
    bool sameConstant(const ValueRef& rx, const ValueRef& ry) const {
        const ConstantContent* cx = constantA(rx.node);
        const ConstantContent* cy = constantB(ry.node);
        return cx && cy && cx->sameAs(*cy);
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
            if (options_.ignoredAttributes.count(name)) continue;
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

    void compareDescs(const std::string& prefix, const TensorDesc* dx, const TensorDesc* dy,
                      PairFields& fields) const {
        static const TensorDesc kNone;
        const TensorDesc& x = dx ? *dx : kNone;
        const TensorDesc& y = dy ? *dy : kNone;
        std::vector<FieldChange>& out =
            options_.refinementsApart && dy && refines(x, y) ? fields.refinements : fields.changes;
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
    const DiffOptions& options_;
    std::array<const ConstantTable*, 2> constants_;
    std::unordered_map<NodeId, NodeId> aToB_;
};

NodeRef ref(const Node& n) {
    return NodeRef{n.id(), shownName(n), opLabel(n)};
}

HeldConstant held(const Graph& a, NodeId x, const Graph& b, NodeId y, const Tensor& value) {
    HeldConstant h{x, y, {}, {}, {}, {}, tensorText(value)};
    if (x != kNoNode) h.nameA = shownName(a.node(x)), h.opA = opLabel(a.node(x));
    if (y != kNoNode) h.nameB = shownName(b.node(y)), h.opB = opLabel(b.node(y));
    return h;
}

// The largest |after - before| of two numeric tensors of one dtype and shape (nullopt otherwise).
std::optional<double> maxAbsDifference(const Tensor& before, const Tensor& after) {
    if (before.dtype() != after.dtype() || before.dims() != after.dims()) return std::nullopt;
    try {
        if (isFloatingType(before.dtype())) return compareTensors(before, after, 0, 0).maxAbsDiff;
        if (!isIntegerType(before.dtype())) return std::nullopt;
        const std::vector<double> x = kernels::toDoubles(before), y = kernels::toDoubles(after);
        double m = 0;
        for (size_t i = 0; i < x.size() && i < y.size(); ++i) m = std::max(m, std::fabs(y[i] - x[i]));
        return m;
    } catch (const std::exception&) {  // a dtype the kernels do not read: the digests say enough
        return std::nullopt;
    }
}

// A constant whose value changed: one entry naming its consumers in b (docs/graph-diff.md §8).
ChangedNode changedConstant(const Graph& b, NodeId x, NodeId y, const ConstantContent& before,
                            const ConstantContent& after) {
    const Node& nb = b.node(y);
    ChangedNode c{
        x,  y, shownName(nb), opLabel(nb), {{"value", tensorText(before.tensor), tensorText(after.tensor)}},
        {}, {}};
    std::set<std::string> consumers;
    for (const NodeOutput& o : nb.outputs())
        for (const Use& u : o.uses)
            if (const Node* reader = b.findNode(u.node); reader && u.input >= 0)
                consumers.insert(shownName(*reader));
    c.consumers.assign(consumers.begin(), consumers.end());
    c.maxAbsDiff = maxAbsDifference(before.tensor, after.tensor);
    return c;
}

GraphDiff diffWith(const Graph& a, const Graph& b, const NodeMatching& matching, const DiffOptions& options,
                   const ConstantTable* ca, const ConstantTable* cb) {
    GraphDiff d;
    // §8: a constant without a partner whose value the other side holds is a duplicate merged or
    // split, not a constant added or removed.
    for (NodeId id : matching.onlyInB) {
        const ConstantContent* c = cb ? cb->find(id) : nullptr;
        if (const NodeId twin = c ? ca->findEqual(*c) : kNoNode; twin != kNoNode)
            d.heldDifferently.push_back(held(a, twin, b, id, c->tensor));
        else
            d.added.push_back(ref(b.node(id)));
    }
    for (NodeId id : matching.onlyInA) {
        const ConstantContent* c = ca ? ca->find(id) : nullptr;
        if (const NodeId twin = c ? cb->findEqual(*c) : kNoNode; twin != kNoNode)
            d.heldDifferently.push_back(held(a, id, b, twin, c->tensor));
        else
            d.removed.push_back(ref(a.node(id)));
    }
    const FieldDiffer differ(a, b, matching, options, ca, cb);
    for (const auto& [x, y] : matching.matched) {
        const Node& nb = b.node(y);
        const ConstantContent* cx = differ.constantA(x);
        const ConstantContent* cy = differ.constantB(y);
        PairFields fields = differ.compare(a.node(x), nb);
        if (cx && cy) {
            if (!cx->sameAs(*cy))
                d.changed.push_back(changedConstant(b, x, y, *cx, *cy));
            else if (!fields.changes.empty() || !fields.refinements.empty())
                d.heldDifferently.push_back(held(a, x, b, y, cy->tensor));
            continue;
        }
        if (!fields.changes.empty()) {
            std::vector<FieldChange>& all = fields.changes;
            all.insert(all.end(), fields.refinements.begin(), fields.refinements.end());
            d.changed.push_back(ChangedNode{x, y, shownName(nb), opLabel(nb), std::move(all), {}, {}});
        } else if (!fields.refinements.empty()) {
            d.refined.push_back(
                ChangedNode{x, y, shownName(nb), opLabel(nb), std::move(fields.refinements), {}, {}});
        }
    }
    return d;
}

}  // namespace

GraphDiff diffGraphs(const Graph& a, const Graph& b, const DiffOptions& options, NodeMatching* matching) {
    NodeMatching local;
    NodeMatching& m = matching ? *matching : local;
    if (!options.constantsByValue) {
        m = matchNodes(a, b, options);
        return diffWith(a, b, m, options, nullptr, nullptr);
    }
    const ConstantTable ca(a), cb(b);
    m = matchNodes(a, b, ca, cb);
    return diffWith(a, b, m, options, &ca, &cb);
}

GraphDiff diffGraphs(const Graph& a, const Graph& b, const NodeMatching& matching,
                     const DiffOptions& options) {
    if (!options.constantsByValue) return diffWith(a, b, matching, options, nullptr, nullptr);
    const ConstantTable ca(a), cb(b);
    return diffWith(a, b, matching, options, &ca, &cb);
}

}  // namespace passscope::diff

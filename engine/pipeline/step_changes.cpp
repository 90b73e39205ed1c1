#include "pipeline/step_changes.h"

#include <algorithm>
#include <set>

#include "ir/ge_attributes.h"
#include "ir/op_types.h"

namespace passscope {

namespace {

// Whether `inner` lies strictly inside the graph at `outer`.
bool below(const GraphPath& inner, const GraphPath& outer) {
    return inner.size() > outer.size() && std::equal(outer.begin(), outer.end(), inner.begin());
}

}  // namespace

ConstantNodes::ConstantNodes(const Journal& journal, const Graph& finalGraph, const GraphPath& graph) {
    for (const Node* n : finalGraph.nodes())
        if (op::holdsConstant(n->opType(), n->domain())) ids_.insert(n->id());
    for (const JournalStep& step : journal.steps())
        for (const Change& c : step.changes) {
            if (c.graph != graph) continue;  // another graph's ids
            if (const auto* a = std::get_if<change::NodeAdded>(&c)) {
                if (op::holdsConstant(a->opType, a->domain)) ids_.insert(a->node);
            } else if (const auto* r = std::get_if<change::NodeRemoved>(&c)) {
                if (op::holdsConstant(r->snapshot->opType(), r->snapshot->domain()))
                    ids_.insert(r->snapshot->id());
            }
        }
}

StepNodeChanges classifyStep(const JournalStep& step, const ConstantNodes& constants,
                             const GraphPath& graph) {
    std::set<NodeId> added, removed, transient, edited, constantIds;
    for (const Change& c : step.changes) {
        if (c.graph != graph) continue;
        if (const auto* a = std::get_if<change::NodeAdded>(&c))
            added.insert(a->node);
        else if (const auto* r = std::get_if<change::NodeRemoved>(&c)) {
            // Added and removed within one step: it never existed for anyone looking at the steps.
            if (added.erase(r->snapshot->id()))
                transient.insert(r->snapshot->id());
            else
                removed.insert(r->snapshot->id());
        }
    }
    // A constant end makes a rewire or a control edge a matter of representation.
    auto constantEnd = [&](const ValueRef& ref) { return ref.valid() && constants.contains(ref.node); };
    for (const Change& c : step.changes) {
        if (c.graph != graph) {
            if (below(c.graph, graph))
                edited.insert(c.graph[graph.size()].owner);  // a body's edit edits its owner
            continue;
        }
        std::visit(
            [&](const auto& x) {
                using T = std::decay_t<decltype(x)>;
                if constexpr (std::is_same_v<T, change::InputChanged>) {
                    if (constants.contains(x.node) || !(constantEnd(x.before) && constantEnd(x.after)))
                        edited.insert(x.node);
                } else if constexpr (std::is_same_v<T, change::AttributeChanged>) {
                    if (!ge::isBookkeepingAttribute(x.name)) edited.insert(x.node);  // GE's renumbered id
                } else if constexpr (std::is_same_v<T, change::InputsResized> ||
                                     std::is_same_v<T, change::OutputDescChanged> ||
                                     std::is_same_v<T, change::InputDescsChanged> ||
                                     std::is_same_v<T, change::OutputNameChanged>) {
                    edited.insert(x.node);
                } else if constexpr (std::is_same_v<T, change::ControlEdgeChanged>) {
                    const bool constantFrom = constants.contains(x.from),
                               constantTo = constants.contains(x.to);
                    if (constantFrom) edited.insert(x.from);  // routed to `constants` below
                    if (constantTo) edited.insert(x.to);
                    if (!constantFrom && !constantTo) {
                        edited.insert(x.from);
                        edited.insert(x.to);
                    }
                }
            },
            c);
    }
    StepNodeChanges out;
    auto route = [&](const std::set<NodeId>& ids, std::vector<NodeId>& computing) {
        for (NodeId id : ids) {
            if (transient.count(id)) continue;
            if (constants.contains(id))
                constantIds.insert(id);
            else
                computing.push_back(id);
        }
    };
    route(added, out.added);
    route(removed, out.removed);
    std::set<NodeId> editedOnly;
    for (NodeId id : edited)
        if (!added.count(id) && !removed.count(id)) editedOnly.insert(id);
    route(editedOnly, out.edited);
    out.constants.assign(constantIds.begin(), constantIds.end());
    return out;
}

}  // namespace passscope

// Journal::flush: the pending edits of one step in one graph written as what changed between the
// state kept of each node they touched and the graph as it is now (journal.h). The order is one
// JournalCursor can apply forwards and undo backwards: new nodes, then their contents and the
// edits of the others, control edges, the graph's inputs, and last the removed nodes, each after
// the removed nodes that read it, so that undoing puts a producer back before its consumers.
#include <algorithm>
#include <functional>
#include <map>

#include "pipeline/journal.h"

namespace passscope {
namespace {

std::shared_ptr<const Attribute> frozen(const Attribute& a) {
    // A deep copy: a body edited later must not change what the record says.
    return std::make_shared<const Attribute>(deepCopy(a));
}

bool sameTensor(const Tensor& a, const Tensor& b) {
    return a.dtype() == b.dtype() && a.dims() == b.dims() && a.buffer() == b.buffer() &&
           (a.dtype() != DataType::String || a.strings() == b.strings()) && a.name() == b.name() &&
           a.docString() == b.docString() && a.external().has_value() == b.external().has_value() &&
           (!a.external() ||
            (a.external()->location == b.external()->location &&
             a.external()->offset == b.external()->offset && a.external()->length == b.external()->length));
}

// Equal for certain (a false "different" only costs a record). Bodies compare by identity: an edit
// inside a body is recorded in the body's own graph.
bool sameAttribute(const Attribute& a, const Attribute& b) {
    if (a.name != b.name || a.kind != b.kind || a.refAttrName != b.refAttrName ||
        a.docString != b.docString || a.value.index() != b.value.index())
        return false;
    return std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            const T& y = std::get<T>(b.value);
            if constexpr (std::is_same_v<T, Tensor>) {
                return sameTensor(x, y);
            } else if constexpr (std::is_same_v<T, std::vector<Tensor>>) {
                if (x.size() != y.size()) return false;
                for (size_t i = 0; i < x.size(); ++i)
                    if (!sameTensor(x[i], y[i])) return false;
                return true;
            } else {
                return x == y;
            }
        },
        a.value);
}

const Attribute* attributeNamed(const Node& n, const std::string& name) {
    for (const Attribute& a : n.attributes())
        if (a.name == name) return &a;
    return nullptr;
}

// Values of this graph that the nodes of `body` (nested `level` graphs below it) read.
void escapingReads(const Graph& body, uint32_t level, std::vector<NodeId>& out) {
    for (const Node* n : body.nodes()) {
        for (const ValueRef& r : n->inputs())
            if (r.valid() && r.depth == level) out.push_back(r.node);
        for (const Graph* sub : n->subgraphs()) escapingReads(*sub, level + 1, out);
    }
}

// The removed nodes, consumers before producers.
std::vector<NodeId> removalOrder(const std::vector<NodeId>& removed,
                                 const std::unordered_map<NodeId, std::shared_ptr<const Node>>& before) {
    std::map<NodeId, std::vector<NodeId>> readers;  // producer -> removed nodes reading it
    std::map<NodeId, size_t> pending;               // removed node -> removed producers not yet placed
    const std::set<NodeId> set(removed.begin(), removed.end());
    for (NodeId id : removed) {
        const Node& n = *before.at(id);
        std::vector<NodeId> producers;
        for (const ValueRef& r : n.inputs())
            if (r.valid() && r.depth == 0) producers.push_back(r.node);
        for (const Graph* sub : n.subgraphs()) escapingReads(*sub, 1, producers);
        std::sort(producers.begin(), producers.end());
        producers.erase(std::unique(producers.begin(), producers.end()), producers.end());
        for (NodeId p : producers)
            if (p != id && set.count(p)) {
                readers[p].push_back(id);
                ++pending[id];
            }
    }
    // Producers first (Kahn), then reversed; a cycle (never in a graph that verifies) keeps id order.
    std::vector<NodeId> order, ready;
    for (NodeId id : removed)
        if (!pending.count(id)) ready.push_back(id);
    while (!ready.empty()) {
        const NodeId id = ready.back();
        ready.pop_back();
        order.push_back(id);
        for (NodeId r : readers[id])
            if (--pending[r] == 0) ready.push_back(r);
    }
    if (order.size() != removed.size()) return removed;
    std::reverse(order.begin(), order.end());
    return order;
}

using EdgeSet = std::set<std::pair<NodeId, NodeId>>;

void addEdgesOf(const Node& n, EdgeSet& edges) {
    for (NodeId to : n.controlOutputs()) edges.emplace(n.id(), to);
    for (NodeId from : n.controlInputs()) edges.emplace(from, n.id());
}

class StepWriter {
  public:
    StepWriter(std::vector<Change>& out, const GraphPath& path) : out_(out), path_(path) {}

    template <typename T>
    void emit(T change) {
        Change c(std::move(change));
        c.graph = path_;
        out_.push_back(std::move(c));
    }

    // A node new in the step, as it is now (its inputs come later, with the edits).
    void added(const Node& n) {
        emit(change::NodeAdded{n.id(), n.opType(), n.domain(), n.name(), n.outputs().size()});
    }
    void addedContents(const Node& n) {
        for (const Attribute& a : n.attributes())
            emit(change::AttributeChanged{n.id(), a.name, nullptr, frozen(a)});
        for (size_t o = 0; o < n.outputs().size(); ++o) {
            if (!n.output(o).name.empty()) emit(change::OutputNameChanged{n.id(), o, {}, n.output(o).name});
            // Whatever differs from the description a redone NodeAdded starts with: a format set
            // on a value of no known type too (a body's node inlined at target ge, fuzz finding).
            if (!(n.output(o).desc == TensorDesc{}))
                emit(change::OutputDescChanged{n.id(), o, std::make_shared<const TensorDesc>(),
                                               std::make_shared<const TensorDesc>(n.output(o).desc)});
        }
        if (!n.inputDescs().empty())
            emit(change::InputDescsChanged{n.id(), std::make_shared<const std::vector<TensorDesc>>(),
                                           std::make_shared<const std::vector<TensorDesc>>(n.inputDescs())});
    }
    void inputs(NodeId id, const std::vector<ValueRef>& before, const std::vector<ValueRef>& after) {
        const size_t common = std::min(before.size(), after.size());
        if (after.size() > before.size()) emit(change::InputsResized{id, before.size(), after.size()});
        for (size_t i = 0; i < std::max(before.size(), after.size()); ++i) {
            const ValueRef b = i < before.size() ? before[i] : ValueRef{};
            const ValueRef a = i < after.size() ? after[i] : ValueRef{};
            if (!(a == b) && (i < common || a.valid() || b.valid())) emit(change::InputChanged{id, i, b, a});
        }
        if (after.size() < before.size()) emit(change::InputsResized{id, before.size(), after.size()});
    }
    // A node that was there before and still is: one change per field that differs.
    void edited(const Node& was, const Node& now) {
        for (const Attribute& b : was.attributes()) {
            const Attribute* a = attributeNamed(now, b.name);
            if (!a || !sameAttribute(b, *a))
                emit(change::AttributeChanged{now.id(), b.name, frozen(b), a ? frozen(*a) : nullptr});
        }
        for (const Attribute& a : now.attributes())
            if (!attributeNamed(was, a.name))
                emit(change::AttributeChanged{now.id(), a.name, nullptr, frozen(a)});
        for (size_t o = 0; o < now.outputs().size() && o < was.outputs().size(); ++o) {
            if (was.output(o).name != now.output(o).name)
                emit(change::OutputNameChanged{now.id(), o, was.output(o).name, now.output(o).name});
            if (!(was.output(o).desc == now.output(o).desc))
                emit(change::OutputDescChanged{now.id(), o,
                                               std::make_shared<const TensorDesc>(was.output(o).desc),
                                               std::make_shared<const TensorDesc>(now.output(o).desc)});
        }
        if (was.inputDescs() != now.inputDescs())
            emit(change::InputDescsChanged{
                now.id(), std::make_shared<const std::vector<TensorDesc>>(was.inputDescs()),
                std::make_shared<const std::vector<TensorDesc>>(now.inputDescs())});
        inputs(now.id(), was.inputs(), now.inputs());
    }

  private:
    std::vector<Change>& out_;
    const GraphPath& path_;
};

}  // namespace

void Journal::flush() {
    Pending p = std::move(pending_);
    pending_ = {};
    if (p.step == kNotPlaced || !p.graph) return;
    const Graph& g = *p.graph;
    JournalStep& step = steps_[p.step];
    StepWriter w(step.changes, p.path);

    std::vector<NodeId> alive, removed, edited;
    for (NodeId id : p.added)
        if (g.findNode(id)) alive.push_back(id);  // added and removed again: never seen at a step
    for (const auto& [id, was] : p.before) (g.findNode(id) ? edited : removed).push_back(id);
    std::sort(edited.begin(), edited.end());
    std::sort(removed.begin(), removed.end());

    for (NodeId id : alive) w.added(g.node(id));
    for (NodeId id : alive) w.addedContents(g.node(id));
    for (NodeId id : edited) w.edited(*p.before.at(id), g.node(id));
    for (NodeId id : alive) w.inputs(id, {}, g.node(id).inputs());

    // Control edges: an edge changes only with both its ends touched, so the edges of the touched
    // nodes before and after say it all.
    EdgeSet before, after;
    for (const auto& [id, was] : p.before) addEdgesOf(*was, before);
    for (NodeId id : edited) addEdgesOf(g.node(id), after);
    for (NodeId id : alive) addEdgesOf(g.node(id), after);
    for (const auto& [from, to] : before)
        if (!after.count({from, to})) w.emit(change::ControlEdgeChanged{from, to, false});
    for (const auto& [from, to] : after)
        if (!before.count({from, to})) w.emit(change::ControlEdgeChanged{from, to, true});

    if (p.inputsBefore && *p.inputsBefore != g.inputs())
        w.emit(change::GraphInputsChanged{*p.inputsBefore, g.inputs()});

    // The removed nodes as they were; their bodies frozen now (nothing edited them since).
    for (NodeId id : removalOrder(removed, p.before)) {
        const std::shared_ptr<const Node>& was = p.before.at(id);
        w.emit(change::NodeRemoved{was->subgraphs().empty() ? was : Graph::detachedCopy(*was)});
    }
    step.changed = !step.changes.empty();
}

}  // namespace passscope

#include "pipeline/journal.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <unordered_set>

namespace passscope {

std::string_view reasonName(NotFoldedReason r) {
    switch (r) {
        case NotFoldedReason::RuntimeInput:
            return "runtime_input";
        case NotFoldedReason::UserFlag:
            return "user_flag";
        case NotFoldedReason::NoNeedFlag:
            return "no_need_constant_folding";
        case NotFoldedReason::NoKernel:
            return "no_kernel";
        case NotFoldedReason::KernelRefused:
            return "kernel_refused";
        case NotFoldedReason::SizeThreshold:
            return "size_threshold";
        case NotFoldedReason::MemoryPriority:
            return "memory_priority";
        case NotFoldedReason::NonDeterministic:
            return "non_deterministic";
        case NotFoldedReason::OwnsSubgraph:
            return "owns_subgraph";
        case NotFoldedReason::UnknownDomain:
            return "unknown_domain";
        case NotFoldedReason::PotentialConst:
            return "potential_const";
        case NotFoldedReason::SideEffect:
            return "side_effect";
        case NotFoldedReason::ContradictsInference:
            return "contradicts_inference";
        case NotFoldedReason::KeptByRule:
            return "kept_by_rule";
    }
    return "unknown";
}

std::vector<NodeId> JournalStep::addedNodes() const {
    std::vector<NodeId> out;
    for (const Change& c : changes)
        if (const auto* a = std::get_if<change::NodeAdded>(&c); a && c.inMainGraph()) out.push_back(a->node);
    return out;
}

std::vector<NodeId> JournalStep::removedNodes() const {
    std::vector<NodeId> out;
    for (const Change& c : changes)
        if (const auto* r = std::get_if<change::NodeRemoved>(&c); r && c.inMainGraph())
            out.push_back(r->snapshot->id());
    return out;
}

std::vector<NodeId> JournalStep::editedNodes() const {
    std::set<NodeId> added, removed, edited;
    for (NodeId id : addedNodes()) added.insert(id);
    for (NodeId id : removedNodes()) removed.insert(id);
    for (const Change& c : changes) {
        if (!c.inMainGraph()) {
            edited.insert(c.graph.front().owner);
            continue;
        }
        std::visit(
            [&](const auto& x) {
                using T = std::decay_t<decltype(x)>;
                if constexpr (std::is_same_v<T, change::InputChanged> ||
                              std::is_same_v<T, change::InputsResized> ||
                              std::is_same_v<T, change::AttributeChanged> ||
                              std::is_same_v<T, change::OutputDescChanged> ||
                              std::is_same_v<T, change::InputDescsChanged> ||
                              std::is_same_v<T, change::OutputNameChanged>)
                    edited.insert(x.node);
                else if constexpr (std::is_same_v<T, change::ControlEdgeChanged>) {
                    edited.insert(x.from);
                    edited.insert(x.to);
                }
            },
            c);
    }
    std::vector<NodeId> out;
    for (NodeId id : edited)
        if (!added.count(id) && !removed.count(id)) out.push_back(id);
    return out;
}

namespace {

bool sameRecord(const UnfoldedNode& a, const UnfoldedNode& b) {
    return a.node == b.node && a.reason == b.reason && a.graph == b.graph && a.detail == b.detail &&
           a.name == b.name && a.opType == b.opType && a.graphName == b.graphName;
}

}  // namespace

void Journal::begin(Graph& graph) {
    graph_ = &graph;
    steps_.clear();
    open_.clear();
    pending_ = {};
    lastUnfolded_.clear();
    graph.setObserver(this);  // sees the bodies' edits too
}

void Journal::end() {
    flush();
    if (graph_) graph_->setObserver(nullptr);
    graph_ = nullptr;
    open_.clear();
}

void Journal::beginStep(std::string pass, std::string stage, int iteration, GraphPath graph,
                        std::string graphName) {
    OpenStep open;
    open.step.pass = std::move(pass);
    open.step.stage = std::move(stage);
    open.step.iteration = iteration;
    open.step.graph = std::move(graph);
    open.step.graphName = std::move(graphName);
    open_.push_back(std::move(open));
}

void Journal::endStep(double seconds, PassStats stats, std::vector<UnfoldedNode> unfolded) {
    if (open_.empty()) return;
    flush();
    OpenStep open = std::move(open_.back());
    open_.pop_back();
    // A step that changed nothing takes its place now, after any nested steps it ran.
    if (open.placed == kNotPlaced) {
        steps_.push_back(std::move(open.step));
        open.placed = steps_.size() - 1;
    }
    JournalStep& s = steps_[open.placed];
    s.seconds = seconds;
    s.stats = stats;
    s.changed = !s.changes.empty();
    s.unfolded = {};
    s.unfolded.reserve(unfolded.size());
    for (UnfoldedNode& u : unfolded) {
        UnfoldedList::Record& last = lastUnfolded_[{u.graph, u.node}];
        if (!last || !sameRecord(*last, u)) last = std::make_shared<const UnfoldedNode>(std::move(u));
        s.unfolded.push_back(last);
    }
}

Journal::Pending* Journal::pendingFor(const Graph& where) {
    GraphPath path;
    if (&where != graph_) {
        path = pathOf(where);
        // A copy of a body that is not (yet) part of the graph reports through its parent too;
        // only the graphs the journal can find again are recorded.
        if (!graph_ || resolvePath(*graph_, path) != &where) return nullptr;
    }
    if (open_.empty()) beginStep("(outside a pass)", "", 0);
    OpenStep& open = open_.back();
    // The step is placed by its first change, so nested steps run before it come first. When a
    // nested step came after its last change, what follows goes to a continuation at the end,
    // keeping steps in the order their changes happened (replay depends on it).
    if (open.placed == kNotPlaced || open.placed != steps_.size() - 1) {
        flush();
        JournalStep placed;
        placed.pass = open.step.pass;
        placed.stage = open.step.stage;
        placed.iteration = open.step.iteration;
        placed.graph = open.step.graph;
        placed.graphName = open.step.graphName;
        steps_.push_back(std::move(placed));
        open.placed = steps_.size() - 1;
    }
    // One graph at a time: an edit of another graph (a body, or the graph owning the body) ends
    // what was pending, so no body changes under a state kept of its owner.
    if (pending_.step != open.placed || pending_.graph != &where) {
        flush();
        pending_.step = open.placed;
        pending_.graph = &where;
        pending_.path = std::move(path);
    }
    return &pending_;
}

void Journal::nodeWillChange(const Graph& g, const Node& n) {
    Pending* p = pendingFor(g);
    if (!p || p->added.count(n.id()) || p->before.count(n.id())) return;
    p->before.emplace(n.id(), Graph::stateCopy(n));
}

void Journal::nodeAdded(const Graph& g, const Node& n) {
    Pending* p = pendingFor(g);
    // A node removed and put back within the pending edits (a restore) is compared with what it
    // was; any other is new, read as it is when the edits are flushed.
    if (p && !p->before.count(n.id())) p->added.insert(n.id());
}

void Journal::graphInputsChanged(const Graph& g, const std::vector<NodeId>& before) {
    Pending* p = pendingFor(g);
    if (p && !p->inputsBefore) p->inputsBefore = before;
}

// Every other edit was announced by nodeWillChange: the state kept then and the graph at the
// flush say what it changed.
void Journal::nodeRemoved(const Graph&, const Node&) {}
void Journal::inputChanged(const Graph&, const Node&, size_t, const ValueRef&) {}
void Journal::inputsResized(const Graph&, const Node&, size_t) {}
void Journal::attributeChanged(const Graph&, const Node&, const Attribute*, const Attribute*) {}
void Journal::outputDescChanged(const Graph&, const Node&, size_t, const TensorDesc&) {}
void Journal::outputNameChanged(const Graph&, const Node&, size_t, const std::string&) {}
void Journal::inputDescsChanged(const Graph&, const Node&, const std::vector<TensorDesc>&) {}
void Journal::controlEdgeChanged(const Graph&, NodeId, NodeId, bool) {}

size_t Journal::memoryBytes() const {
    size_t bytes = sizeof(*this);
    for (const JournalStep& s : steps_) {
        bytes += sizeof(JournalStep) + s.changes.capacity() * sizeof(Change) +
                 s.unfolded.size() * sizeof(UnfoldedList::Record);
        for (const Change& c : s.changes) {
            bytes += c.graph.capacity() * sizeof(GraphPathStep);
            if (const auto* r = std::get_if<change::NodeRemoved>(&c))
                bytes += sizeof(Node) + 64 * r->snapshot->attributes().size();
            else if (const auto* a = std::get_if<change::AttributeChanged>(&c))
                bytes += sizeof(Attribute) * ((a->before ? 1 : 0) + (a->after ? 1 : 0));
            else if (std::holds_alternative<change::OutputDescChanged>(c))
                bytes += 2 * sizeof(TensorDesc);
            else if (const auto* d = std::get_if<change::InputDescsChanged>(&c))
                bytes += sizeof(TensorDesc) *
                         ((d->before ? d->before->size() : 0) + (d->after ? d->after->size() : 0));
        }
    }
    std::unordered_set<const UnfoldedNode*> records;  // each shared record once
    for (const JournalStep& s : steps_)
        for (const UnfoldedList::Record& u : s.unfolded.records())
            if (records.insert(u.get()).second)
                bytes += sizeof(UnfoldedNode) + u->name.capacity() + u->detail.capacity() +
                         u->graphName.capacity();
    return bytes;
}

JournalCursor::JournalCursor(const Journal& journal, const Graph& finalGraph)
    : journal_(journal), graph_(finalGraph.clone()), position_(journal.steps().size()) {}

void JournalCursor::moveTo(size_t step) {
    const auto& steps = journal_.steps();
    step = std::min(step, steps.size());
    while (position_ < step) {
        for (const Change& c : steps[position_].changes) apply(c);
        ++position_;
    }
    while (position_ > step) {
        --position_;
        const auto& changes = steps[position_].changes;
        for (auto it = changes.rbegin(); it != changes.rend(); ++it) undo(*it);
    }
}

Graph& JournalCursor::target(const Change& c) {
    if (c.inMainGraph()) return *graph_;
    Graph* g = resolvePath(*graph_, c.graph);
    if (!g) throw std::logic_error("journal replay: no graph at " + describePath(*graph_, c.graph));
    return *g;
}

void JournalCursor::apply(const Change& c) {
    Graph& g = target(c);
    std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, change::NodeAdded>)
                g.addNodeWithId(x.node, x.opType, x.domain, x.name, x.outputs);
            else if constexpr (std::is_same_v<T, change::NodeRemoved>)
                g.removeNode(x.snapshot->id());
            else if constexpr (std::is_same_v<T, change::InputChanged>)
                g.setInput(x.node, x.input, x.after);
            else if constexpr (std::is_same_v<T, change::InputsResized>)
                g.setInputCount(x.node, x.after);
            else if constexpr (std::is_same_v<T, change::AttributeChanged>) {
                if (x.after)
                    g.setAttribute(x.node, deepCopy(*x.after));
                else
                    g.removeAttribute(x.node, x.name);
            } else if constexpr (std::is_same_v<T, change::OutputDescChanged>)
                g.setOutputDesc(x.node, x.output, *x.after);
            else if constexpr (std::is_same_v<T, change::InputDescsChanged>)
                g.setInputDescs(x.node, *x.after);
            else if constexpr (std::is_same_v<T, change::OutputNameChanged>)
                g.setOutputName(x.node, x.output, x.after);
            else if constexpr (std::is_same_v<T, change::ControlEdgeChanged>) {
                if (x.added)
                    g.addControlEdge(x.from, x.to);
                else
                    g.removeControlEdge(x.from, x.to);
            } else if constexpr (std::is_same_v<T, change::GraphInputsChanged>)
                g.setInputs(x.after);
        },
        c);
}

void JournalCursor::undo(const Change& c) {
    Graph& g = target(c);
    std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, change::NodeAdded>)
                g.removeNode(x.node);
            else if constexpr (std::is_same_v<T, change::NodeRemoved>)
                g.restoreNode(*x.snapshot);
            else if constexpr (std::is_same_v<T, change::InputChanged>)
                g.setInput(x.node, x.input, x.before);
            else if constexpr (std::is_same_v<T, change::InputsResized>)
                g.setInputCount(x.node, x.before);
            else if constexpr (std::is_same_v<T, change::AttributeChanged>) {
                if (x.before)
                    g.setAttribute(x.node, deepCopy(*x.before));
                else
                    g.removeAttribute(x.node, x.name);
            } else if constexpr (std::is_same_v<T, change::OutputDescChanged>)
                g.setOutputDesc(x.node, x.output, *x.before);
            else if constexpr (std::is_same_v<T, change::InputDescsChanged>)
                g.setInputDescs(x.node, *x.before);
            else if constexpr (std::is_same_v<T, change::OutputNameChanged>)
                g.setOutputName(x.node, x.output, x.before);
            else if constexpr (std::is_same_v<T, change::ControlEdgeChanged>) {
                if (x.added)
                    g.removeControlEdge(x.from, x.to);
                else
                    g.addControlEdge(x.from, x.to);
            } else if constexpr (std::is_same_v<T, change::GraphInputsChanged>)
                g.setInputs(x.before);
        },
        c);
}

}  // namespace passscope

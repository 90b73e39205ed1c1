#include "pipeline/journal.h"

#include <algorithm>
#include <set>
#include <stdexcept>

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

void Journal::begin(Graph& graph) {
    graph_ = &graph;
    steps_.clear();
    open_.clear();
    graph.setObserver(this);  // sees the bodies' edits too
}

void Journal::end() {
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
    s.unfolded = std::move(unfolded);
}

void Journal::record(const Graph& where, Change c) {
    if (&where != graph_) {
        c.graph = pathOf(where);
        // A copy of a body that is not (yet) part of the graph reports through its parent too;
        // only the graphs the journal can find again are recorded.
        if (!graph_ || resolvePath(*graph_, c.graph) != &where) return;
    }
    if (open_.empty()) beginStep("(outside a pass)", "", 0);
    OpenStep& open = open_.back();
    // The step is placed by its first change, so nested steps run before it comes first. When a
    // nested step came after its last change, what follows goes to a continuation at the end,
    // keeping steps in the order their changes happened (replay depends on it).
    if (open.placed == kNotPlaced || open.placed != steps_.size() - 1) {
        JournalStep placed;
        placed.pass = open.step.pass;
        placed.stage = open.step.stage;
        placed.iteration = open.step.iteration;
        placed.graph = open.step.graph;
        placed.graphName = open.step.graphName;
        steps_.push_back(std::move(placed));
        open.placed = steps_.size() - 1;
    }
    JournalStep& s = steps_[open.placed];
    s.changes.push_back(std::move(c));
    s.changed = true;
}

void Journal::nodeAdded(const Graph& g, const Node& n) {
    record(g, change::NodeAdded{n.id(), n.opType(), n.domain(), n.name(), n.outputs().size()});
    // A restored node arrives complete: record its content as edits so replay rebuilds it.
    for (const Attribute& a : n.attributes())
        record(g, change::AttributeChanged{n.id(), a.name, nullptr,
                                           std::make_shared<const Attribute>(deepCopy(a))});
    if (!n.inputs().empty()) {
        record(g, change::InputsResized{n.id(), 0, n.inputs().size()});
        for (size_t i = 0; i < n.inputs().size(); ++i)
            if (n.input(i).valid()) record(g, change::InputChanged{n.id(), i, ValueRef{}, n.input(i)});
    }
    for (size_t o = 0; o < n.outputs().size(); ++o) {
        if (!n.output(o).name.empty()) record(g, change::OutputNameChanged{n.id(), o, {}, n.output(o).name});
        if (n.output(o).desc.hasType())
            record(g, change::OutputDescChanged{n.id(), o, std::make_shared<const TensorDesc>(),
                                                std::make_shared<const TensorDesc>(n.output(o).desc)});
    }
    if (!n.inputDescs().empty())
        record(g, change::InputDescsChanged{n.id(), std::make_shared<const std::vector<TensorDesc>>(),
                                            std::make_shared<const std::vector<TensorDesc>>(n.inputDescs())});
}

void Journal::nodeRemoved(const Graph& g, const Node& n) {
    // A detached copy of the node alone: its size, not the graph's.
    record(g, change::NodeRemoved{Graph::detachedCopy(n)});
}

void Journal::inputChanged(const Graph& g, const Node& n, size_t input, const ValueRef& before) {
    record(g, change::InputChanged{n.id(), input, before, n.input(input)});
}

void Journal::inputsResized(const Graph& g, const Node& n, size_t oldCount) {
    record(g, change::InputsResized{n.id(), oldCount, n.inputs().size()});
}

void Journal::attributeChanged(const Graph& g, const Node& n, const Attribute* before,
                               const Attribute* after) {
    // Deep copies: a subgraph edited later must not change what this record says.
    change::AttributeChanged c{n.id(), before ? before->name : after->name, nullptr, nullptr};
    if (before) c.before = std::make_shared<const Attribute>(deepCopy(*before));
    if (after) c.after = std::make_shared<const Attribute>(deepCopy(*after));
    record(g, std::move(c));
}

void Journal::outputDescChanged(const Graph& g, const Node& n, size_t output, const TensorDesc& before) {
    record(g, change::OutputDescChanged{n.id(), output, std::make_shared<const TensorDesc>(before),
                                        std::make_shared<const TensorDesc>(n.output(output).desc)});
}

void Journal::outputNameChanged(const Graph& g, const Node& n, size_t output, const std::string& before) {
    record(g, change::OutputNameChanged{n.id(), output, before, n.output(output).name});
}

void Journal::inputDescsChanged(const Graph& g, const Node& n, const std::vector<TensorDesc>& before) {
    record(g, change::InputDescsChanged{n.id(), std::make_shared<const std::vector<TensorDesc>>(before),
                                        std::make_shared<const std::vector<TensorDesc>>(n.inputDescs())});
}

void Journal::controlEdgeChanged(const Graph& g, NodeId from, NodeId to, bool added) {
    record(g, change::ControlEdgeChanged{from, to, added});
}

void Journal::graphInputsChanged(const Graph& g, const std::vector<NodeId>& before) {
    record(g, change::GraphInputsChanged{before, g.inputs()});
}

size_t Journal::memoryBytes() const {
    size_t bytes = sizeof(*this);
    for (const JournalStep& s : steps_) {
        bytes += sizeof(JournalStep) + s.changes.capacity() * sizeof(Change) +
                 s.unfolded.capacity() * sizeof(UnfoldedNode);
        for (const UnfoldedNode& u : s.unfolded) bytes += u.name.capacity() + u.detail.capacity();
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

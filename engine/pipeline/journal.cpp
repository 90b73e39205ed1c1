#include "pipeline/journal.h"

#include <algorithm>
#include <set>

namespace passscope {

std::string_view reasonName(NotFoldedReason r) {
    switch (r) {
        case NotFoldedReason::RuntimeInput: return "runtime_input";
        case NotFoldedReason::UserFlag: return "user_flag";
        case NotFoldedReason::NoNeedFlag: return "no_need_constant_folding";
        case NotFoldedReason::NoKernel: return "no_kernel";
        case NotFoldedReason::KernelRefused: return "kernel_refused";
        case NotFoldedReason::SizeThreshold: return "size_threshold";
        case NotFoldedReason::MemoryPriority: return "memory_priority";
        case NotFoldedReason::NonDeterministic: return "non_deterministic";
        case NotFoldedReason::OwnsSubgraph: return "owns_subgraph";
        case NotFoldedReason::UnknownDomain: return "unknown_domain";
        case NotFoldedReason::PotentialConst: return "potential_const";
        case NotFoldedReason::SideEffect: return "side_effect";
        case NotFoldedReason::ContradictsInference: return "contradicts_inference";
    }
    return "unknown";
}

std::vector<NodeId> JournalStep::addedNodes() const {
    std::vector<NodeId> out;
    for (const Change& c : changes)
        if (const auto* a = std::get_if<change::NodeAdded>(&c)) out.push_back(a->node);
    return out;
}

std::vector<NodeId> JournalStep::removedNodes() const {
    std::vector<NodeId> out;
    for (const Change& c : changes)
        if (const auto* r = std::get_if<change::NodeRemoved>(&c)) out.push_back(r->snapshot->id());
    return out;
}

std::vector<NodeId> JournalStep::editedNodes() const {
    std::set<NodeId> added, removed, edited;
    for (NodeId id : addedNodes()) added.insert(id);
    for (NodeId id : removedNodes()) removed.insert(id);
    for (const Change& c : changes) {
        std::visit(
            [&](const auto& x) {
                using T = std::decay_t<decltype(x)>;
                if constexpr (std::is_same_v<T, change::InputChanged> || std::is_same_v<T, change::InputsResized> ||
                              std::is_same_v<T, change::AttributeChanged> || std::is_same_v<T, change::OutputDescChanged> ||
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
    inputsBefore_ = graph.inputs();
    steps_.clear();
    graph.setObserver(this);
}

void Journal::end() {
    if (graph_) graph_->setObserver(nullptr);
    graph_ = nullptr;
}

void Journal::beginStep(std::string pass, std::string stage, int iteration) {
    JournalStep s;
    s.pass = std::move(pass);
    s.stage = std::move(stage);
    s.iteration = iteration;
    steps_.push_back(std::move(s));
    inStep_ = true;
}

void Journal::endStep(double seconds, PassStats stats, std::vector<UnfoldedNode> unfolded) {
    JournalStep& s = steps_.back();
    s.seconds = seconds;
    s.stats = stats;
    s.changed = !s.changes.empty();
    s.unfolded = std::move(unfolded);
    inStep_ = false;
}

void Journal::record(Change c) {
    if (!inStep_) beginStep("(outside a pass)", "", 0), inStep_ = true;
    steps_.back().changes.push_back(std::move(c));
}

void Journal::nodeAdded(const Graph&, const Node& n) {
    record(change::NodeAdded{n.id(), n.opType(), n.domain(), n.name(), n.outputs().size()});
    // A restored node arrives complete: record its content as edits so replay rebuilds it.
    for (const Attribute& a : n.attributes()) record(change::AttributeChanged{n.id(), a.name, std::nullopt, deepCopy(a)});
    if (!n.inputs().empty()) {
        record(change::InputsResized{n.id(), 0, n.inputs().size()});
        for (size_t i = 0; i < n.inputs().size(); ++i)
            if (n.input(i).valid()) record(change::InputChanged{n.id(), i, ValueRef{}, n.input(i)});
    }
    for (size_t o = 0; o < n.outputs().size(); ++o) {
        if (!n.output(o).name.empty()) record(change::OutputNameChanged{n.id(), o, {}, n.output(o).name});
        if (n.output(o).desc.hasType()) record(change::OutputDescChanged{n.id(), o, TensorDesc{}, n.output(o).desc});
    }
}

void Journal::nodeRemoved(const Graph&, const Node& n) {
    // Node is copyable through the Graph only; keep a detached single-node clone.
    auto holder = std::make_shared<Graph>();
    holder->restoreNode(n);
    std::shared_ptr<const Node> snapshot(holder, holder->findNode(n.id()));
    record(change::NodeRemoved{snapshot});
}

void Journal::inputChanged(const Graph&, const Node& n, size_t input, const ValueRef& before) {
    record(change::InputChanged{n.id(), input, before, n.input(input)});
}

void Journal::inputsResized(const Graph&, const Node& n, size_t oldCount) {
    record(change::InputsResized{n.id(), oldCount, n.inputs().size()});
}

void Journal::attributeChanged(const Graph&, const Node& n, const Attribute* before, const Attribute* after) {
    // Deep copies: a subgraph edited later must not change what this record says.
    change::AttributeChanged c{n.id(), before ? before->name : after->name, std::nullopt, std::nullopt};
    if (before) c.before = deepCopy(*before);
    if (after) c.after = deepCopy(*after);
    record(std::move(c));
}

void Journal::outputDescChanged(const Graph&, const Node& n, size_t output, const TensorDesc& before) {
    record(change::OutputDescChanged{n.id(), output, before, n.output(output).desc});
}

void Journal::outputNameChanged(const Graph&, const Node& n, size_t output, const std::string& before) {
    record(change::OutputNameChanged{n.id(), output, before, n.output(output).name});
}

void Journal::controlEdgeChanged(const Graph&, NodeId from, NodeId to, bool added) {
    record(change::ControlEdgeChanged{from, to, added});
}

void Journal::graphInputsChanged(const Graph& g) {
    record(change::GraphInputsChanged{inputsBefore_, g.inputs()});
    inputsBefore_ = g.inputs();
}

size_t Journal::memoryBytes() const {
    size_t bytes = sizeof(*this);
    for (const JournalStep& s : steps_) {
        bytes += sizeof(JournalStep) + s.changes.capacity() * sizeof(Change) + s.unfolded.capacity() * sizeof(UnfoldedNode);
        for (const UnfoldedNode& u : s.unfolded) bytes += u.name.capacity() + u.detail.capacity();
        for (const Change& c : s.changes)
            if (const auto* r = std::get_if<change::NodeRemoved>(&c)) bytes += sizeof(Node) + 64 * r->snapshot->attributes().size();
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

void JournalCursor::apply(const Change& c) {
    Graph& g = *graph_;
    std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, change::NodeAdded>) g.addNodeWithId(x.node, x.opType, x.domain, x.name, x.outputs);
            else if constexpr (std::is_same_v<T, change::NodeRemoved>) g.removeNode(x.snapshot->id());
            else if constexpr (std::is_same_v<T, change::InputChanged>) g.setInput(x.node, x.input, x.after);
            else if constexpr (std::is_same_v<T, change::InputsResized>) g.setInputCount(x.node, x.after);
            else if constexpr (std::is_same_v<T, change::AttributeChanged>) {
                if (x.after) g.setAttribute(x.node, deepCopy(*x.after));
                else g.removeAttribute(x.node, x.name);
            } else if constexpr (std::is_same_v<T, change::OutputDescChanged>) g.setOutputDesc(x.node, x.output, x.after);
            else if constexpr (std::is_same_v<T, change::OutputNameChanged>) g.setOutputName(x.node, x.output, x.after);
            else if constexpr (std::is_same_v<T, change::ControlEdgeChanged>) {
                if (x.added) g.addControlEdge(x.from, x.to);
                else g.removeControlEdge(x.from, x.to);
            } else if constexpr (std::is_same_v<T, change::GraphInputsChanged>) g.setInputs(x.after);
        },
        c);
}

void JournalCursor::undo(const Change& c) {
    Graph& g = *graph_;
    std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, change::NodeAdded>) g.removeNode(x.node);
            else if constexpr (std::is_same_v<T, change::NodeRemoved>) g.restoreNode(*x.snapshot);
            else if constexpr (std::is_same_v<T, change::InputChanged>) g.setInput(x.node, x.input, x.before);
            else if constexpr (std::is_same_v<T, change::InputsResized>) g.setInputCount(x.node, x.before);
            else if constexpr (std::is_same_v<T, change::AttributeChanged>) {
                if (x.before) g.setAttribute(x.node, deepCopy(*x.before));
                else g.removeAttribute(x.node, x.name);
            } else if constexpr (std::is_same_v<T, change::OutputDescChanged>) g.setOutputDesc(x.node, x.output, x.before);
            else if constexpr (std::is_same_v<T, change::OutputNameChanged>) g.setOutputName(x.node, x.output, x.before);
            else if constexpr (std::is_same_v<T, change::ControlEdgeChanged>) {
                if (x.added) g.removeControlEdge(x.from, x.to);
                else g.addControlEdge(x.from, x.to);
            } else if constexpr (std::is_same_v<T, change::GraphInputsChanged>) g.setInputs(x.before);
        },
        c);
}

}  // namespace passscope

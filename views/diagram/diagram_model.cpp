#include "diagram_model.h"

#include <algorithm>
#include <unordered_set>

#include "ir/op_types.h"

namespace passscope::views {

namespace {

struct EdgeHash {
    size_t operator()(const DiagramEdge& e) const {
        return std::hash<uint64_t>()((uint64_t(uint32_t(e.from)) << 32) | uint32_t(e.to));
    }
};

// Initializers, ONNX Constant nodes and constants made by folding: drawn inside their consumers.
bool isWeight(const Node& node) {
    return op::holdsConstant(node.opType(), node.domain());
}

}  // namespace

int DiagramModel::addNode(const Node& node, int position) {
    auto [it, inserted] = index_.try_emplace(node.id(), static_cast<int>(nodes_.size()));
    if (!inserted) {
        DiagramNode& known = nodes_[it->second];
        known.firstPosition = std::min(known.firstPosition, position);
        known.lastPosition = std::max(known.lastPosition, position);
        return it->second;
    }
    DiagramNode d;
    d.id = node.id();
    d.name = node.name();
    d.opType = node.opType();
    d.domain = node.domain();
    d.firstPosition = d.lastPosition = position;
    d.weight = isWeight(node);
    nodes_.push_back(std::move(d));
    return it->second;
}

// Edges from same-graph producers only: outer-scope reads belong to subgraph bodies.
void DiagramModel::addEdgesOf(const Graph& graph, const Node& node) {
    const int to = indexOf(node.id());
    if (to < 0) return;
    int weights = 0;
    for (const ValueRef& ref : node.inputs()) {
        if (!ref.valid() || ref.depth != 0) continue;
        const Node* producer = graph.findNode(ref.node);
        if (!producer) continue;
        const int from = indexOf(producer->id());
        if (from < 0) continue;
        if (nodes_[from].weight)
            ++weights;
        else
            edges_.push_back({from, to});
    }
    nodes_[to].weightInputs = std::max(nodes_[to].weightInputs, weights);
}

std::shared_ptr<const DiagramModel> DiagramModel::build(const Journal& journal, const Graph& finalGraph) {
    JournalCursor cursor(journal, finalGraph);
    return build(journal, cursor);
}

std::shared_ptr<const DiagramModel> DiagramModel::build(const Journal& journal, JournalCursor& cursor) {
    auto model = std::make_shared<DiagramModel>();
    const auto& steps = journal.steps();
    model->positions_ = steps.size() + 1;
    cursor.moveTo(0);
    const Graph& g = cursor.graph();
    std::vector<const Node*> initial = g.nodes();
    std::sort(initial.begin(), initial.end(), [](const Node* a, const Node* b) { return a->id() < b->id(); });
    for (const Node* n : initial) {
        const int index = model->addNode(*n, 0);
        model->nodes_[index].lastPosition = static_cast<int>(steps.size());  // until removed
    }
    for (const Node* n : initial) model->addEdgesOf(g, *n);

    for (size_t s = 0; s < steps.size(); ++s) {
        cursor.moveTo(s + 1);
        const int position = static_cast<int>(s + 1);
        const JournalStep& step = steps[s];
        for (NodeId id : step.removedNodes()) {
            auto it = model->index_.find(id);
            if (it != model->index_.end()) model->nodes_[it->second].lastPosition = position - 1;
        }
        for (NodeId id : step.addedNodes()) {
            const Node* n = g.findNode(id);
            if (!n) continue;  // added and removed again within the step (or in a subgraph body)
            const int index = model->addNode(*n, position);
            model->nodes_[index].lastPosition = static_cast<int>(steps.size());
        }
        std::unordered_set<NodeId> touched;
        for (NodeId id : step.addedNodes()) touched.insert(id);
        for (NodeId id : step.editedNodes()) touched.insert(id);
        for (NodeId id : touched)
            if (const Node* n = g.findNode(id)) model->addEdgesOf(g, *n);
    }
    model->finish();
    return model;
}

std::shared_ptr<const DiagramModel> DiagramModel::fromGraph(const Graph& graph) {
    auto model = std::make_shared<DiagramModel>();
    std::vector<const Node*> nodes = graph.nodes();
    std::sort(nodes.begin(), nodes.end(), [](const Node* a, const Node* b) { return a->id() < b->id(); });
    for (const Node* n : nodes) model->addNode(*n, 0);
    for (const Node* n : nodes) model->addEdgesOf(graph, *n);
    model->finish();
    return model;
}

std::shared_ptr<const DiagramModel> DiagramModel::fromGraphs(const Graph& before, const Graph& after) {
    auto model = std::make_shared<DiagramModel>();
    model->positions_ = 2;
    std::vector<std::pair<const Node*, int>> nodes;  // (node, position), sorted by id
    for (const Node* n : before.nodes()) nodes.emplace_back(n, 0);
    for (const Node* n : after.nodes()) nodes.emplace_back(n, 1);
    std::stable_sort(nodes.begin(), nodes.end(),
                     [](const auto& a, const auto& b) { return a.first->id() < b.first->id(); });
    for (const auto& [n, position] : nodes) model->addNode(*n, position);
    for (const Node* n : before.nodes()) model->addEdgesOf(before, *n);
    for (const Node* n : after.nodes()) model->addEdgesOf(after, *n);
    model->finish();
    return model;
}

void DiagramModel::finish() {
    // Duplicate edges (a value read twice, or an edge that exists at several positions) are drawn once.
    std::unordered_set<DiagramEdge, EdgeHash> seen;
    std::vector<DiagramEdge> unique;
    unique.reserve(edges_.size());
    for (const DiagramEdge& e : edges_)
        if (seen.insert(e).second) unique.push_back(e);
    edges_ = std::move(unique);

    std::vector<std::string> names;
    drawnItem_.assign(nodes_.size(), -1);
    for (size_t i = 0; i < nodes_.size(); ++i) {
        if (nodes_[i].weight) {
            constants_.insert(nodes_[i].id);
            continue;
        }
        drawnItem_[i] = static_cast<int>(drawn_.size());
        drawn_.push_back(static_cast<int>(i));
        names.push_back(nodes_[i].name);
    }
    std::vector<std::pair<int, int>> itemEdges;
    itemEdges.reserve(edges_.size());
    for (const DiagramEdge& e : edges_) itemEdges.emplace_back(drawnItem_[e.from], drawnItem_[e.to]);
    scopes_ = ScopeTree::build(names, itemEdges);
}

int DiagramModel::indexOf(NodeId id) const {
    auto it = index_.find(id);
    return it == index_.end() ? -1 : it->second;
}

int DiagramModel::groupOfNode(int node) const {
    const int item = drawnItem_.at(node);
    return item < 0 ? -1 : scopes_.groupOf(item);
}

}  // namespace passscope::views

#include "diagram_model.h"

#include <algorithm>
#include <unordered_map>
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

// GE's format passes name what they insert after the value it converts: a weight's TransData is
// "features.0.0.weight/TransData_NCHW_to_FRACTAL_Z", the input's "input/TransData_…".
bool namedAfter(const Graph& graph, const Node& node, const ValueRef& ref) {
    const NodeOutput* value = graph.value(ref);
    const Node* producer = graph.producer(ref);
    const std::string base = value && !value->name.empty() ? value->name
                             : producer                    ? producer->displayName()
                                                           : "";
    const std::string& name = node.name();
    return !base.empty() && name.size() > base.size() + 1 && name.compare(0, base.size(), base) == 0 &&
           name[base.size()] == '/';
}

// The deepest scope that every reader of a node lies in, as a name prefix ("/features/0/0"),
// or empty when they share none.
std::string scopeOfReaders(const std::vector<std::string>* readers) {
    if (!readers || readers->empty()) return {};
    std::vector<std::string> common = ScopeTree::scopeSegments(readers->front());
    for (const std::string& reader : *readers) {
        const std::vector<std::string> segments = ScopeTree::scopeSegments(reader);
        size_t n = 0;
        while (n < common.size() && n < segments.size() && common[n] == segments[n]) ++n;
        common.resize(n);
    }
    std::string prefix;
    for (const std::string& segment : common) prefix += '/' + segment;
    return prefix;
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
        if (!ref.valid()) continue;
        if (namedAfter(graph, node, ref)) nodes_[to].namedAfterInput = true;
        if (ref.depth != 0) continue;
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

    // Nodes that belong where they are read rather than where their names put them, grouped with
    // their readers (in the deepest scope all of them share):
    // - A node named after the value it reads would form a scope of one named after a weight or a
    //   graph input and be drawn at the top level, wired across the drawing to the block that
    //   reads it (MobileNetV3 at target ge opened on 2 boxes of 168, its Conv weights' TransData
    //   spread over the top level).
    // - A computation on constants alone with no scope of its own: torch.onnx exports a weight
    //   several modules share (every freshly initialised BatchNorm's ones and zeros) as one
    //   initializer and an unscoped `Identity_12` per extra reader. Left at the top level, 59 of
    //   them stood in a row above an EfficientNet-B0 and wired themselves into every block
    //   (issue 35: the first view showed one box).
    std::vector<char> computed(nodes_.size(), 0);  // reads a drawn node's value
    for (const DiagramEdge& e : edges_) computed[e.to] = 1;
    std::vector<char> withReaders(nodes_.size(), 0);
    for (size_t i = 0; i < nodes_.size(); ++i) {
        const DiagramNode& n = nodes_[i];
        withReaders[i] =
            n.namedAfterInput || (!n.weight && !computed[i] && !op::isStructural(n.opType, n.domain) &&
                                  ScopeTree::scopeSegments(n.name).empty());
    }
    std::unordered_map<int, std::vector<std::string>> readersOf;
    for (const DiagramEdge& e : edges_)
        if (withReaders[e.from]) readersOf[e.from].push_back(nodes_[e.to].name);
    auto groupingName = [&](int node) {
        const std::string& name = nodes_[node].name;
        if (!withReaders[node]) return name;
        auto it = readersOf.find(node);
        const std::string scope = scopeOfReaders(it == readersOf.end() ? nullptr : &it->second);
        const size_t slash = name.rfind('/');
        return scope.empty() ? name : scope + (slash == std::string::npos ? '/' + name : name.substr(slash));
    };

    std::vector<std::string> names;
    std::vector<char> lasting;  // per item: still there at the last position
    drawnItem_.assign(nodes_.size(), -1);
    for (size_t i = 0; i < nodes_.size(); ++i) {
        if (nodes_[i].weight) {
            constants_.insert(nodes_[i].id);
            continue;
        }
        drawnItem_[i] = static_cast<int>(drawn_.size());
        drawn_.push_back(static_cast<int>(i));
        names.push_back(groupingName(static_cast<int>(i)));
        lasting.push_back(nodes_[i].lastPosition + 1 >= static_cast<int>(positions_));
    }
    std::vector<std::pair<int, int>> itemEdges;
    itemEdges.reserve(edges_.size());
    for (const DiagramEdge& e : edges_) itemEdges.emplace_back(drawnItem_[e.from], drawnItem_[e.to]);
    scopes_ = ScopeTree::build(names, itemEdges, lasting);
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

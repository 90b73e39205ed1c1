#include "ir/graph.h"

#include "ir/op_types.h"

#include <algorithm>
#include <queue>
#include <stdexcept>
#include <utility>

namespace passscope {
namespace {

Attribute cloneAttribute(const Attribute& attr, Graph* newParent, NodeId owner) {
    Attribute copy = attr;
    auto cloneGraph = [&](const GraphPtr& g) -> GraphPtr {
        if (!g) return g;
        GraphPtr c(g->clone().release());
        c->setParent(newParent, owner);
        return c;
    };
    if (auto* g = std::get_if<GraphPtr>(&copy.value)) {
        *g = cloneGraph(*g);
    } else if (auto* gs = std::get_if<std::vector<GraphPtr>>(&copy.value)) {
        for (GraphPtr& p : *gs) p = cloneGraph(p);
    }
    return copy;
}

void eraseOne(std::vector<Use>& uses, const Use& use) {
    auto it = std::find(uses.begin(), uses.end(), use);
    if (it != uses.end()) uses.erase(it);
}

}  // namespace

std::unique_ptr<Node> Graph::copyNode(const Node& src, Graph* owner) {
    auto n = std::make_unique<Node>();
    n->id_ = src.id_;
    n->name_ = src.name_;
    n->opType_ = src.opType_;
    n->domain_ = src.domain_;
    n->doc_ = src.doc_;
    n->inputs_ = src.inputs_;
    n->outputs_ = src.outputs_;
    n->inputDescs_ = src.inputDescs_;
    n->controlInputs_ = src.controlInputs_;
    n->controlOutputs_ = src.controlOutputs_;
    n->attrs_.reserve(src.attrs_.size());
    for (const Attribute& a : src.attrs_) n->attrs_.push_back(cloneAttribute(a, owner, src.id_));
    return n;
}

std::unique_ptr<Graph> Graph::clone() const {
    auto copy = std::make_unique<Graph>();
    copy->name = name;
    copy->docString = docString;
    copy->opaqueQuantizationAnnotations = opaqueQuantizationAnnotations;
    copy->nodes_.resize(nodes_.size());
    for (size_t i = 0; i < nodes_.size(); ++i) {
        if (!nodes_[i]) continue;
        copy->nodes_[i] = copyNode(*nodes_[i], copy.get());
    }
    copy->liveCount_ = liveCount_;
    copy->inputs_ = inputs_;
    copy->netOutput_ = netOutput_;
    copy->parent_ = parent_;
    copy->ownerNode_ = ownerNode_;
    return copy;
}

const Node* Graph::findNode(NodeId id) const {
    return id < nodes_.size() ? nodes_[id].get() : nullptr;
}

Node* Graph::findNodeMutable(NodeId id) {
    return id < nodes_.size() ? nodes_[id].get() : nullptr;
}

const Node& Graph::node(NodeId id) const {
    const Node* n = findNode(id);
    if (!n) throw std::out_of_range("no node with id " + std::to_string(id));
    return *n;
}

Node& Graph::mutableNode(NodeId id) {
    Node* n = findNodeMutable(id);
    if (!n) throw std::out_of_range("no node with id " + std::to_string(id));
    return *n;
}

Node& Graph::nodeToEdit(NodeId id) {
    Node& n = mutableNode(id);
    if (GraphObserver* o = observer()) o->nodeWillChange(*this, n);
    return n;
}

std::vector<const Node*> Graph::nodes() const {
    std::vector<const Node*> out;
    out.reserve(liveCount_);
    for (const auto& n : nodes_)
        if (n) out.push_back(n.get());
    return out;
}

void Graph::forEachNode(const std::function<void(const Node&)>& fn) const {
    for (const auto& n : nodes_)
        if (n) fn(*n);
}

void Graph::setInputs(std::vector<NodeId> ids) {
    std::vector<NodeId> before = std::exchange(inputs_, std::move(ids));
    if (GraphObserver* o = observer()) o->graphInputsChanged(*this, before);
}

std::unordered_map<std::string, ValueRef> Graph::valuesByName() const {
    std::unordered_map<std::string, ValueRef> out;
    for (const auto& n : nodes_) {
        if (!n) continue;
        for (size_t i = 0; i < n->outputs_.size(); ++i)
            if (!n->outputs_[i].name.empty())
                out.emplace(n->outputs_[i].name, ValueRef{n->id_, static_cast<uint32_t>(i), 0});
    }
    return out;
}

std::vector<std::string> Graph::outputNames() const {
    std::vector<std::string> names;
    const Node* out = findNode(netOutput_);
    if (!out) return names;
    const Attribute* a = out->findAttr(op::attr::kOutputNames);
    const auto* declared = a ? std::get_if<std::vector<std::string>>(&a->value) : nullptr;
    for (size_t i = 0; i < out->inputs_.size(); ++i) {
        if (declared && i < declared->size()) {
            names.push_back((*declared)[i]);
        } else {
            const NodeOutput* v = value(out->inputs_[i]);
            names.push_back(v ? v->name : std::string());
        }
    }
    return names;
}

const Graph& Graph::root() const {
    const Graph* at = this;
    while (at->parent()) at = at->parent();
    return *at;
}

const Graph* Graph::scope(uint32_t depth) const {
    const Graph* g = this;
    for (uint32_t i = 0; i < depth && g; ++i) g = g->parent_;
    return g;
}

const Node* Graph::producer(const ValueRef& ref) const {
    if (!ref.valid()) return nullptr;
    const Graph* g = scope(ref.depth);
    return g ? g->findNode(ref.node) : nullptr;
}

const NodeOutput* Graph::value(const ValueRef& ref) const {
    const Node* p = producer(ref);
    if (!p || ref.output >= p->outputs_.size()) return nullptr;
    return &p->outputs_[ref.output];
}

std::optional<std::pair<Graph*, Use>> Graph::useSite(const ValueRef& ref, NodeId consumer, int32_t input) {
    Graph* g = this;
    Use use{consumer, input};
    for (uint32_t i = 0; i < ref.depth; ++i) {
        if (!g->parent_) return std::nullopt;
        use = Use{g->ownerNode_, Use::kImplicit};
        g = g->parent_;
    }
    return std::make_pair(g, use);
}

void Graph::addUse(const ValueRef& ref, Use use) {
    if (!ref.valid()) return;
    auto site = useSite(ref, use.node, use.input);
    if (!site) return;
    Node* p = site->first->findNodeMutable(ref.node);
    if (p && ref.output < p->outputs_.size()) p->outputs_[ref.output].uses.push_back(site->second);
}

void Graph::dropUse(const ValueRef& ref, Use use) {
    if (!ref.valid()) return;
    auto site = useSite(ref, use.node, use.input);
    if (!site) return;
    Node* p = site->first->findNodeMutable(ref.node);
    if (p && ref.output < p->outputs_.size()) eraseOne(p->outputs_[ref.output].uses, site->second);
}

Attribute deepCopy(const Attribute& attr, Graph* parent, NodeId owner) {
    return cloneAttribute(attr, parent, owner);
}

Node& Graph::addNodeWithId(NodeId id, std::string opType, std::string domain, std::string name,
                           size_t outputCount) {
    if (id < nodes_.size() && nodes_[id])
        throw std::logic_error("addNodeWithId: id " + std::to_string(id) + " is in use");
    if (id >= nodes_.size()) nodes_.resize(id + 1);
    auto n = std::make_unique<Node>();
    n->id_ = id;
    n->opType_ = std::move(opType);
    n->domain_ = std::move(domain);
    n->name_ = std::move(name);
    n->outputs_.resize(outputCount);
    nodes_[id] = std::move(n);
    ++liveCount_;
    if (GraphObserver* o = observer()) o->nodeAdded(*this, *nodes_[id]);
    return *nodes_[id];
}

Node& Graph::addNode(std::string opType, std::string domain, std::string name, size_t outputCount) {
    auto n = std::make_unique<Node>();
    n->id_ = static_cast<NodeId>(nodes_.size());
    n->opType_ = std::move(opType);
    n->domain_ = std::move(domain);
    n->name_ = std::move(name);
    n->outputs_.resize(outputCount);
    Node& ref = *n;
    nodes_.push_back(std::move(n));
    ++liveCount_;
    if (GraphObserver* o = observer()) o->nodeAdded(*this, ref);
    return ref;
}

void Graph::removeNode(NodeId id) {
    Node& n = nodeToEdit(id);
    // Detach consumers and control edges first, each as an observable change, so that the
    // journal can undo a removal exactly.
    for (size_t o = 0; o < n.outputs_.size(); ++o) {
        std::vector<Use> uses = n.outputs_[o].uses;
        for (const Use& u : uses) {
            Node* c = findNodeMutable(u.node);
            if (c && u.input >= 0 && static_cast<size_t>(u.input) < c->inputs_.size())
                setInput(u.node, static_cast<size_t>(u.input), ValueRef{});
        }
        n.outputs_[o].uses.clear();  // implicit (subgraph) reads stay dangling, as documented
    }
    for (NodeId from : std::vector<NodeId>(n.controlInputs_)) removeControlEdge(from, id);
    for (NodeId to : std::vector<NodeId>(n.controlOutputs_)) removeControlEdge(id, to);
    for (size_t i = 0; i < n.inputs_.size(); ++i) dropUse(n.inputs_[i], Use{id, static_cast<int32_t>(i)});
    for (Graph* sub : n.subgraphs()) linkEscapingReads(*sub, false);
    if (std::find(inputs_.begin(), inputs_.end(), id) != inputs_.end()) {
        std::vector<NodeId> remaining = inputs_;
        std::erase(remaining, id);
        setInputs(std::move(remaining));
    }
    if (GraphObserver* o = observer()) o->nodeRemoved(*this, n);
    // A weight mapped from a file and now out of the graph (folding replaced it) gives its pages
    // back: a journal keeping it reads them again from the file if a step back needs them, instead
    // of holding the replaced weights resident beside their replacements (issue 38).
    if (const Tensor* t = n.attrTensor(op::attr::kValue); t && t->buffer()) t->buffer()->dropResidentPages();
    if (netOutput_ == id) netOutput_ = kNoNode;
    nodes_[id].reset();
    --liveCount_;
}

std::shared_ptr<const Node> Graph::detachedCopy(const Node& n) {
    std::unique_ptr<Node> copy = copyNode(n, nullptr);
    for (NodeOutput& o : copy->outputs_) o.uses = {};
    return copy;
}

std::shared_ptr<const Node> Graph::stateCopy(const Node& n) {
    // Allocated as the graph allocates its nodes (not make_shared): a step that removes nodes frees
    // blocks of the size its snapshots take, so the journal grows into the memory the graph gives up.
    auto copy = std::make_unique<Node>(n);
    for (NodeOutput& o : copy->outputs_) o.uses = {};
    return std::shared_ptr<const Node>(std::move(copy));
}

void Graph::restoreNode(const Node& snapshot) {
    const NodeId id = snapshot.id_;
    if (id >= nodes_.size()) nodes_.resize(id + 1);
    if (nodes_[id]) throw std::logic_error("restoreNode: id " + std::to_string(id) + " is in use");
    auto n = copyNode(snapshot, this);
    // Consumers and control edges come back by undoing their own changes.
    for (NodeOutput& o : n->outputs_) o.uses.clear();
    n->controlInputs_.clear();
    n->controlOutputs_.clear();
    nodes_[id] = std::move(n);
    ++liveCount_;
    Node& r = *nodes_[id];
    for (size_t i = 0; i < r.inputs_.size(); ++i) addUse(r.inputs_[i], Use{id, static_cast<int32_t>(i)});
    for (Graph* sub : r.subgraphs()) linkEscapingReads(*sub, true);
    if (GraphObserver* o = observer()) o->nodeAdded(*this, r);
}

void Graph::setInput(NodeId node, size_t index, ValueRef value) {
    Node& n = nodeToEdit(node);
    if (index >= n.inputs_.size()) throw std::out_of_range("input index out of range");
    ValueRef before = n.inputs_[index];
    dropUse(before, Use{node, static_cast<int32_t>(index)});
    n.inputs_[index] = value;
    addUse(value, Use{node, static_cast<int32_t>(index)});
    if (GraphObserver* o = observer()) o->inputChanged(*this, n, index, before);
}

void Graph::addInput(NodeId node, ValueRef value) {
    Node& n = nodeToEdit(node);
    size_t old = n.inputs_.size();
    n.inputs_.push_back(ValueRef{});
    if (GraphObserver* o = observer()) o->inputsResized(*this, n, old);
    setInput(node, old, value);
}

void Graph::setInputCount(NodeId node, size_t count) {
    Node& n = nodeToEdit(node);
    size_t old = n.inputs_.size();
    for (size_t i = count; i < old; ++i) setInput(node, i, ValueRef{});
    n.inputs_.resize(count);
    if (GraphObserver* o = observer(); o && old != count) o->inputsResized(*this, n, old);
}

void Graph::setInputsUnlinked(NodeId node, std::vector<ValueRef> inputs) {
    mutableNode(node).inputs_ = std::move(inputs);
}

void Graph::linkEscapingReads(Graph& body, bool add) {
    // `level` = how many graphs lie between a node of `g` and the graph owning `body`'s owner:
    // a ref with depth >= level leaves `body`; shallower refs are the body's own business.
    std::function<void(Graph&, uint32_t)> walk = [&](Graph& g, uint32_t level) {
        for (auto& n : g.nodes_) {
            if (!n) continue;
            for (size_t i = 0; i < n->inputs_.size(); ++i) {
                const ValueRef& r = n->inputs_[i];
                if (!r.valid() || r.depth < level) continue;
                if (add)
                    g.addUse(r, Use{n->id_, static_cast<int32_t>(i)});
                else
                    g.dropUse(r, Use{n->id_, static_cast<int32_t>(i)});
            }
            for (Graph* sub : n->subgraphs()) walk(*sub, level + 1);
        }
    };
    walk(body, 1);
}

void Graph::collectOuterRefs(std::vector<ValueRef>& out, uint32_t depth) const {
    for (const auto& n : nodes_) {
        if (!n) continue;
        for (const ValueRef& r : n->inputs_)
            if (r.valid() && r.depth == depth) out.push_back(ValueRef{r.node, r.output, 0});
        for (Graph* sub : n->subgraphs()) sub->collectOuterRefs(out, depth + 1);
    }
}

void Graph::rewriteOuterRefs(const ValueRef& from, const ValueRef& to, uint32_t depth) {
    for (auto& n : nodes_) {
        if (!n) continue;
        for (size_t i = 0; i < n->inputs_.size(); ++i) {
            const ValueRef r = n->inputs_[i];
            // `to` may itself be an outer value of the graph owning `from` (depth > 0).
            if (r.depth == depth && r.node == from.node && r.output == from.output)
                setInput(n->id_, i, ValueRef{to.node, to.output, depth + to.depth});
        }
        for (Graph* sub : n->subgraphs()) sub->rewriteOuterRefs(from, to, depth + 1);
    }
}

void Graph::replaceAllUses(const ValueRef& from, const ValueRef& to) {
    const Node& p = node(from.node);
    std::vector<Use> uses = p.outputs_.at(from.output).uses;
    std::vector<NodeId> implicitOwners;
    for (const Use& u : uses) {
        if (u.input >= 0) {
            setInput(u.node, static_cast<size_t>(u.input), to);
        } else if (std::find(implicitOwners.begin(), implicitOwners.end(), u.node) == implicitOwners.end()) {
            implicitOwners.push_back(u.node);
        }
    }
    for (NodeId owner : implicitOwners)
        for (Graph* sub : node(owner).subgraphs()) sub->rewriteOuterRefs(from, to, 1);
}

void Graph::setAttribute(NodeId node, Attribute attr) {
    Node& n = nodeToEdit(node);
    for (Graph* g : attr.graphs()) {
        g->setParent(this, node);
        linkEscapingReads(*g, true);
    }
    for (Attribute& a : n.attrs_) {
        if (a.name == attr.name) {
            for (Graph* g : a.graphs()) linkEscapingReads(*g, false);
            Attribute before = std::move(a);
            a = std::move(attr);
            if (GraphObserver* o = observer()) o->attributeChanged(*this, n, &before, &a);
            return;
        }
    }
    n.attrs_.push_back(std::move(attr));
    if (GraphObserver* o = observer()) o->attributeChanged(*this, n, nullptr, &n.attrs_.back());
}

bool Graph::removeAttribute(NodeId node, std::string_view name) {
    Node& n = mutableNode(node);
    for (auto it = n.attrs_.begin(); it != n.attrs_.end(); ++it) {
        if (it->name == name) {
            if (GraphObserver* o = observer()) o->nodeWillChange(*this, n);
            for (Graph* g : it->graphs()) linkEscapingReads(*g, false);
            Attribute before = std::move(*it);
            n.attrs_.erase(it);
            if (GraphObserver* o = observer()) o->attributeChanged(*this, n, &before, nullptr);
            return true;
        }
    }
    return false;
}

void Graph::setOutputName(NodeId node, size_t output, std::string name) {
    Node& n = nodeToEdit(node);
    std::string before = std::move(n.outputs_.at(output).name);
    n.outputs_[output].name = std::move(name);
    if (GraphObserver* o = observer()) o->outputNameChanged(*this, n, output, before);
}

void Graph::setOutputDesc(NodeId node, size_t output, TensorDesc desc) {
    Node& n = nodeToEdit(node);
    TensorDesc before = std::move(n.outputs_.at(output).desc);
    n.outputs_[output].desc = std::move(desc);
    if (GraphObserver* o = observer()) o->outputDescChanged(*this, n, output, before);
}

void Graph::setOutputDocString(NodeId node, size_t output, std::string doc) {
    mutableNode(node).outputs_.at(output).docString = std::move(doc);
}

void Graph::setInputDescs(NodeId node, std::vector<TensorDesc> descs) {
    Node& n = mutableNode(node);
    if (n.inputDescs_ == descs) return;  // nothing changed: no journal entry for a no-op
    if (GraphObserver* o = observer()) o->nodeWillChange(*this, n);
    std::vector<TensorDesc> before = std::move(n.inputDescs_);
    n.inputDescs_ = std::move(descs);
    if (GraphObserver* o = observer()) o->inputDescsChanged(*this, n, before);
}

void Graph::setDocString(NodeId node, std::string doc) {
    mutableNode(node).doc_ = std::move(doc);
}

void Graph::addControlEdge(NodeId from, NodeId to) {
    Node& f = mutableNode(from);
    Node& t = mutableNode(to);
    if (std::find(f.controlOutputs_.begin(), f.controlOutputs_.end(), to) != f.controlOutputs_.end()) return;
    if (GraphObserver* o = observer()) {
        o->nodeWillChange(*this, f);
        o->nodeWillChange(*this, t);
    }
    f.controlOutputs_.push_back(to);
    t.controlInputs_.push_back(from);
    if (GraphObserver* o = observer()) o->controlEdgeChanged(*this, from, to, true);
}

void Graph::removeControlEdge(NodeId from, NodeId to) {
    Node& f = mutableNode(from);
    Node& t = mutableNode(to);
    if (GraphObserver* o = observer()) {
        o->nodeWillChange(*this, f);
        o->nodeWillChange(*this, t);
    }
    std::erase(f.controlOutputs_, to);
    std::erase(t.controlInputs_, from);
    if (GraphObserver* o = observer()) o->controlEdgeChanged(*this, from, to, false);
}

void Graph::rebuildUses() {
    // First clear every level, then link every level: a subgraph's link lands in an ancestor.
    std::function<void(Graph&)> clear = [&](Graph& g) {
        for (auto& n : g.nodes_) {
            if (!n) continue;
            for (NodeOutput& o : n->outputs_) o.uses.clear();
            for (Graph* sub : n->subgraphs()) {
                sub->setParent(&g, n->id_);
                clear(*sub);
            }
        }
    };
    std::function<void(Graph&)> link = [&](Graph& g) {
        for (auto& n : g.nodes_) {
            if (!n) continue;
            for (size_t i = 0; i < n->inputs_.size(); ++i)
                g.addUse(n->inputs_[i], Use{n->id_, static_cast<int32_t>(i)});
            for (Graph* sub : n->subgraphs()) link(*sub);
        }
    };
    clear(*this);
    link(*this);
}

std::optional<std::vector<NodeId>> Graph::topologicalOrder(NodeId* cycleNode) const {
    const size_t limit = nodes_.size();
    std::vector<std::vector<NodeId>> successors(limit);
    std::vector<uint32_t> pending(limit, 0);
    auto addEdge = [&](NodeId from, NodeId to) {
        if (from >= limit || !nodes_[from]) return;
        successors[from].push_back(to);
        ++pending[to];
    };
    std::vector<ValueRef> outer;
    for (const auto& n : nodes_) {
        if (!n) continue;
        for (const ValueRef& r : n->inputs_)
            if (r.valid() && r.depth == 0) addEdge(r.node, n->id_);
        for (NodeId c : n->controlInputs_) addEdge(c, n->id_);
        outer.clear();
        for (Graph* sub : n->subgraphs()) sub->collectOuterRefs(outer, 1);
        for (const ValueRef& r : outer) addEdge(r.node, n->id_);
    }
    std::priority_queue<NodeId, std::vector<NodeId>, std::greater<>> ready;
    for (const auto& n : nodes_)
        if (n && pending[n->id_] == 0) ready.push(n->id_);
    std::vector<NodeId> order;
    order.reserve(liveCount_);
    while (!ready.empty()) {
        NodeId id = ready.top();
        ready.pop();
        order.push_back(id);
        for (NodeId s : successors[id])
            if (--pending[s] == 0) ready.push(s);
    }
    if (order.size() != liveCount_) {
        if (cycleNode) {
            *cycleNode = kNoNode;
            for (const auto& n : nodes_)
                if (n && pending[n->id_] > 0) {
                    *cycleNode = n->id_;
                    break;
                }
        }
        return std::nullopt;
    }
    return order;
}

}  // namespace passscope

#pragma once
// A computation graph: nodes with stable ids (never reused), data edges as ValueRefs with use
// lists kept in step, control edges, graph inputs as Data nodes and outputs as the inputs of one
// NetOutput node. Subgraphs (If/Loop/Scan bodies) are Graphs owned by their node's attributes and
// know their parent, so outer-scope values resolve through ValueRef::depth.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/graph_observer.h"
#include "ir/graph_path.h"
#include "ir/node.h"

namespace passscope {

// A copy of an attribute whose subgraphs are cloned, not shared; the clones' parent is set to
// (parent, owner) so their outer-scope references resolve.
Attribute deepCopy(const Attribute& attr, Graph* parent = nullptr, NodeId owner = kNoNode);

class Graph {
  public:
    Graph() = default;
    Graph(const Graph&) = delete;
    Graph& operator=(const Graph&) = delete;

    // Deep copy of structure (subgraphs too); tensor bytes stay shared. Ids are preserved.
    std::unique_ptr<Graph> clone() const;

    std::string name;
    std::string docString;
    // Serialized onnx::StringStringEntryProto-style annotations the engine does not interpret.
    std::vector<std::string> opaqueQuantizationAnnotations;

    // ---- reading ----
    const Node* findNode(NodeId id) const;
    Node* findNodeMutable(NodeId id);
    const Node& node(NodeId id) const;  // throws std::out_of_range for a removed or unknown id
    size_t nodeCount() const { return liveCount_; }
    NodeId idLimit() const { return static_cast<NodeId>(nodes_.size()); }  // all ids are below this
    // Live nodes in id order.
    std::vector<const Node*> nodes() const;
    void forEachNode(const std::function<void(const Node&)>& fn) const;

    // Graph inputs (Data nodes, and for IR < 4 the Consts listed as inputs) in declared order.
    const std::vector<NodeId>& inputs() const { return inputs_; }
    void setInputs(std::vector<NodeId> ids);
    NodeId netOutput() const { return netOutput_; }
    // Names of the graph outputs: as declared at import (NetOutput's _output_names), else the
    // producers' value names. Passes never rename graph outputs.
    std::vector<std::string> outputNames() const;
    void setNetOutput(NodeId id) { netOutput_ = id; }

    Graph* parent() const { return parent_; }
    // The outermost graph (this one for a main graph): a body's reads of outer values are use
    // lists of its ancestors.
    const Graph& root() const;
    NodeId ownerNode() const { return ownerNode_; }  // id in parent() of the node owning this graph
    void setParent(Graph* parent, NodeId owner) {
        parent_ = parent;
        ownerNode_ = owner;
    }
    // The graph a ValueRef at `depth` points into (this graph for depth 0); null when too deep.
    const Graph* scope(uint32_t depth) const;
    // The producer of a value, following outer scopes; null when the ref is dangling.
    const Node* producer(const ValueRef& ref) const;
    const NodeOutput* value(const ValueRef& ref) const;

    // ---- editing (every change notifies the observer) ----
    Node& addNode(std::string opType, std::string domain, std::string name, size_t outputCount);
    // Replay only (JournalCursor): adds a node under an id that was issued before.
    Node& addNodeWithId(NodeId id, std::string opType, std::string domain, std::string name,
                        size_t outputCount);
    void removeNode(NodeId id);  // detaches its inputs, control edges and any remaining uses
    // Puts back a node removed earlier, with the same id (the journal's undo). Its inputs are
    // linked; its consumers and control edges are restored by undoing their own changes.
    void restoreNode(const Node& snapshot);
    // A copy of `n` that belongs to no graph (its subgraphs are cloned, parentless; no use lists):
    // what the journal keeps of a removed node. Costs the node's size, not the graph's.
    static std::shared_ptr<const Node> detachedCopy(const Node& n);
    // A copy of `n`'s own state (no use lists) that shares its subgraphs: what the journal keeps of
    // a node while a step edits it, cheap because no body is copied. Valid while those bodies are
    // not edited; detachedCopy of it freezes them.
    static std::shared_ptr<const Node> stateCopy(const Node& n);
    void setInput(NodeId node, size_t index, ValueRef value);
    void addInput(NodeId node, ValueRef value);
    void setInputCount(NodeId node, size_t count);
    // Bulk construction only (the importer): sets inputs without touching use lists; call
    // rebuildUses() once afterwards. Observers are not told.
    void setInputsUnlinked(NodeId node, std::vector<ValueRef> inputs);
    // Moves every use of `from` (a depth-0 value) to `to` (a value this graph can read: depth 0, or
    // an outer value at depth > 0), including reads from subgraphs.
    void replaceAllUses(const ValueRef& from, const ValueRef& to);
    // Adds or replaces by name. Subgraphs of the new attribute are adopted (parent set) and the
    // outer values they read gain implicit uses on the way out; those of a replaced one lose them.
    void setAttribute(NodeId node, Attribute attr);
    bool removeAttribute(NodeId node, std::string_view name);
    void setOutputName(NodeId node, size_t output, std::string name);
    void setOutputDesc(NodeId node, size_t output, TensorDesc desc);
    void setOutputDocString(NodeId node, size_t output, std::string doc);
    void setInputDescs(NodeId node, std::vector<TensorDesc> descs);
    void setDocString(NodeId node, std::string doc);
    void addControlEdge(NodeId from, NodeId to);
    void removeControlEdge(NodeId from, NodeId to);

    // The observer sees edits of this graph and of every subgraph below it (a subgraph without
    // an observer of its own reports to its nearest ancestor's), including bodies added later.
    void setObserver(GraphObserver* observer) { observer_ = observer; }
    GraphObserver* observer() const {
        for (const Graph* g = this; g; g = g->parent_)
            if (g->observer_) return g->observer_;
        return nullptr;
    }

    // Recomputes every use list (here and in subgraphs) from the inputs; used after bulk
    // construction by the importer and after cloning.
    void rebuildUses();

    // Node ids in a topological order (control edges and implicit subgraph reads included),
    // stable: among ready nodes the lowest id comes first, so an ordered import keeps its order.
    // nullopt when there is a cycle; `cycleNode` then names one node on it.
    std::optional<std::vector<NodeId>> topologicalOrder(NodeId* cycleNode = nullptr) const;

    // Every depth-0 value of this graph by its (non-empty) name.
    std::unordered_map<std::string, ValueRef> valuesByName() const;

  private:
    // A copy of `src` whose subgraphs are cloned under `owner`.
    static std::unique_ptr<Node> copyNode(const Node& src, Graph* owner);
    Node& mutableNode(NodeId id);
    // mutableNode, after telling the observer the node is about to change (nodeWillChange).
    Node& nodeToEdit(NodeId id);
    void addUse(const ValueRef& ref, Use use);
    void dropUse(const ValueRef& ref, Use use);
    // Where the use of an outer value by a subgraph node is recorded: the ancestor owner node.
    std::optional<std::pair<Graph*, Use>> useSite(const ValueRef& ref, NodeId consumer, int32_t input);
    void collectOuterRefs(std::vector<ValueRef>& out, uint32_t depth) const;
    // Adds (or drops) the uses of outer values read from inside `body` (owned by a node of this
    // graph): each read whose ref leaves the body is recorded where useSite() puts it.
    static void linkEscapingReads(Graph& body, bool add);
    void rewriteOuterRefs(const ValueRef& from, const ValueRef& to, uint32_t depth);

    std::vector<std::unique_ptr<Node>> nodes_;  // index = id; null once removed
    size_t liveCount_ = 0;
    std::vector<NodeId> inputs_;
    NodeId netOutput_ = kNoNode;
    Graph* parent_ = nullptr;
    NodeId ownerNode_ = kNoNode;
    GraphObserver* observer_ = nullptr;
};

}  // namespace passscope

#pragma once
// Hooks called by Graph's editing API after each change. The journal (pipeline/) implements this
// as instrumentation: passes never write to the journal themselves (docs/architecture.md §4, as MLIR).
#include <vector>

#include "ir/node.h"

namespace passscope {

class Graph;

class GraphObserver {
  public:
    virtual ~GraphObserver() = default;
    // Called before a node that exists is edited or removed, while it still holds its state before:
    // the journal keeps that state once per step and records what the step changed as a whole
    // (docs/architecture.md §5). Each edit below then reports what it did.
    virtual void nodeWillChange(const Graph&, const Node&) {}
    virtual void nodeAdded(const Graph&, const Node&) {}
    // Called before the node is destroyed, with its last state. By then its consumers and control
    // edges have been detached, each reported as its own change; its own inputs are kept in that
    // state (the journal's snapshot restores them) and only leave the producers' use lists.
    virtual void nodeRemoved(const Graph&, const Node&) {}
    virtual void inputChanged(const Graph&, const Node&, size_t input, const ValueRef& before) {}
    virtual void inputsResized(const Graph&, const Node&, size_t oldCount) {}
    virtual void attributeChanged(const Graph&, const Node&, const Attribute* before,
                                  const Attribute* after) {}
    virtual void outputDescChanged(const Graph&, const Node&, size_t output, const TensorDesc& before) {}
    virtual void outputNameChanged(const Graph&, const Node&, size_t output, const std::string& before) {}
    // What the node expects on its inputs (Node::inputDescs, GE's input descs) was replaced.
    virtual void inputDescsChanged(const Graph&, const Node&, const std::vector<TensorDesc>& before) {}
    virtual void controlEdgeChanged(const Graph&, NodeId from, NodeId to, bool added) {}
    virtual void graphInputsChanged(const Graph&, const std::vector<NodeId>& before) {}
};

}  // namespace passscope

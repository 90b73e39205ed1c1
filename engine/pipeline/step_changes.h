#pragma once
// What a journal step did to the nodes, in a user's terms: the nodes whose computation was added,
// removed or edited, kept apart from changes of how a constant is represented. Folding an ONNX
// `Constant` into a `Const`, or rewiring a consumer from one constant node to another, changes no
// value anywhere; marking those as changes drowns the real ones (issue 8: 342 "added", 342
// "removed" and 251 "changed" nodes at a step that only turned Constant nodes into Const). The
// graph view and the timeline count such nodes in a "constants" column of their own.
#include <unordered_set>
#include <vector>

#include "pipeline/journal.h"

namespace passscope {

struct StepNodeChanges {
    std::vector<NodeId> added;      // computing nodes the step created
    std::vector<NodeId> removed;    // computing nodes the step deleted
    std::vector<NodeId> edited;     // computing nodes whose attributes, descriptions or inputs changed
    std::vector<NodeId> constants;  // constant nodes created, deleted or edited (a change of representation)
};

// The nodes of a journal that hold a constant value (Const, FileConstant, an ONNX Constant) at any
// position. Node ids are never reused and a node's op type never changes, so one set serves every
// step: the final graph, the snapshots of removed nodes and the records of added ones name them all.
class ConstantNodes {
  public:
    ConstantNodes() = default;
    // `graph` selects a body (empty = the main graph); `finalGraph` is then that body (at any
    // position: the journal names the constant nodes it lacks).
    ConstantNodes(const Journal& journal, const Graph& finalGraph, const GraphPath& graph = {});
    bool contains(NodeId id) const { return ids_.count(id) > 0; }
    void insert(NodeId id) { ids_.insert(id); }

  private:
    std::unordered_set<NodeId> ids_;
};

// The step's changes sorted into computation and constant representation. Ids are sorted.
//  - A constant node added, removed or edited counts under `constants` only.
//  - A computing node whose only changes are inputs rewired from one constant to another (or
//    control edges to a constant) is not edited: it computes the same thing.
//  - Any other change of a computing node that the step neither added nor removed edits it.
//  - A change inside an If/Loop/Scan body edits the body's owner node in the main graph.
// With `graph` (a body's path), the same for the nodes of that body: its own changes count, a
// change in a body nested in it edits that body's owner, the rest of the model is not looked at.
StepNodeChanges classifyStep(const JournalStep& step, const ConstantNodes& constants,
                             const GraphPath& graph = {});

}  // namespace passscope

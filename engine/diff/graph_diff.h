#pragma once
// What differs between two graphs (docs/graph-diff.md): which nodes of one correspond to which of
// the other (by name, falling back to op type and neighbourhood where a compiler renamed nodes),
// and for each pair the fields that changed. Used by `passscope-cli diff`, by the GUI's side by
// side comparison and by the GE dump timeline (each stage diffed against the one before).
#include <string>
#include <utility>
#include <vector>

#include "ir/graph.h"

namespace passscope::diff {

// Node correspondence between graph a and graph b (main graphs; bodies are compared as fields of
// their owner nodes). Every live node of a is in exactly one of matched/onlyInA, likewise for b.
struct NodeMatching {
    std::vector<std::pair<NodeId, NodeId>> matched;  // (id in a, id in b)
    std::vector<NodeId> onlyInA;                     // removed
    std::vector<NodeId> onlyInB;                     // added
};
NodeMatching matchNodes(const Graph& a, const Graph& b);

// One changed field, named so a script can select it: "name" (a node matched under another
// name), "op", "input:<i>", "control_inputs",
// "attr:<name>", "output:<i>.dtype", "output:<i>.shape", "output:<i>.origin_shape",
// "output:<i>.format", "output:<i>.origin_format", "output:<i>.name", "input_desc:<i>.<...>",
// "body:<attr>".
struct FieldChange {
    std::string field;
    std::string before, after;  // readable values ("" = absent)
};

struct NodeRef {
    NodeId id = kNoNode;   // in a for removed, in b for added
    std::string name, op;  // op: "Conv", or "<domain>:<type>" outside the ONNX domain
};

struct ChangedNode {
    NodeId a = kNoNode, b = kNoNode;
    std::string name, op;  // as in b
    std::vector<FieldChange> fields;
};

struct GraphDiff {
    std::vector<NodeRef> added;
    std::vector<NodeRef> removed;
    std::vector<ChangedNode> changed;
    bool empty() const { return added.empty() && removed.empty() && changed.empty(); }
};

GraphDiff diffGraphs(const Graph& a, const Graph& b);
GraphDiff diffGraphs(const Graph& a, const Graph& b, const NodeMatching& matching);

// {"added":[{"name","op"}...],"removed":[...],"changed":[{"name","op","fields":[{"field","before","after"}...]}...]}
std::string diffToJson(const GraphDiff& diff);
// Human-readable, one line per node ("+ name (op)", "- name (op)", "~ name (op): field a -> b").
std::string diffToText(const GraphDiff& diff);

}  // namespace passscope::diff

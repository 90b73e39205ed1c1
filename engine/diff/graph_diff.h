#pragma once
// What differs between two graphs (docs/graph-diff.md): which nodes of one correspond to which of
// the other (by name, falling back to op type and neighbourhood where a compiler renamed nodes),
// and for each pair the fields that changed. Used by `passscope-cli diff`, by the GUI's side by
// side comparison and by the GE dump timeline (each stage diffed against the one before).
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ir/graph.h"

namespace passscope::diff {

// What counts as a difference. The default is the exact diff the GE dump replay and the stage
// timeline need (every change of representation is a change); `byComputation()` is what a user
// asks of `passscope-cli diff` and the compare window (docs/graph-diff.md §8).
struct DiffOptions {
    // A constant is its dtype, shape and bytes: held by a Constant node, an initializer or a GE
    // Const, under any name, it is the same constant. Matching pairs constants by value; a node
    // reading an equal constant under another name is unchanged; representation changes are
    // listed apart (GraphDiff::heldDifferently).
    bool constantsByValue = false;
    // A value description that only became known (unknown dtype or rank, or a dim that was
    // unknown) is a refinement, listed apart (GraphDiff::refined), not a change.
    bool refinementsApart = false;
    // Attributes never compared (GE's node id always; these too): bookkeeping a user knows.
    std::set<std::string> ignoredAttributes;

    static DiffOptions byComputation() {
        DiffOptions o;
        o.constantsByValue = true;
        o.refinementsApart = true;
        return o;
    }
};

// Node correspondence between graph a and graph b (main graphs; bodies are compared as fields of
// their owner nodes). Every live node of a is in exactly one of matched/onlyInA, likewise for b.
struct NodeMatching {
    std::vector<std::pair<NodeId, NodeId>> matched;  // (id in a, id in b)
    std::vector<NodeId> onlyInA;                     // removed
    std::vector<NodeId> onlyInB;                     // added
};
NodeMatching matchNodes(const Graph& a, const Graph& b, const DiffOptions& options = {});

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
    // A constant whose value changed (constantsByValue): the field "value", the nodes that read
    // it in b, and the largest |after - before| when dtype and shape are kept.
    std::vector<std::string> consumers;
    std::optional<double> maxAbsDiff;
};

// A constant present on both sides with the same value but held differently: another holder
// (Constant node, initializer, Const), another name, a duplicate merged or split. a or b is
// kNoNode for a duplicate that has no partner of its own on that side.
struct HeldConstant {
    NodeId a = kNoNode, b = kNoNode;
    std::string nameA, opA, nameB, opB;
    std::string value;  // "float[64,3,7,7] #1a2b3c4d"
};

struct GraphDiff {
    std::vector<NodeRef> added;
    std::vector<NodeRef> removed;
    std::vector<ChangedNode> changed;
    std::vector<HeldConstant> heldDifferently;  // constantsByValue only
    std::vector<ChangedNode> refined;           // refinementsApart only: nodes with nothing else changed
    // Nothing computes differently.
    bool empty() const { return added.empty() && removed.empty() && changed.empty(); }
    // Not even the representation differs (`diff --strict`).
    bool identical() const { return empty() && heldDifferently.empty() && refined.empty(); }
};

// Matches and diffs; the matching made is stored in *matching when given (the compare window
// needs both, and constants are hashed once).
GraphDiff diffGraphs(const Graph& a, const Graph& b, const DiffOptions& options = {},
                     NodeMatching* matching = nullptr);
GraphDiff diffGraphs(const Graph& a, const Graph& b, const NodeMatching& matching,
                     const DiffOptions& options = {});

// {"added":[{"name","op"}...],"removed":[...],"changed":[{"name","op","fields":[{"field","before","after"}...]}...]},
// plus "held_differently" and "refined" when the options that fill them were given.
std::string diffToJson(const GraphDiff& diff, const DiffOptions& options = {});
// Human-readable, one line per node ("+ name (op)", "- name (op)", "~ name (op): field a -> b").
// With constantsByValue/refinementsApart, one count line each for what they set apart; listed
// one per line only when `listApart`.
std::string diffToText(const GraphDiff& diff, const DiffOptions& options = {}, bool listApart = false);

}  // namespace passscope::diff

#pragma once
// Two models and what differs between them (engine/diff/graph_diff.h), as the compare view shows
// them: model a on the left with the nodes b lacks marked removed, model b on the right with the
// nodes a lacks marked added, nodes present on both sides but different marked changed on both.
// Built off the UI thread (CompareLoader) or by hand (tests), then only read.
#include <memory>
#include <unordered_map>

#include "diff/graph_diff.h"
#include "document/loaded_model.h"
#include "graph/step_marks.h"

namespace passscope::views {

struct Comparison {
    std::shared_ptr<const LoadedModel> a, b;  // left, right; each with its preview diagram
    diff::NodeMatching matching;
    // What the CLI's `diff` compares (docs/graph-diff.md §8): constants by value, refinements apart.
    diff::DiffOptions options = diff::DiffOptions::byComputation();
    diff::GraphDiff diff;
    double loadSeconds = 0;  // both models, wall time
    double diffSeconds = 0;  // matching and field diff
};

enum class CompareSide { Left, Right };

// The marks a side's graph is drawn with. Left: removed (only in a) and changed (a's ids);
// right: added (only in b) and changed (b's ids).
StepMarks marksForSide(const diff::GraphDiff& diff, CompareSide side);

// Which node of the other side corresponds to a node (matched pairs, changed or not).
class Counterparts {
  public:
    Counterparts() = default;
    explicit Counterparts(const diff::NodeMatching& matching);
    // kNoNode when the node has no counterpart (added or removed) or is unknown.
    NodeId inB(NodeId a) const;
    NodeId inA(NodeId b) const;

  private:
    std::unordered_map<NodeId, NodeId> aToB_, bToA_;
};

}  // namespace passscope::views

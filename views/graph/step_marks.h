#pragma once
// What one journal step did to which nodes, in the form the scene asks for: sets of added,
// removed and otherwise edited node ids, and the producers each removed node read from (so its
// ghost can still show where it was connected). Constants are apart (engine/pipeline/
// step_changes.h): a step that only turns ONNX Constant nodes into Const marks no node as changed;
// the constants it touched are listed for the constants overlay.
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "pipeline/journal.h"
#include "pipeline/step_changes.h"

namespace passscope::views {

struct StepMarks {
    std::unordered_set<NodeId> added, removed, edited;
    std::unordered_set<NodeId> constants;  // constant nodes the step created, deleted or edited
    std::unordered_map<NodeId, std::vector<NodeId>> removedInputs;
    bool empty() const { return added.empty() && removed.empty() && edited.empty(); }
};

// Marks of the step that leads to `position` (journal step position-1); none for position 0.
// `constants` names the journal's constant nodes (DiagramModel::constants()). `graph` selects an
// If/Loop/Scan body (empty = the main graph); `constants` must then be that body's.
StepMarks marksForPosition(const Journal& journal, size_t position, const ConstantNodes& constants,
                           const GraphPath& graph = {});

// How a view shows a step: one view with ghosts of removed nodes, or the two sides of a
// side-by-side comparison (the graph before the step with what it removes marked, and after).
enum class DisplaySide { Overlay, Before, After };

}  // namespace passscope::views

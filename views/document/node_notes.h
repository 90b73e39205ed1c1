#pragma once
// What the pipeline says about a node at the selected step, beyond the node itself: the
// properties panel shows it, ModelDocument::nodeNotes computes it (docs/architecture.md §6.1: the
// views show what the document knows, they do not work it out).
#include <optional>

#include <QString>

#include "ir/graph_path.h"
#include "memory/variable_note.h"
#include "numeric/step_numbers.h"

namespace passscope::views {

struct NodeNotes {
    QString change;              // "added by this step", ...
    QString whyNotFolded;        // reason name (docs/ge-constant-folding.md §10.2), empty when none
    QString whyNotFoldedDetail;  // e.g. which input is computed at run time
    QString whyNotFoldedPass;    // the folding pass that said so last
    // A node in persistent memory (Variable, VarRef, constants): key, address, fusion decision.
    std::optional<VariableNote> variable;
    // The node's outputs against the original's at this step (the numeric overlay's numbers).
    std::optional<NumericNote> numeric;
    // Other tools' number for the node (the node data overlay, views/numeric/node_data_overlay.h).
    QString nodeData;
    QString nodeDataSource;  // the files it comes from
};

// Where the node is and what the window shows with it.
struct NoteScope {
    GraphPath body;  // the If/Loop/Scan body the node is in (empty: the graph at the step shown)
    // Planning hashes every weight: a constant's place in memory only while the plan is shown anyway.
    bool constantsInPlan = false;
    bool nodeData = false;  // the node data overlay is on
};

}  // namespace passscope::views

#pragma once
// What the properties panel says about a node in persistent memory (docs/ge-variables.md §2-§4):
// its var key, kind, memory type, logic address and reuse from the memory plan of the graph at the
// selected step, and for a Variable or VarRef what variable fusion decided in this run and the
// trans road VarManager holds for it (docs/ge-variables.md §6).
#include <cstdint>
#include <optional>

#include <QString>
#include <QStringList>

#include "ir/graph.h"
#include "vars/var_manager.h"
#include "vars/var_memory_plan.h"

namespace passscope::views {

struct VariableNote {
    QString variable;  // the variable's name (a VarRef's source variable)
    bool isRef = false;
    // From the memory plan (empty when the node has no entry in it).
    bool planned = false;
    QString kind, varKey, memoryType, reuse;
    uint64_t logicAddress = 0;
    uint64_t size = 0;  // the block it occupies
    // From the run's VarManager.
    QStringList transRoad;  // "TransData ND [16,2] → FRACTAL_NZ [1,1,16,16]", in road order
    bool hasDecision = false, fused = false;
    QString reason;
    QStringList removedNodes;
    // The pass that decided (VarFusionDecision::pass), the timeline position right after its first
    // run on the main graph (0 = unknown), and the position shown: before it the graph does not
    // show the decision yet.
    QString decidedBy;
    size_t decidedAt = 0, shownAt = 0;
};

// The note for `node` (of the graph `plan` was made for), or nullopt when it is neither in `plan` nor a
// Variable/VarRef. `manager` (may be null) and `graphId`: the run's session and this compile's graph id.
std::optional<VariableNote> variableNote(const Node& node, const VarMemoryPlan* plan,
                                         const VarManager* manager, uint32_t graphId);

}  // namespace passscope::views

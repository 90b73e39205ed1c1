#pragma once
// TEMPORARY (issue 11): the declaration engine/vars/var_memory_plan.h gains with H1's VarManager
// work. Delete this file and vars_pending.cpp when that lands.
#include <cstdint>

#include "vars/var_memory_plan.h"

namespace passscope {

class VarManager;
VarMemoryPlan assignVariableMemory(const Graph& graph, VarManager& manager, uint32_t graphId,
                                   const VarPlanOptions& options = {});

}  // namespace passscope

#pragma once
// VariableRefUselessControlOutDeletePass (GE compiler/graph/passes/variable_optimize/
// variable_ref_useless_control_out_delete_pass.cc; docs/ge-variables.md §6): a control edge from a
// VarRef to a node that already follows the VarRef's writer (one of the writer's data readers or
// control successors) orders nothing the data edges do not, and goes. Runs in the stage
// OptimizeStage1_3 after FormatOptimize, target ge only.
#include "pipeline/pass.h"

namespace passscope {

class VariableRefUselessControlOutDeletePass : public Pass {
  public:
    std::string name() const override { return "VariableRefUselessControlOutDeletePass"; }
    PassFamily family() const override { return PassFamily::Variable; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: LEVELS(OoLevel::kO3)
    static constexpr StatisticInfo kControlEdgesRemoved{"control_edges_removed",
                                                        "VarRef control edges that ordered nothing new"};
    std::vector<StatisticInfo> statistics() const override { return {kControlEdgesRemoved}; }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

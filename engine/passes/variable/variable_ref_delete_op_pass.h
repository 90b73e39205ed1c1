#pragma once
// VariableRefDeleteOpPass (GE compiler/graph/passes/variable_optimize/variable_ref_delete_op_pass.cc;
// docs/ge-variables.md §6): each VarRef goes; its writer keeps what it said as the string-list
// attribute `_output_ref_var_src_var_name` (one entry per output, "" where none), so memory
// assignment gives that output the variable's address. A VarRef naming a variable the graph does
// not have fails the run. Runs at the end of OptimizeStage2, target ge only.
#include "pipeline/pass.h"

namespace passscope {

class VariableRefDeleteOpPass : public Pass {
  public:
    std::string name() const override { return "VariableRefDeleteOpPass"; }
    PassFamily family() const override { return PassFamily::Variable; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: LEVELS(OoLevel::kO3)
    static constexpr StatisticInfo kVarRefsDeleted{"var_refs_deleted",
                                                   "VarRef nodes removed, noted on their writer"};
    std::vector<StatisticInfo> statistics() const override { return {kVarRefsDeleted}; }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

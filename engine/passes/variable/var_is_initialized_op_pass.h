#pragma once
// VarIsInitializedOpPass (GE compiler/graph/passes/variable_optimize/var_is_initialized_op_pass.cc;
// docs/ge-variables.md §6): a VarIsInitializedOp / IsVariableInitialized (GE domain) reading a
// variable at input 0 becomes a bool Const — true when the session's VarManager knows the variable
// already (an earlier graph allocated it) or when an Assign of that variable reaches the node
// through data or control edges (GE's UpdateInitedVars); false otherwise. The read becomes a control
// edge from the variable, so the Const still runs after it; the folding passes then fold the Const
// into its consumers. Runs first in Prepare (GraphPrepare's names_to_passes), target ge only.
#include "pipeline/pass.h"

namespace passscope {

class VarIsInitializedOpPass : public Pass {
  public:
    std::string name() const override { return "VarIsInitializedOpPass"; }
    PassFamily family() const override { return PassFamily::Variable; }
    OptLevel minLevel() const override { return OptLevel::O0; }  // GE: LEVELS(OoLevel::kO0)
    static constexpr StatisticInfo kReplaced{"var_is_initialized_replaced",
                                             "VarIsInitializedOp nodes replaced by a bool constant"};
    std::vector<StatisticInfo> statistics() const override { return {kReplaced}; }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

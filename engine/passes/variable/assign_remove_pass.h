#pragma once
// AssignRemovePass (GE compiler/graph/passes/variable_optimize/assign_remove_pass.cc, OptimizeStage2,
// target ge; docs/ge-variables.md §13). An Assign(variable, value) whose variable and value are read by
// it alone, with a computed value (not a Data, Const or Variable), is removed: the value's producer
// writes the variable directly. As in GE, the Variable gains the value as its data input and the
// producer's output names the variable it writes (GE's ASSIGN_VAR_NAME on the output desc; here the
// node attribute `_output_assign_var_name`, one entry per output). GE refuses a variable with control
// successors created before the value (a topological ring could follow). PassScope also refuses an
// Assign whose result is read: GE moves the readers to the Variable, but a PassScope Variable node
// reads the variable's stored value, not the value written later in the same graph (docs/ge-variables.md
// §6: written values travel through ref outputs and VarRefs), so the readers would see the old value.
#include "pipeline/pass.h"

namespace passscope {

// On a node whose output a removed Assign wrote: per output, the variable it writes ("" for none).
inline constexpr std::string_view kOutputAssignVarName = "_output_assign_var_name";

class AssignRemovePass : public NodePass {
  public:
    std::string name() const override { return "AssignRemovePass"; }
    PassFamily family() const override { return PassFamily::Variable; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: REG_PASS_OPTION(...).LEVELS(kO3)
    static constexpr StatisticInfo kRemoved{"assigns_removed",
                                            "Assigns removed: the value's producer writes the variable"};
    std::vector<StatisticInfo> statistics() const override { return {kRemoved}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

#pragma once
// VariablePrepareOpPass (GE compiler/graph/passes/variable_optimize/variable_prepare_op_pass.cc;
// docs/ge-variables.md §6): for each variable written by a ref op (op::refPorts: Assign, AssignAdd,
// AssignSub), the chain of writers is followed through their ref outputs to the last one; a VarRef
// (a node of the variable's op type naming it in `ref_var_src_var_name`, described as the
// variable) then reads that writer's ref output, with control edges from the VarRef to every node
// that follows the writer (GE's AddControlEdge), so later readers see the written value. A writer
// that has control successors of its own gets a VarRef too. A ref input returned by no output gets
// a RefIdentity in front of it, read by the VarRef (GE's InsertVariableRef). A VarRef already there
// is not made twice. Runs in Prepare after PrepareRunningFormatRefinerPass, target ge only.
#include "pipeline/pass.h"

namespace passscope {

class VariablePrepareOpPass : public Pass {
  public:
    std::string name() const override { return "VariablePrepareOpPass"; }
    PassFamily family() const override { return PassFamily::Variable; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: LEVELS(OoLevel::kO3)
    static constexpr StatisticInfo kVarRefsAdded{"var_refs_added",
                                                 "VarRef nodes added after a variable's last writer"};
    static constexpr StatisticInfo kRefIdentitiesAdded{
        "ref_identities_added", "RefIdentity nodes put before a ref input without a ref output"};
    std::vector<StatisticInfo> statistics() const override { return {kVarRefsAdded, kRefIdentitiesAdded}; }
    bool run(Graph& graph, PassContext& ctx) override;
};

namespace variable {
// GE's AddVariableRef: a VarRef of `var` reading output `output` of `writer`, unless one is there.
// Returns whether one was added.
bool addVariableRef(Graph& g, PassContext& ctx, NodeId writer, size_t output, NodeId var);
// GE's InsertVariableRef: a RefIdentity between input `input` of `node` and its producer, read by a
// new VarRef of `var` that runs after `node` and before everything that follows it.
void insertVariableRef(Graph& g, PassContext& ctx, NodeId node, size_t input, NodeId var);
}  // namespace variable

}  // namespace passscope

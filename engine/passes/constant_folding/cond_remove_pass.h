#pragma once
// CondRemovePass (GE compiler/graph/passes/control_flow_and_stream/cond_remove_pass.cc;
// docs/ge-constant-folding.md §15.1): an ONNX If whose condition is a constant is replaced by the
// branch it takes, inlined: the branch's nodes join the If's graph, their outer-scope reads are
// resolved to the values they named, and the branch's outputs replace the If's outputs (a graph
// output keeps its name). A condition computed at run time, or a branch whose outputs contradict
// the If's, is left alone with a why-not reason. ONNX has no Case; GE's Case does not occur in
// the IR (nothing imports it), so only If is handled.
#include "pipeline/pass.h"

namespace passscope {

class CondRemovePass : public NodePass {
  public:
    std::string name() const override { return "CondRemovePass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    // GE switches it with ge.oo.deadCodeElimination, which PassScope does not have; it is part of
    // the folding flow here (docs/ge-constant-folding.md §15.1).
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    static constexpr StatisticInfo kIfRemoved{
        "if_removed", "If nodes replaced by the branch their constant condition takes"};
    static constexpr StatisticInfo kInlinedNodes{"inlined_nodes",
                                                 "Branch nodes moved into the enclosing graph"};
    std::vector<StatisticInfo> statistics() const override {
        return {kIfRemoved, kInlinedNodes, stat::kRemovedOps};
    }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

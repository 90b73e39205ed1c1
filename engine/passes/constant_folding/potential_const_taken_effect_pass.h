#pragma once
// PotentialConstTakenEffectPass (docs/ge-constant-folding.md §4.5): its per-node work is nothing;
// when the graph traversal ends it folds every node marked _is_potential_const with its cached
// weight, and clears marks that have no weight.
#include "pipeline/pass.h"

namespace passscope {

class PotentialConstTakenEffectPass : public NodePass {
  public:
    std::string name() const override { return "PotentialConstTakenEffectPass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    static constexpr StatisticInfo kMarksCleared{"marks_cleared",
                                                 "Potential-constant marks without a weight, cleared"};
    std::vector<StatisticInfo> statistics() const override {
        return {stat::kFoldedNodes, stat::kRemovedOps, stat::kConstBytesAdded, stat::kConstBytesRemoved,
                kMarksCleared};
    }

  protected:
    NodeResult runOnNode(Graph&, NodeId, PassContext&) override { return {}; }
    bool onFinishGraph(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

#pragma once
// ReshapeTargetFoldingPass (PassScope's own; ONNX Runtime's ReshapeFusion;
// docs/ge-constant-folding.md §14.3): Reshape(x, Concat(pieces)) whose pieces are constants,
// dims of x read at their own position (Shape(x) -> Gather/Slice, through Unsqueeze and integer
// Casts) and at most one other one-element piece gets a constant target: the read dims become 0
// ("copy the input dim", allowzero=0) and the other piece -1. The shape chain is left to DCE.
#include "pipeline/pass.h"

namespace passscope {

class ReshapeTargetFoldingPass : public NodePass {
  public:
    std::string name() const override { return "ReshapeTargetFoldingPass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    static constexpr StatisticInfo kFolded{"reshape_targets_folded",
                                           "Reshape targets computed from shape chains made constant"};
    std::vector<StatisticInfo> statistics() const override { return {kFolded, stat::kConstBytesAdded}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

#pragma once
// NotWhereFusionPass (PassScope's own; ONNX Runtime's NotWhereFusion, a rewrite of its basic
// level; docs/ge-constant-folding.md §14.5): Where(Not(c), x, y) is Where(c, y, x). When every
// reader of a Not reads it as a Where's condition, those Wheres read c with their branches
// swapped and the Not goes. GE has no counterpart (TensorFlow graphs rarely hold the pattern);
// PyTorch writes it for masked_fill(~mask, ...), as in Swin's shifted-window attention mask.
// Kept: a Not that gives a graph output or that anything else reads.
#include "pipeline/pass.h"

namespace passscope {

class NotWhereFusionPass : public NodePass {
  public:
    std::string name() const override { return "NotWhereFusionPass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    static constexpr StatisticInfo kRemoved{"nots_removed", "Not nodes folded into the Wheres they select"};
    std::vector<StatisticInfo> statistics() const override { return {kRemoved, stat::kRemovedOps}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

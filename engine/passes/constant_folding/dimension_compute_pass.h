#pragma once
// DimensionComputePass (docs/ge-constant-folding.md §4.2): Shape (with start/end) and Size computed
// from statically known input shapes, even when the input itself is a runtime tensor. In mark-only
// mode (the Prepare stage) it marks potential constants with the cached value instead of folding.
#include "pipeline/pass.h"

namespace passscope {

class DimensionComputePass : public NodePass {
  public:
    explicit DimensionComputePass(bool needFold = true) : needFold_(needFold) {}
    std::string name() const override { return "DimensionComputePass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    std::vector<StatisticInfo> statistics() const override {
        return {stat::kMarked, stat::kFoldedNodes, stat::kRemovedOps, stat::kConstBytesAdded,
                stat::kConstBytesRemoved};
    }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;

  private:
    bool needFold_;
};

}  // namespace passscope

#pragma once
// DimensionAdjustPass (docs/ge-constant-folding.md §4.3) in ONNX terms: Squeeze / Unsqueeze / Flatten /
// Reshape on a runtime tensor with constant axes or shape. A no-op (output shape equals input shape)
// is bypassed; a chain of them collapses into one Reshape with a constant target shape. Needs
// static shapes; the rewritten model computes the same.
#include "pipeline/pass.h"

namespace passscope {

class DimensionAdjustPass : public NodePass {
  public:
    std::string name() const override { return "DimensionAdjustPass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    static constexpr StatisticInfo kBypassed{"bypassed", "No-op dimension ops bypassed"};
    static constexpr StatisticInfo kCollapsed{"chains_collapsed",
                                              "Pairs of dimension ops collapsed into one Reshape"};
    std::vector<StatisticInfo> statistics() const override {
        return {kBypassed, kCollapsed, stat::kRemovedOps, stat::kConstBytesAdded, stat::kConstBytesRemoved};
    }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

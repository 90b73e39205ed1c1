#pragma once
// ZeroTripLoopRemovePass (PassScope's own; GE has no ONNX Loop; docs/ge-constant-folding.md
// §12.2): an ONNX Loop that runs no iteration, because its trip count M is the constant 0 or its
// condition is the constant false (checked before the first iteration), is replaced by what it
// returns then: each loop-carried output is its initial value, each scan output an empty tensor
// [0, d1, ...] of the per-iteration shape. A scan output whose per-iteration shape or type is not
// static is refused (the empty tensor's shape would be a guess).
#include "pipeline/pass.h"

namespace passscope {

class ZeroTripLoopRemovePass : public NodePass {
  public:
    std::string name() const override { return "ZeroTripLoopRemovePass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    static constexpr StatisticInfo kLoopsRemoved{"loops_removed",
                                                 "Loops that run no iteration replaced by their results"};
    std::vector<StatisticInfo> statistics() const override {
        return {kLoopsRemoved, stat::kRemovedOps, stat::kConstBytesAdded};
    }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

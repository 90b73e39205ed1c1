#pragma once
// RedundantSliceRemovePass (GE's autofuse pattern pass redundant_slice_remove_pass.cpp; ONNX
// Runtime's EliminateSlice; docs/ge-constant-folding.md §14.1): an ONNX Slice that keeps its whole
// input (start 0, end at or past the dim, step 1 on every sliced axis) is taken out, its readers
// read its input.
#include "pipeline/pass.h"

namespace passscope {

class RedundantSliceRemovePass : public NodePass {
  public:
    std::string name() const override { return "RedundantSliceRemovePass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    static constexpr StatisticInfo kRemoved{"slices_removed", "Slices that keep their whole input removed"};
    std::vector<StatisticInfo> statistics() const override { return {kRemoved, stat::kRemovedOps}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

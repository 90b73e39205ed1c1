#pragma once
// NoOpPadRemovePass (PassScope's own; ONNX Runtime's basic level removes the same nodes through
// PadFusion, which merges a Pad into the pooling or convolution after it; docs/ge-constant-folding.md
// §14.7): a Pad whose pads are all 0 copies its input whatever its mode, so its readers read the
// input. torch.onnx writes one before every AveragePool with padding 0 (DenseNet's transitions).
// The pads must be constants (the input from opset 11, the `pads`/`paddings` attribute before).
#include "pipeline/pass.h"

namespace passscope {

class NoOpPadRemovePass : public NodePass {
  public:
    std::string name() const override { return "NoOpPadRemovePass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    static constexpr StatisticInfo kRemoved{"pads_removed", "Pads of all-zero pads removed"};
    std::vector<StatisticInfo> statistics() const override { return {kRemoved, stat::kRemovedOps}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

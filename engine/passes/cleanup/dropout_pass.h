#pragma once
// DropOutPass (GE compiler/graph/passes/standard_optimize/remove_unsupported_op/dropout_pass.cc;
// docs/ge-constant-folding.md §12.8): GE isolates every Dropout of an inference graph (GraphPrepare's
// names_to_passes, before IdentityPass, only when the graph is not a training graph). An ONNX Dropout says
// itself whether it is an inference no-op, so PassScope takes one out only when it passes its input on
// unchanged: opset 7 to 11 (no training mode), before 7 with is_test set or ratio 0, from 12 with
// training_mode absent or a constant false, or with a constant ratio 0 (PyTorch's
// F.dropout(p=0, training=True) exports that; no element is dropped and the scale is 1/(1-0)).
// Kept, with the reason: training mode with a ratio above 0 or not known (random), a mask output
// something reads (ONNX Runtime's EliminateDropout keeps those too); graph outputs as IdentityPass.
#include "pipeline/pass.h"

namespace passscope {

class DropOutPass : public NodePass {
  public:
    std::string name() const override { return "DropOutPass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    static constexpr StatisticInfo kRemoved{"dropouts_removed",
                                            "Dropout nodes that pass their input on, taken out"};
    std::vector<StatisticInfo> statistics() const override { return {kRemoved, stat::kRemovedOps}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

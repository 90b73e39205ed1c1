#pragma once
// ConstantFoldingPass (docs/ge-constant-folding.md §4.1): a node whose inputs are all constant is
// computed by a host kernel and replaced by Const nodes. Skips _do_not_constant_folding /
// no_need_constant_folding, honours GE's MemoryPriority rule and the fold size threshold, and leaves a
// node marked as a potential constant for PotentialConstTakenEffectPass. TransData on a constant
// folds into a constant in the device layout; other nodes touching a device layout are left alone.
#include "pipeline/pass.h"

namespace passscope {

// Format refinement counters (docs/ge-formats.md §6): TransData on constant weights folded into
// constants in device layout, and the zero padding those layouts added.
inline constexpr StatisticInfo kTransDataFolded{"transdata_folded", "TransData nodes folded into constants"};
inline constexpr StatisticInfo kPaddingBytes{"padding_bytes",
                                             "Bytes of zero padding added by folded TransData"};

class ConstantFoldingPass : public NodePass {
  public:
    std::string name() const override { return "ConstantFoldingPass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    std::vector<StatisticInfo> statistics() const override {
        return {stat::kFoldedNodes,       stat::kRemovedOps, stat::kConstBytesAdded,
                stat::kConstBytesRemoved, kTransDataFolded,  kPaddingBytes};
    }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

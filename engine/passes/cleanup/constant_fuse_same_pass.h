#pragma once
// ConstantFuseSamePass (GE compiler/graph/passes/standard_optimize/constant_fuse_same_pass.cc;
// docs/ge-constant-folding.md §12.7): single-element constants of the same dtype, shape, format
// and value become one, so that CSE, which keys on input sources, can merge what reads them (GE
// runs it in OptimizeStage1_1 right before CommonSubexpressionEliminationPass). PyTorch writes
// one `[0]` axes initializer per Unsqueeze; without this the Unsqueezes of one value stay apart.
// GE's conditions: no control inputs, one output, one element (its origin_element_num == 1).
// PassScope also leaves alone a constant that gives a graph output or is a graph input.
#include "pipeline/pass.h"

namespace passscope {

class ConstantFuseSamePass : public Pass {
  public:
    std::string name() const override { return "ConstantFuseSamePass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    OptLevel minLevel() const override { return OptLevel::O2; }  // with CSE, which it serves
    static constexpr StatisticInfo kFused{"constants_fused", "Equal single-element constants fused into one"};
    std::vector<StatisticInfo> statistics() const override { return {kFused}; }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

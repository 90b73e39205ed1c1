#pragma once
// ConstantClipPass (GE compiler/graph/passes/feature/constant_clip_pass.cc; docs/ge-constant-folding.md
// §12.3): a Cast that narrows one floating type to another (float→float16, float→bfloat16,
// double→float, ...) reading a constant whose values lie beyond the target type's range would
// fold into ±inf; a Clip to the target's [lowest, largest] is inserted between the constant and
// the Cast, and ConstantFoldingPass then folds both. Runs only with ge.is_weight_clip=1 (GE's
// option): it changes results on purpose (65504 instead of inf), so it is off by default.
// GE's level: O3.
#include "pipeline/pass.h"

namespace passscope {

class ConstantClipPass : public NodePass {
  public:
    std::string name() const override { return "ConstantClipPass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: REG_PASS_OPTION(...).LEVELS(kO3)
    std::vector<std::string> switchOptions() const override { return {"ge.is_weight_clip"}; }
    static constexpr StatisticInfo kClipsInserted{"clips_inserted",
                                                  "Clips inserted between a constant and a narrowing Cast"};
    std::vector<StatisticInfo> statistics() const override { return {kClipsInserted}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

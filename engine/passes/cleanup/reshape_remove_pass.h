#pragma once
// ReshapeRemovePass (GE compiler/graph/passes/shape_optimize/reshape_remove_pass.cc, OptimizeStage2;
// docs/ge-constant-folding.md §12.3). GE removes every Reshape of static shape (the consumer's tensor
// description carries the shape on the device) and every ReFormat. In ONNX a Reshape changes what its
// readers see, so here a Reshape — and likewise a Squeeze, Unsqueeze or Flatten — is removed only when
// its output's static shape equals its input's: then it moves and relabels nothing, whatever its shape
// input computes at run time (DimensionAdjustPass bypasses such ops only with constant parameters and
// never before a graph output). GE's ReFormat removal is left out: PassScope's ReFormat changes the
// format a consumer's input description names, which a removal would contradict.
// GE's refusals kept: a symbolic or unknown shape, and a node giving a subgraph's output.
#include "pipeline/pass.h"

namespace passscope {

class ReshapeRemovePass : public NodePass {
  public:
    std::string name() const override { return "ReshapeRemovePass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    OptLevel minLevel() const override { return OptLevel::O1; }  // GE: REG_PASS_OPTION(...).LEVELS(kO1)
    static constexpr StatisticInfo kRemoved{
        "reshapes_removed", "Reshape, Squeeze, Unsqueeze and Flatten nodes that kept the shape, removed"};
    std::vector<StatisticInfo> statistics() const override { return {kRemoved}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

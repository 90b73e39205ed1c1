#pragma once
// CtrlEdgeTransferPass (GE compiler/graph/passes/standard_optimize/ctrl_edge_transfer_pass.cc, run by
// GraphManager's PreRun after OptimizeStage1; docs/ge-constant-folding.md §12.5). Folding keeps the
// control edges of the node it replaces on the new Const (folding.cpp replaceWithConstants); a Const
// waits for nothing, so each control edge into a Const moves to the nodes after it: P -> Const
// becomes P -> every data and control successor of the Const. GE runs it only on graphs its dynamic
// shape partitioner split; PassScope has no partitioner and runs it always (a no-op on ONNX models,
// which carry no control edges). The pass reaches into bodies through SubgraphOptimizePass only if
// listed there; it works on any graph.
#include "pipeline/pass.h"

namespace passscope {

class CtrlEdgeTransferPass : public Pass {
  public:
    std::string name() const override { return "CtrlEdgeTransferPass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: REG_PASS_OPTION(...).LEVELS(kO3)
    static constexpr StatisticInfo kMoved{"control_edges_moved",
                                          "Control edges into constants moved to the constants' successors"};
    std::vector<StatisticInfo> statistics() const override { return {kMoved}; }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

#pragma once
// TransOpBreadthFusionPass (GE compiler/graph/passes/format_optimize/transop_breadth_fusion_pass.cc;
// docs/ge-formats.md §5): identical trans ops reading the same output of one node (same type,
// attributes, input and output dtype, format and shape, same constant parameters and control inputs)
// are merged into the first in topological order; the others' consumers read it.
#include "passes/format/trans_op_util.h"

namespace passscope {

class TransOpBreadthFusionPass : public Pass {
  public:
    std::string name() const override { return "TransOpBreadthFusionPass"; }
    PassFamily family() const override { return PassFamily::Format; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: REG_PASS_OPTION(...).LEVELS(kO3)
    static constexpr StatisticInfo kTransOpsMerged{"trans_ops_merged",
                                                   "Trans ops merged into an identical sibling"};
    std::vector<StatisticInfo> statistics() const override {
        return {kTransOpsMerged, transop::kTransDataEliminated};
    }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

#pragma once
// UnchangedTransposeRemovePass (GE compiler/graph/passes/format_optimize/
// unchanged_transpose_remove_pass.cc; docs/ge-formats.md §5): a Transpose that moves no data is
// removed and its consumers read its input. GE's test: for every axis i, perm[i] == i or the input's
// dim i is 1 (the axes a permutation moves are closed under it, so only dims of size 1 move).
#include "passes/format/trans_op_util.h"

namespace passscope {

class UnchangedTransposeRemovePass : public NodePass {
  public:
    std::string name() const override { return "UnchangedTransposeRemovePass"; }
    PassFamily family() const override { return PassFamily::Format; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: REG_PASS_OPTION(...).LEVELS(kO3)
    static constexpr StatisticInfo kTransposesRemoved{"transposes_removed",
                                                      "Transposes that moved no data, removed"};
    std::vector<StatisticInfo> statistics() const override { return {kTransposesRemoved}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

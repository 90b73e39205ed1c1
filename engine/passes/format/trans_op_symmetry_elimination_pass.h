#pragma once
// TransOpSymmetryEliminationPass (GE compiler/graph/passes/format_optimize/
// transop_symmetry_elimination_pass.cc; docs/ge-formats.md §5): a trans op followed by its inverse
// is removed as a pair, so the second one's consumers read the first one's input. Pairs: two
// TransData (A->B then B->A), two Transposes whose perms compose to the identity, two lossless-first
// Casts (a->b->a where b holds every a), two Reshapes or a Squeeze/Unsqueeze pair that give back the
// first one's shape. Descriptions must match across the pair as GE's DescAreSymmetry asks: dtype,
// storage format and shape of the first's input equal the second's output, the format in between
// continuous, and the origin shape equal where the origin format is. Only the edge between the two
// is bypassed; the first stays while something else reads it.
#include "passes/format/trans_op_util.h"

namespace passscope {

class TransOpSymmetryEliminationPass : public NodePass {
  public:
    std::string name() const override { return "TransOpSymmetryEliminationPass"; }
    PassFamily family() const override { return PassFamily::Format; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: REG_PASS_OPTION(...).LEVELS(kO3)
    static constexpr StatisticInfo kTransOpsRemoved{"trans_ops_removed",
                                                    "Trans ops removed as halves of an inverse pair"};
    std::vector<StatisticInfo> statistics() const override {
        return {kTransOpsRemoved, transop::kTransDataEliminated};
    }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

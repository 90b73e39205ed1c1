#pragma once
// CastRemovePass (GE compiler/graph/passes/format_optimize/cast_remove_pass.cc; docs/ge-formats.md §5):
// 1. a Cast to the dtype it reads is removed;
// 2. from a normal node with one reader, the chain of trans ops that follows (each with one reader,
//    read at its data input) is examined; when it holds at least one Cast, every Cast on it goes to a
//    dtype that holds all values of the starting one, and the chain ends in the dtype it started from, its
//    Casts are removed and the trans ops left in between carry the starting dtype (op1 -> TransData -> Cast
//    -> Transpose -> Cast -> op2 becomes op1 -> TransData -> Transpose -> op2). A TransData whose cube size
//    C0 would change with the dtype (1-byte against wider types, docs/ge-formats.md §6) keeps the chain.
#include "passes/format/trans_op_util.h"

namespace passscope {

class CastRemovePass : public NodePass {
  public:
    std::string name() const override { return "CastRemovePass"; }
    PassFamily family() const override { return PassFamily::Format; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: REG_PASS_OPTION(...).LEVELS(kO3)
    static constexpr StatisticInfo kCastsRemoved{"casts_removed",
                                                 "Casts removed (to their own dtype, or in a chain "
                                                 "that ends in the dtype it started from)"};
    std::vector<StatisticInfo> statistics() const override { return {kCastsRemoved}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

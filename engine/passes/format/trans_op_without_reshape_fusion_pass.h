#pragma once
// TransOpWithoutReshapeFusionPass (GE compiler/graph/passes/format_optimize/
// transop_without_reshape_fusion_pass.cc; docs/ge-formats.md §5): every path from an output of a
// normal node through trans ops (TransData, Transpose, Cast, Reshape) to the input of the next
// normal node is a chain. A chain is fused only when nothing on it needs to remain: no Reshape, no
// Transpose that leaves the format as it is, shape and format continuous along every edge, and the
// dtype continuous (a trans op whose input dtype differs from its upstream's output dtype keeps the
// chain, the seed's dtype-continuity rule), every Cast going to a dtype that holds all values of
// the one the chain starts with. When the chain's two ends then carry the
// same description (format, dtype, shape, origin shape) the end reads the start directly; trans ops
// nothing reads any more are removed.
//
// Not done: GE replaces a chain whose ends differ by one new format transfer plus one Cast
// (TransOpFuseHandle); such chains are left as they are here.
#include "passes/format/trans_op_util.h"

namespace passscope {

class TransOpWithoutReshapeFusionPass : public Pass {
  public:
    std::string name() const override { return "TransOpWithoutReshapeFusionPass"; }
    PassFamily family() const override { return PassFamily::Format; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: REG_PASS_OPTION(...).LEVELS(kO3)
    static constexpr StatisticInfo kChainsFused{"trans_chains_fused",
                                                "Chains of trans ops whose ends matched, bypassed"};
    static constexpr StatisticInfo kTransOpsRemoved{
        "trans_ops_removed", "Trans ops removed because no chain needed them any more"};
    std::vector<StatisticInfo> statistics() const override {
        return {kChainsFused, kTransOpsRemoved, transop::kTransDataEliminated};
    }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

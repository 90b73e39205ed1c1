#pragma once
// TransposeTransDataPass (GE compiler/graph/passes/format_optimize/transpose_transdata_pass.cc;
// docs/ge-formats.md §5): a Transpose that changes the storage format (e.g. NHWC -> NCHW) feeding a
// TransData that starts from that format (NCHW -> NC1HWC0) is folded into the TransData, which then
// reads the Transpose's input and starts from its format (NHWC -> NC1HWC0). GE asks the op store
// whether the new transfer is supported (CheckAccuracySupported); here: NCHW or NHWC to NC1HWC0, the
// transfers the TransData kernel does from both. The perm must be the one the two formats imply,
// and the Transpose goes once no other consumer reads it. The TransData's output description then
// names the Transpose's input as its origin (the kernel converts what that description names).
#include "passes/format/trans_op_util.h"

namespace passscope {

class TransposeTransDataPass : public NodePass {
  public:
    std::string name() const override { return "TransposeTransDataPass"; }
    PassFamily family() const override { return PassFamily::Format; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: REG_PASS_OPTION(...).LEVELS(kO3)
    static constexpr StatisticInfo kTransposesFused{"transposes_fused",
                                                    "Transpose -> TransData edges folded into the TransData"};
    static constexpr StatisticInfo kTransposesRemoved{"transposes_removed",
                                                      "Transposes removed once every reader was fused"};
    std::vector<StatisticInfo> statistics() const override { return {kTransposesFused, kTransposesRemoved}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

#pragma once
// Dim1TransposeToSqueezePass (GE compiler/graph/passes/format_optimize/dim1_transpose_to_squeeze_pass.cc;
// docs/ge-formats.md §5): a Transpose that keeps the order of its dims other than 1 only moves dims of
// size 1, so it is a Squeeze of those dims followed by an Unsqueeze at their new places (GE's
// IsUselessTransposeByShape: walking the output axes, the input axes perm[i] whose dim is not 1
// must increase). The new ops are ONNX Squeeze/Unsqueeze: axes as an int64 constant input from
// opset 13, as the `axes` attribute before. A Transpose whose output dims are all unknown is left
// alone (GE's ShouldIgnoreOp), as is one that moves no dim of size 1.
#include "passes/format/trans_op_util.h"

namespace passscope {

class Dim1TransposeToSqueezePass : public NodePass {
  public:
    std::string name() const override { return "Dim1TransposeToSqueezePass"; }
    PassFamily family() const override { return PassFamily::Format; }
    OptLevel minLevel() const override { return OptLevel::O2; }  // GE: REG_PASS_OPTION(...).LEVELS(kO2)
    static constexpr StatisticInfo kTransposesReplaced{
        "transposes_to_squeeze", "Transposes of size-1 dims replaced by Squeeze + Unsqueeze"};
    std::vector<StatisticInfo> statistics() const override { return {kTransposesReplaced}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

#pragma once
// NoOpArithmeticRemovePass (PassScope's own; ONNX Runtime's NoopElimination;
// docs/ge-constant-folding.md §14.2): x+0, 0+x, x-0, x*1, 1*x, x/1 with a constant neutral operand
// whose broadcast cannot change x's shape are taken out, their readers read x. Floating-point
// zeros keep x bit for bit: Add needs -0.0, Sub needs +0.0 (x + +0.0 turns -0.0 into +0.0).
#include "pipeline/pass.h"

namespace passscope {

class NoOpArithmeticRemovePass : public NodePass {
  public:
    std::string name() const override { return "NoOpArithmeticRemovePass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    static constexpr StatisticInfo kRemoved{"no_op_arithmetic_removed",
                                            "Add/Sub/Mul/Div by a neutral constant removed"};
    std::vector<StatisticInfo> statistics() const override { return {kRemoved, stat::kRemovedOps}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

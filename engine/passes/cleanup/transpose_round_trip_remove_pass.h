#pragma once
// TransposeRoundTripRemovePass (PassScope's own; a part of ONNX Runtime's transpose optimizer, which
// its basic level runs; docs/ge-constant-folding.md §14.6). GE's TransOpSymmetryEliminationPass
// removes a Transpose followed directly by its inverse; PyTorch exports put elementwise ops in
// between: ConvNeXt's LayerNorm2d is permute(0,2,3,1), a LayerNorm written out as ReduceMean over
// the last axis, Sub, Pow, Add, Sqrt, Div, Mul, Add, then permute(0,3,1,2). Two rules:
// - A Transpose T(perm p) whose every path ends, through ops that work element by element
//   (unary and broadcasting elementwise ops, Reduce* with keepdims), in Transposes by p's
//   inverse: the ops between compute on T's input instead (constants they read are transposed
//   along, reduced axes renumbered), and T and the inverses go. Every other input of those ops
//   must be a constant of rank at most p's, and nothing else may read them. Values are the same
//   element for element; a reduction adds the same elements in the same order.
// - A Transpose that only Shape nodes read: Shape(Transpose(x, p)) is Gather(Shape(x), p).
#include "pipeline/pass.h"

namespace passscope {

class TransposeRoundTripRemovePass : public NodePass {
  public:
    std::string name() const override { return "TransposeRoundTripRemovePass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    static constexpr StatisticInfo kRemoved{"transposes_removed",
                                            "Transposes removed with their inverses or read only by Shape"};
    std::vector<StatisticInfo> statistics() const override { return {kRemoved, stat::kRemovedOps}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

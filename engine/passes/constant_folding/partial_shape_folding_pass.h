#pragma once
// PartialShapeFoldingPass (PassScope's own; docs/ge-constant-folding.md §13.2): a value computed from
// static dims only becomes a constant even when other dims of the same tensor are symbolic —
// Gather(Shape(x), 1) with x [N,3,224,224] is 3, Slice(Shape(x), 1, 4) is [3,224,224], and what
// is computed from such values alone (Unsqueeze, Concat, Cast, Mul, ...) follows. Ranges of the
// elements (value_range.h) tell which elements are single values; a value whose every element is
// becomes a constant, and a node that reads a symbolic dim says which one in its not-folded reason.
// GE's DimensionComputePass folds Shape only when every dim is static; ONNX Runtime's constant
// folding folds these chains, and transformer exports are full of them. In mark-only mode (the
// Prepare stage, like DimensionComputePass there) it marks potential constants instead of folding.
// On by default; off with pass.PartialShapeFoldingPass=false.
#include <unordered_set>

#include "passes/constant_folding/value_range.h"
#include "pipeline/pass.h"

namespace passscope {

class PartialShapeFoldingPass : public NodePass {
  public:
    explicit PartialShapeFoldingPass(bool needFold = true) : needFold_(needFold) {}
    std::string name() const override { return "PartialShapeFoldingPass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    std::vector<StatisticInfo> statistics() const override {
        return {stat::kMarked, stat::kFoldedNodes, stat::kRemovedOps, stat::kConstBytesAdded,
                stat::kConstBytesRemoved};
    }
    bool run(Graph& graph, PassContext& ctx) override;

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;

  private:
    // Replaces `node` by constants (or marks it) with `values`; returns the consumers to re-pass.
    NodeResult take(Graph& g, NodeId node, std::vector<Tensor> values, PassContext& ctx);

    bool needFold_;
    value_range::Facts facts_;  // this run's ranges
    // Consts this run made: what is computed from them alone is still this pass's to fold, so a
    // Gather -> Unsqueeze -> Concat chain folds in one traversal.
    std::unordered_set<NodeId> made_;
};

}  // namespace passscope

#pragma once
// ReplaceWithEmptyConstPass (docs/ge-constant-folding.md §4.4): a node whose every output has a
// static shape with a zero dimension (and that reads an empty input) computes nothing; its outputs
// become empty constants. Excluded: constants,
// Data, NetOutput, control flow, side effects, GE-inserted nodes. Mark-only mode in Prepare.
#include "pipeline/pass.h"

namespace passscope {

class ReplaceWithEmptyConstPass : public NodePass {
  public:
    explicit ReplaceWithEmptyConstPass(bool needFold = true) : needFold_(needFold) {}
    std::string name() const override { return "ReplaceWithEmptyConstPass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::vector<std::string> switchOptions() const override { return {"ge.oo.constantFolding"}; }
    std::vector<StatisticInfo> statistics() const override {
        return {stat::kMarked, stat::kFoldedNodes, stat::kRemovedOps, stat::kConstBytesAdded,
                stat::kConstBytesRemoved};
    }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;

  private:
    bool needFold_;
};

}  // namespace passscope

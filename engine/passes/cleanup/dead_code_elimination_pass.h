#pragma once
// DeadCodeEliminationPass (docs/ge-constant-folding.md §11.1): keeps what the graph outputs need and
// what writes state (GE Assign/AssignAdd/... and their inputs), following data, control and subgraph
// reads backwards; removes everything else. Graph inputs stay (they are the model's interface).
#include "pipeline/pass.h"

namespace passscope {

class DeadCodeEliminationPass : public Pass {
  public:
    std::string name() const override { return "DeadCodeEliminationPass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    static constexpr StatisticInfo kDeadNodes{"dead_nodes", "Nodes removed because nothing needs them"};
    std::vector<StatisticInfo> statistics() const override {
        return {kDeadNodes, stat::kRemovedOps, stat::kConstBytesRemoved};
    }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

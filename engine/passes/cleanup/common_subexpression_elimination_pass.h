#pragma once
// CommonSubexpressionEliminationPass with GE's key (docs/ge-constant-folding.md §11.2): op type and
// domain, each input's source node and output index (their descriptions follow from the source),
// control inputs, all attributes. Duplicates are merged into the first; random ops, ops of unknown
// domains, subgraph owners and state writers are never merged.
#include "pipeline/pass.h"

namespace passscope {

class CommonSubexpressionEliminationPass : public Pass {
  public:
    std::string name() const override { return "CommonSubexpressionEliminationPass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    OptLevel minLevel() const override { return OptLevel::O2; }
    std::vector<StatisticInfo> statistics() const override { return {stat::kMerged, stat::kRemovedOps}; }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

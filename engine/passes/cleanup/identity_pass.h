#pragma once
// IdentityPass (GE compiler/graph/passes/memory_conflict/identity_pass.cc; docs/ge-constant-folding.md
// §12.1): an ONNX Identity is taken out and its readers read its input. GE's CheckIdentityUsable keeps
// an Identity right after a subgraph's input or a subgraph owner, right before a subgraph's output or
// owner, one between a Switch and its control successors or before a Merge with control
// predecessors, and one marked no_need_constant_folding. In front of a graph output the producer's
// value takes the output's name; refused (kept, with the reason) when that value is a graph input
// or a graph output already. Tensors, sequences and optionals alike: Identity passes any value on.
#include "pipeline/pass.h"

namespace passscope {

class IdentityPass : public NodePass {
  public:
    std::string name() const override { return "IdentityPass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: REG_PASS_OPTION(...).LEVELS(kO3)
    static constexpr StatisticInfo kRemoved{"identities_removed", "Identity nodes taken out"};
    static constexpr StatisticInfo kOutputsRenamed{
        "outputs_taken_over", "Graph outputs whose name moved to the value an Identity passed on"};
    std::vector<StatisticInfo> statistics() const override { return {kRemoved, kOutputsRenamed}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

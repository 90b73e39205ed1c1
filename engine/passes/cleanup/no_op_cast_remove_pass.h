#pragma once
// NoOpCastRemovePass (PassScope's own, for both targets; docs/ge-constant-folding.md §12.2): a Cast to
// the dtype its input already has, or a CastLike whose input and target share a dtype, computes
// nothing and is taken out. This is step 1 of GE's two CastRemovePasses (format_optimize/
// cast_remove_pass.cc, which PassScope runs only at target ge as part of the format passes, and
// autofuse pattern_fusion/cast_remove_pass.cpp); ONNX Runtime's CastElimination does the same. The
// input's dtype must be known: a Cast of a value of unknown dtype stays (the reason is recorded).
// In front of a graph output the input's value takes the output's name (cleanup/pass_through.h).
#include "pipeline/pass.h"

namespace passscope {

class NoOpCastRemovePass : public NodePass {
  public:
    std::string name() const override { return "NoOpCastRemovePass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    static constexpr StatisticInfo kRemoved{"casts_removed", "Casts to the dtype their input has, taken out"};
    std::vector<StatisticInfo> statistics() const override { return {kRemoved}; }

  protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

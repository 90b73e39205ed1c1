#pragma once
// SubgraphOptimizePass: If/Loop/Scan bodies are never folded as a whole (their owner is kept),
// but their insides are optimized like a graph of their own, in place, by a nested pass manager
// (ctx.runNested): folding (outer-scope constants count as constants, since a body resolves
// them through its parent), If on a constant condition and zero-trip Loop removal
// (docs/ge-constant-folding.md §15.3), DCE, CSE and this pass again for bodies inside bodies, to
// a fixed point under the pipeline's iteration cap. The list is given by whoever composes the
// pipeline (buildBodyPipeline, compile/pipeline_registry.cpp), so the passes never include the
// composition. Every pass run on a body is a journal step of its own that names the body, so the
// journal replays body edits like any other; this pass itself edits nothing.
#include <functional>
#include <memory>
#include <vector>

#include "pipeline/pass.h"

namespace passscope {

class SubgraphOptimizePass : public Pass {
  public:
    // The passes to run in a body, for the options; `nested` when the body owns bodies itself.
    using BodyPipeline =
        std::function<std::vector<std::unique_ptr<Pass>>(const PipelineOptions& options, bool nested)>;
    explicit SubgraphOptimizePass(BodyPipeline bodyPipeline) : bodyPipeline_(std::move(bodyPipeline)) {}
    std::string name() const override { return "SubgraphOptimizePass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    bool run(Graph& graph, PassContext& ctx) override;

  private:
    BodyPipeline bodyPipeline_;
};

}  // namespace passscope

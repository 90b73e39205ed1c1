#pragma once
// The one place where what a graph compile runs is written down: GE's stages, and the passes run
// inside If/Loop/Scan bodies. It sits above both the pass framework (pipeline/) and the passes
// (passes/), which therefore never include each other's composition.
#include <memory>
#include <vector>

#include "pipeline/options.h"
#include "pipeline/pass.h"
#include "pipeline/pass_manager.h"

namespace passscope {

// GE's stage order, built for `options`. The one place where the pipeline's composition is
// written down.
std::vector<Stage> buildPipeline(const PipelineOptions& options);
// Every pass the pipeline of `target` may run, whatever the options switch off (O-level,
// ge.oo.constantFolding, ge.is_weight_clip, pass.<Name>), each name once where it first runs:
// the passes a user can switch (the GUI's Pipeline Options).
std::vector<std::unique_ptr<Pass>> pipelinePasses(Target target);
// The passes SubgraphOptimizePass runs inside an If/Loop/Scan body to a fixed point, in the
// pipeline's order, ending with SubgraphOptimizePass itself when the body owns bodies (`nested`).
// Written down in the same place as buildPipeline.
std::vector<std::unique_ptr<Pass>> buildBodyPipeline(const PipelineOptions& options, bool nested);

}  // namespace passscope

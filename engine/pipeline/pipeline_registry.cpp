// The pipeline's composition, in GE's order (docs/ge-constant-folding.md §3; §3.3 for where DCE
// and CSE sit: after folding, then folding again). Passes switched off by the
// options are left out here, so the journal shows only what ran.
#include "passes/cleanup/common_subexpression_elimination_pass.h"
#include "passes/cleanup/dead_code_elimination_pass.h"
#include "passes/cleanup/subgraph_optimize_pass.h"
#include "passes/constant_folding/constant_folding_pass.h"
#include "passes/constant_folding/dimension_adjust_pass.h"
#include "passes/constant_folding/dimension_compute_pass.h"
#include "passes/constant_folding/potential_const_taken_effect_pass.h"
#include "passes/constant_folding/replace_with_empty_const_pass.h"
#include "pipeline/pass_manager.h"

namespace passscope {
namespace {

void add(Stage& stage, std::unique_ptr<Pass> pass, const PipelineOptions& options) {
    if (pass->enabled(options)) stage.passes.push_back(std::move(pass));
}

}  // namespace

std::vector<Stage> buildPipeline(const PipelineOptions& options) {
    std::vector<Stage> stages;

    Stage prepare{"Prepare", {}};  // GraphPrepare::ComputeConstantShape: mark first, fold, take effect
    add(prepare, std::make_unique<ReplaceWithEmptyConstPass>(false), options);
    add(prepare, std::make_unique<DimensionComputePass>(false), options);
    add(prepare, std::make_unique<ConstantFoldingPass>(), options);
    add(prepare, std::make_unique<PotentialConstTakenEffectPass>(), options);
    stages.push_back(std::move(prepare));

    Stage stage1{"OptimizeStage1", {}};  // the main battlefield of folding
    add(stage1, std::make_unique<ReplaceWithEmptyConstPass>(true), options);
    add(stage1, std::make_unique<DimensionComputePass>(true), options);
    add(stage1, std::make_unique<ConstantFoldingPass>(), options);
    add(stage1, std::make_unique<DimensionAdjustPass>(), options);
    add(stage1, std::make_unique<DeadCodeEliminationPass>(), options);
    add(stage1, std::make_unique<CommonSubexpressionEliminationPass>(), options);
    add(stage1, std::make_unique<SubgraphOptimizePass>(), options);
    stages.push_back(std::move(stage1));

    Stage stage2{"OptimizeStage2", {}};
    add(stage2, std::make_unique<ConstantFoldingPass>(), options);
    add(stage2, std::make_unique<DimensionAdjustPass>(), options);
    add(stage2, std::make_unique<DeadCodeEliminationPass>(), options);
    stages.push_back(std::move(stage2));

    Stage beforeAutofuse{"BeforeAutofuse", {}};
    add(beforeAutofuse, std::make_unique<ConstantFoldingPass>(), options);
    add(beforeAutofuse, std::make_unique<DeadCodeEliminationPass>(), options);
    stages.push_back(std::move(beforeAutofuse));

    std::erase_if(stages, [](const Stage& s) { return s.passes.empty(); });
    return stages;
}

}  // namespace passscope

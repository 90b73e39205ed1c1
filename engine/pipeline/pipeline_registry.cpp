// The pipeline's composition, in GE's order (docs/ge-constant-folding.md §3; §3.3 for where DCE
// and CSE sit: after folding, then folding again). Passes switched off by the
// options are left out here, so the journal shows only what ran. Format refinement runs only
// for the device target (docs/ge-formats.md §4: origin formats in Prepare, before and after the
// folding there; §5: storage formats chosen and TransData inserted after OptimizeStage1, then the
// format passes; OptimizeStage2's folding turns TransData on constant weights into constants).
#include "passes/cleanup/common_subexpression_elimination_pass.h"
#include "passes/cleanup/dead_code_elimination_pass.h"
#include "passes/cleanup/subgraph_optimize_pass.h"
#include "passes/constant_folding/cond_remove_pass.h"
#include "passes/constant_folding/constant_folding_pass.h"
#include "passes/constant_folding/dimension_adjust_pass.h"
#include "passes/constant_folding/dimension_compute_pass.h"
#include "passes/constant_folding/potential_const_taken_effect_pass.h"
#include "passes/constant_folding/replace_with_empty_const_pass.h"
#include "passes/constant_folding/zero_trip_loop_remove_pass.h"
#include "passes/format/cast_remove_pass.h"
#include "passes/format/dim1_transpose_to_squeeze_pass.h"
#include "passes/format/infer_format_pass.h"
#include "passes/format/prepare_running_format_refiner_pass.h"
#include "passes/format/storage_format_selection_pass.h"
#include "passes/format/trans_data_insertion_pass.h"
#include "passes/format/trans_op_breadth_fusion_pass.h"
#include "passes/format/trans_op_symmetry_elimination_pass.h"
#include "passes/format/trans_op_without_reshape_fusion_pass.h"
#include "passes/format/transpose_trans_data_pass.h"
#include "passes/format/unchanged_transpose_remove_pass.h"
#include "passes/variable/update_variable_formats_pass.h"
#include "passes/variable/var_is_initialized_op_pass.h"
#include "passes/variable/variable_op_pass.h"
#include "passes/variable/variable_prepare_op_pass.h"
#include "passes/variable/variable_ref_delete_op_pass.h"
#include "passes/variable/variable_ref_useless_control_out_delete_pass.h"
#include "pipeline/pass_manager.h"

namespace passscope {
namespace {

void add(Stage& stage, std::unique_ptr<Pass> pass, const PipelineOptions& options) {
    if (pass->enabled(options)) stage.passes.push_back(std::move(pass));
}

}  // namespace

std::vector<Stage> buildPipeline(const PipelineOptions& options) {
    std::vector<Stage> stages;

    const bool device = options.target == Target::Ge;

    Stage prepare{"Prepare", {}};  // GraphPrepare::ComputeConstantShape: mark first, fold, take effect
    // GraphPrepare's names_to_passes start with VarIsInitializedOpPass (docs/ge-variables.md §6).
    if (device) add(prepare, std::make_unique<VarIsInitializedOpPass>(), options);
    if (device) add(prepare, std::make_unique<InferFormatPass>(1), options);
    add(prepare, std::make_unique<ReplaceWithEmptyConstPass>(false), options);
    add(prepare, std::make_unique<DimensionComputePass>(false), options);
    add(prepare, std::make_unique<ConstantFoldingPass>(), options);
    add(prepare, std::make_unique<PotentialConstTakenEffectPass>(), options);
    if (device) {
        add(prepare, std::make_unique<InferFormatPass>(2), options);
        add(prepare, std::make_unique<PrepareRunningFormatRefinerPass>(), options);
        // graph_manager.cc: PrepareRunningFormatRefiner, then VariablePrepareOpPass.
        add(prepare, std::make_unique<VariablePrepareOpPass>(), options);
        // graph_prepare.cc: then UpdateVariableFormats (the formats earlier graphs of the session chose).
        add(prepare, std::make_unique<UpdateVariableFormatsPass>(), options);
    }
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

    if (device) {
        Stage selection{"FormatSelection", {}};  // FE's format selection, then DiffStorageFormat
        add(selection, std::make_unique<StorageFormatSelectionPass>(), options);
        add(selection, std::make_unique<TransDataInsertionPass>(), options);
        stages.push_back(std::move(selection));

        Stage formatOptimize{"FormatOptimize", {}};  // compiler/graph/passes/format_optimize/
        add(formatOptimize, std::make_unique<TransOpSymmetryEliminationPass>(), options);
        add(formatOptimize, std::make_unique<TransOpBreadthFusionPass>(), options);
        // GE's OptimizeStage1_1: SameTransdataBreadthFusion, then VariableOpPass (variable fusion).
        add(formatOptimize, std::make_unique<VariableOpPass>(), options);
        add(formatOptimize, std::make_unique<TransOpWithoutReshapeFusionPass>(), options);
        add(formatOptimize, std::make_unique<TransposeTransDataPass>(), options);
        add(formatOptimize, std::make_unique<UnchangedTransposeRemovePass>(), options);
        add(formatOptimize, std::make_unique<CastRemovePass>(), options);
        add(formatOptimize, std::make_unique<Dim1TransposeToSqueezePass>(), options);
        stages.push_back(std::move(formatOptimize));

        Stage stage13{"OptimizeStage1_3", {}};  // graph_manager.cc's OptimizeStage1_3
        add(stage13, std::make_unique<VariableRefUselessControlOutDeletePass>(), options);
        stages.push_back(std::move(stage13));
    }

    Stage stage2{"OptimizeStage2", {}};
    add(stage2, std::make_unique<ConstantFoldingPass>(), options);
    // GE's OptimizeStage2 names_to_passes: ConstantFolding, ReshapeRemove, CondRemove, AssignRemove,
    // DimensionAdjust (docs/ge-constant-folding.md §12). Zero-trip Loops are PassScope's own (§12.2).
    add(stage2, std::make_unique<CondRemovePass>(), options);
    add(stage2, std::make_unique<ZeroTripLoopRemovePass>(), options);
    add(stage2, std::make_unique<DimensionAdjustPass>(), options);
    add(stage2, std::make_unique<DeadCodeEliminationPass>(), options);
    // The VarRefs have done their job (GE's OptimizeStage2 ends with VariableRefDeleteOpPass).
    if (device) add(stage2, std::make_unique<VariableRefDeleteOpPass>(), options);
    stages.push_back(std::move(stage2));

    Stage beforeAutofuse{"BeforeAutofuse", {}};
    add(beforeAutofuse, std::make_unique<ConstantFoldingPass>(), options);
    add(beforeAutofuse, std::make_unique<DeadCodeEliminationPass>(), options);
    stages.push_back(std::move(beforeAutofuse));

    std::erase_if(stages, [](const Stage& s) { return s.passes.empty(); });
    return stages;
}

}  // namespace passscope

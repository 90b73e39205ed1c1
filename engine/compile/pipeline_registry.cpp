// The pipeline's composition, and that of the pipeline run inside If/Loop/Scan bodies
// (SubgraphOptimizePass), in GE's order (docs/ge-constant-folding.md §3; §3.3 for where DCE
// and CSE sit: after folding, then folding again). Passes switched off by the
// options are left out here, so the journal shows only what ran. Format refinement runs only
// for the device target (docs/ge-formats.md §4: origin formats in Prepare, before and after the
// folding there; §5: storage formats chosen and TransData inserted after OptimizeStage1, then the
// format passes; OptimizeStage2's folding turns TransData on constant weights into constants).
#include "compile/pipeline_registry.h"

#include <algorithm>

#include "passes/cleanup/common_subexpression_elimination_pass.h"
#include "passes/cleanup/constant_fuse_same_pass.h"
#include "passes/cleanup/ctrl_edge_transfer_pass.h"
#include "passes/cleanup/dead_code_elimination_pass.h"
#include "passes/cleanup/decompose_large_const_pass.h"
#include "passes/cleanup/dropout_pass.h"
#include "passes/cleanup/identity_pass.h"
#include "passes/cleanup/no_op_arithmetic_remove_pass.h"
#include "passes/cleanup/no_op_cast_remove_pass.h"
#include "passes/cleanup/no_op_pad_remove_pass.h"
#include "passes/cleanup/not_where_fusion_pass.h"
#include "passes/cleanup/redundant_slice_remove_pass.h"
#include "passes/cleanup/reshape_remove_pass.h"
#include "passes/cleanup/subgraph_optimize_pass.h"
#include "passes/cleanup/transpose_round_trip_remove_pass.h"
#include "passes/constant_folding/cond_remove_pass.h"
#include "passes/constant_folding/constant_clip_pass.h"
#include "passes/constant_folding/constant_folding_pass.h"
#include "passes/constant_folding/dimension_adjust_pass.h"
#include "passes/constant_folding/dimension_compute_pass.h"
#include "passes/constant_folding/infer_value_range_pass.h"
#include "passes/constant_folding/partial_shape_folding_pass.h"
#include "passes/constant_folding/potential_const_taken_effect_pass.h"
#include "passes/constant_folding/replace_with_empty_const_pass.h"
#include "passes/constant_folding/reshape_target_folding_pass.h"
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
#include "passes/variable/assign_remove_pass.h"
#include "passes/variable/update_variable_formats_pass.h"
#include "passes/variable/var_is_initialized_op_pass.h"
#include "passes/variable/variable_op_pass.h"
#include "passes/variable/variable_prepare_op_pass.h"
#include "passes/variable/variable_ref_delete_op_pass.h"
#include "passes/variable/variable_ref_useless_control_out_delete_pass.h"

namespace passscope {
namespace {

// Which passes a composition keeps: those `enabledBy` switches on, or (everyPass) all of them, for the
// list of what a pipeline may run (pipelinePasses).
struct Selection {
    const PipelineOptions& enabledBy;
    bool everyPass = false;
};

void add(Stage& stage, std::unique_ptr<Pass> pass, const Selection& options) {
    if (options.everyPass || pass->enabled(options.enabledBy)) stage.passes.push_back(std::move(pass));
}

// No-op Slices, arithmetic and Pads, shape-chain Reshape targets and Not feeding a Where
// (docs/ge-constant-folding.md §14): after folding in OptimizeStage1 and inside every body, so a
// removal added here runs in both.
void addNoOpRemovals(Stage& stage, const Selection& options) {
    add(stage, std::make_unique<ReshapeTargetFoldingPass>(), options);
    add(stage, std::make_unique<RedundantSliceRemovePass>(), options);
    add(stage, std::make_unique<NoOpArithmeticRemovePass>(), options);
    add(stage, std::make_unique<NoOpPadRemovePass>(), options);
    add(stage, std::make_unique<NotWhereFusionPass>(), options);
}

std::vector<Stage> composeStages(const Selection& options) {
    std::vector<Stage> stages;

    const bool device = options.enabledBy.target == Target::Ge;

    Stage prepare{"Prepare", {}};  // GraphPrepare::ComputeConstantShape: mark first, fold, take effect
    // GraphPrepare's names_to_passes start with VarIsInitializedOpPass (docs/ge-variables.md §6).
    if (device) add(prepare, std::make_unique<VarIsInitializedOpPass>(), options);
    // graph_prepare.cc's names_to_passes: DropOutPass (inference graphs), ..., IdentityPass last; a
    // Cast to its own dtype goes with them.
    add(prepare, std::make_unique<DropOutPass>(), options);
    add(prepare, std::make_unique<IdentityPass>(), options);
    add(prepare, std::make_unique<NoOpCastRemovePass>(), options);
    if (device) add(prepare, std::make_unique<InferFormatPass>(1), options);
    add(prepare, std::make_unique<ReplaceWithEmptyConstPass>(false), options);
    add(prepare, std::make_unique<DimensionComputePass>(false), options);
    add(prepare, std::make_unique<ConstantClipPass>(), options);
    add(prepare, std::make_unique<ConstantFoldingPass>(), options);
    add(prepare, std::make_unique<InferValueRangePass>(), options);
    // PassScope's own (docs/ge-constant-folding.md §12.2): marks, as DimensionComputePass does here.
    add(prepare, std::make_unique<PartialShapeFoldingPass>(false), options);
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
    add(stage1, std::make_unique<ConstantClipPass>(), options);
    add(stage1, std::make_unique<ConstantFoldingPass>(), options);
    // After each ConstantFoldingPass: the last word on a chain that reads a symbolic dim is its.
    add(stage1, std::make_unique<PartialShapeFoldingPass>(true), options);
    add(stage1, std::make_unique<DimensionAdjustPass>(), options);
    addNoOpRemovals(stage1, options);
    add(stage1, std::make_unique<TransposeRoundTripRemovePass>(), options);
    add(stage1, std::make_unique<DeadCodeEliminationPass>(), options);
    // graph_manager.cc's OptimizeStage1_1: ConstantFuseSamePass, then CSE merges what read the fused ones.
    add(stage1, std::make_unique<ConstantFuseSamePass>(), options);
    add(stage1, std::make_unique<CommonSubexpressionEliminationPass>(), options);
    add(stage1, std::make_unique<SubgraphOptimizePass>(buildBodyPipeline), options);
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
        // graph_manager.cc: OptimizeStage1_3 ends with IdentityPass (after SwitchToStreamSwitchPass).
        add(stage13, std::make_unique<IdentityPass>(), options);
        stages.push_back(std::move(stage13));
    }

    Stage preRun{"PreRun", {}};  // graph_manager.cc's PreRun after OptimizeStage1: control edges on consts
    add(preRun, std::make_unique<CtrlEdgeTransferPass>(), options);
    stages.push_back(std::move(preRun));

    Stage stage2{"OptimizeStage2", {}};
    add(stage2, std::make_unique<ConstantFoldingPass>(), options);
    add(stage2, std::make_unique<PartialShapeFoldingPass>(true), options);
    // GE's OptimizeStage2 names_to_passes: ConstantFolding, ReshapeRemove, CondRemove, AssignRemove,
    // DimensionAdjust (docs/ge-constant-folding.md §15). Zero-trip Loops are PassScope's own (§15.2).
    add(stage2, std::make_unique<ReshapeRemovePass>(), options);
    add(stage2, std::make_unique<CondRemovePass>(), options);
    add(stage2, std::make_unique<ZeroTripLoopRemovePass>(), options);
    if (device) add(stage2, std::make_unique<AssignRemovePass>(), options);  // variables are GE's
    add(stage2, std::make_unique<DimensionAdjustPass>(), options);
    add(stage2, std::make_unique<ReshapeTargetFoldingPass>(), options);
    add(stage2, std::make_unique<RedundantSliceRemovePass>(), options);
    add(stage2, std::make_unique<NoOpArithmeticRemovePass>(), options);
    add(stage2, std::make_unique<NoOpPadRemovePass>(), options);
    add(stage2, std::make_unique<DeadCodeEliminationPass>(), options);
    // The VarRefs have done their job (GE's OptimizeStage2 ends with VariableRefDeleteOpPass).
    if (device) add(stage2, std::make_unique<VariableRefDeleteOpPass>(), options);
    stages.push_back(std::move(stage2));

    Stage beforeAutofuse{"BeforeAutofuse", {}};
    add(beforeAutofuse, std::make_unique<ConstantFoldingPass>(), options);
    add(beforeAutofuse, std::make_unique<PartialShapeFoldingPass>(true), options);
    // Autofuse's pattern pass: GE's device compile only (see decompose_large_const_pass.h).
    if (device) add(beforeAutofuse, std::make_unique<DecomposeLargeConstPass>(), options);
    add(beforeAutofuse, std::make_unique<DeadCodeEliminationPass>(), options);
    stages.push_back(std::move(beforeAutofuse));

    std::erase_if(stages, [](const Stage& s) { return s.passes.empty(); });
    return stages;
}

}  // namespace

std::vector<Stage> buildPipeline(const PipelineOptions& options) {
    return composeStages(Selection{options});
}

std::vector<std::unique_ptr<Pass>> pipelinePasses(Target target) {
    PipelineOptions options;
    options.target = target;
    std::vector<std::unique_ptr<Pass>> passes;
    for (Stage& stage : composeStages(Selection{options, /*everyPass=*/true}))
        for (std::unique_ptr<Pass>& pass : stage.passes) {
            const std::string name = pass->name();
            const bool seen = std::any_of(passes.begin(), passes.end(),
                                          [&](const std::unique_ptr<Pass>& p) { return p->name() == name; });
            if (!seen) passes.push_back(std::move(pass));
        }
    return passes;
}

// Shapes inside bodies are not re-inferred, so only the passes that need no fresh shapes run there,
// in the pipeline's order.
std::vector<std::unique_ptr<Pass>> buildBodyPipeline(const PipelineOptions& enabledBy, bool nested) {
    const Selection options{enabledBy};
    Stage body{"Body", {}};
    add(body, std::make_unique<DimensionComputePass>(true), options);
    add(body, std::make_unique<ConstantFoldingPass>(), options);
    add(body, std::make_unique<PartialShapeFoldingPass>(true), options);
    // An If on a constant condition, a Loop that runs no iteration: also inside bodies (the
    // inlined branch's outer reads stay valid, docs/ge-constant-folding.md §15.3).
    add(body, std::make_unique<CondRemovePass>(), options);
    add(body, std::make_unique<ZeroTripLoopRemovePass>(), options);
    // Pass-through nodes and no-ops (they keep what gives a body output or reads an outer value).
    add(body, std::make_unique<DropOutPass>(), options);
    add(body, std::make_unique<IdentityPass>(), options);
    add(body, std::make_unique<NoOpCastRemovePass>(), options);
    add(body, std::make_unique<ReshapeRemovePass>(), options);
    addNoOpRemovals(body, options);
    add(body, std::make_unique<DeadCodeEliminationPass>(), options);
    add(body, std::make_unique<CommonSubexpressionEliminationPass>(), options);
    if (nested) add(body, std::make_unique<SubgraphOptimizePass>(buildBodyPipeline), options);
    return std::move(body.passes);
}

}  // namespace passscope

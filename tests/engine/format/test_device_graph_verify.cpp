// `verify` on a device-level graph (docs/ge-formats.md §2, §5, §6): after format refinement a model
// holds TransData nodes and constants folded into NC1HWC0 / FRACTAL_Z / FRACTAL_NZ. The evaluator
// reads it by its meaning (TransData = identity on the logical tensor, device-layout constants
// converted back by the inverse TransData), so the optimized model must compute exactly what the
// original did; a corrupted folded weight must be caught.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "exec/evaluator.h"
#include "exec/verify.h"
#include "io/onnx_export.h"
#include "kernels/tensor_util.h"
#include "passes/constant_folding/constant_folding_pass.h"
#include "passes/constant_folding/folding.h"
#include "passes/format/cast_remove_pass.h"
#include "passes/format/dim1_transpose_to_squeeze_pass.h"
#include "passes/format/infer_format_pass.h"
#include "passes/format/trans_op_breadth_fusion_pass.h"
#include "passes/format/trans_op_symmetry_elimination_pass.h"
#include "passes/format/trans_op_without_reshape_fusion_pass.h"
#include "passes/format/transpose_trans_data_pass.h"
#include "passes/format/unchanged_transpose_remove_pass.h"
#include "stage_runner.h"

#include "format_selection_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// The format part of the ge pipeline: origin inference and user storage formats (Prepare), storage
// selection and TransData insertion (FormatSelection), the trans-op passes (FormatOptimize), then
// OptimizeStage2's constant folding, which folds the TransData of constant weights. The verifier
// checks the graph after each pass.
// Returns the run's warnings; the caller checks them.
std::vector<std::string> runDeviceLevel(Model& model, const PipelineOptions& options = {}) {
    std::vector<Stage> stages(4);
    stages[0].name = "Prepare";
    stages[0].passes.push_back(std::make_unique<InferFormatPass>(1));
    stages[0].passes.push_back(std::make_unique<InferFormatPass>(2));
    stages[0].passes.push_back(std::make_unique<PrepareRunningFormatRefinerPass>());
    stages[1].name = "FormatSelection";
    stages[1].passes.push_back(std::make_unique<StorageFormatSelectionPass>());
    stages[1].passes.push_back(std::make_unique<TransDataInsertionPass>());
    stages[2].name = "FormatOptimize";
    stages[2].passes.push_back(std::make_unique<TransOpSymmetryEliminationPass>());
    stages[2].passes.push_back(std::make_unique<TransOpBreadthFusionPass>());
    stages[2].passes.push_back(std::make_unique<TransOpWithoutReshapeFusionPass>());
    stages[2].passes.push_back(std::make_unique<TransposeTransDataPass>());
    stages[2].passes.push_back(std::make_unique<UnchangedTransposeRemovePass>());
    stages[2].passes.push_back(std::make_unique<CastRemovePass>());
    stages[2].passes.push_back(std::make_unique<Dim1TransposeToSqueezePass>());
    stages[3].name = "OptimizeStage2";
    stages[3].passes.push_back(std::make_unique<ConstantFoldingPass>());
    return runTestStages(model, options, stages).warnings;
}

void expectNoWarnings(const std::vector<std::string>& warnings) {
    for (const std::string& w : warnings) ADD_FAILURE() << "warning: " << w;
}

// Constants whose value is held in `format` (their dims = the storage shape).
std::vector<const Node*> deviceConstants(const Graph& g, Format format) {
    std::vector<const Node*> out;
    for (const Node* n : g.nodes())
        if (op::isConstant(n->opType(), n->domain()) && n->output(0).desc.storageFormat == format &&
            n->output(0).desc.storageDiffers())
            out.push_back(n);
    return out;
}

// A copy of `t` with byte `at` XOR-ed by `mask`.
Tensor flipByte(const Tensor& t, size_t at, uint8_t mask) {
    std::string bytes(reinterpret_cast<const char*>(t.rawData()), t.byteSize());
    bytes[at] = static_cast<char>(static_cast<uint8_t>(bytes[at]) ^ mask);
    Tensor out(t.dtype(), t.dims(), std::make_shared<StringBuffer>(std::move(bytes)));
    out.setName(t.name());
    return out;
}

// The original and its device-level copy, both loaded from the same file.
struct ModelPair {
    Model original, device;
    std::vector<std::string> warnings;
};

ModelPair devicePair(const onnx::ModelProto& proto, const std::string& dirName,
                     const PipelineOptions& options = {}) {
    auto dir = freshDir(dirName);
    writeModel(proto, dir / "m.onnx");
    ModelPair p{io::loadModel(dir / "m.onnx").model, io::loadModel(dir / "m.onnx").model, {}};
    p.warnings = runDeviceLevel(p.device, options);
    return p;
}

void expectSameOutputs(const Model& a, const Model& b) {
    VerifyOptions options;
    options.rtol = 0;
    options.atol = 0;  // same kernels on the same logical tensors: bit-exact
    VerifyResult r = verifyModels(a, b, options);
    ASSERT_TRUE(r.comparable) << r.problem;
    ASSERT_FALSE(r.rows.empty());
    for (const VerifyRow& row : r.rows) EXPECT_TRUE(row.equal) << row.output << ": " << row.detail;
}

// x[1,4,8,8] -> Conv(w[6,2,3,3], group 2, pad 1) -> Relu -> y[1,6,8,8]
onnx::ModelProto groupedConvModel() {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    std::vector<float> w(6 * 2 * 3 * 3);
    std::mt19937 rng(7);
    for (float& v : w) v = static_cast<float>(rng() % 1000) / 500.0f - 1.0f;
    addFloatInitializer(g, "w", {6, 2, 3, 3}, w);
    auto* conv = addNode(g, "Conv", {"x", "w"}, {"c"}, "grouped");
    intAttr(conv, "group", 2);
    intsAttr(conv, "pads", {1, 1, 1, 1});
    addNode(g, "Relu", {"c"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 6, 8, 8});
    return m;
}

// TF style: x NHWC[1,8,8,3] -> Transpose to NCHW -> Conv(w[4,3,3,3]) -> Relu -> y[1,4,6,6]; the
// Transpose fuses into the TransData that feeds the Conv (TransposeTransDataPass).
onnx::ModelProto nhwcModel() {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 8, 8, 3});
    intsAttr(addNode(g, "Transpose", {"x"}, {"t"}, "to_nchw"), "perm", {0, 3, 1, 2});
    addFloatInitializer(g, "w", {4, 3, 3, 3}, ramp(4 * 3 * 3 * 3));
    addNode(g, "Conv", {"t", "w"}, {"c"}, "conv");
    addNode(g, "Relu", {"c"}, {"y"}, "relu");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 4, 6, 6});
    return m;
}

}  // namespace

TEST(DeviceGraphVerify, ConvGemmModelComputesTheSameAfterFormatRefinement) {
    ModelPair p = devicePair(convGemmModel(), "dgv_conv_gemm");
    expectNoWarnings(p.warnings);
    const Graph& g = *p.device.graph;
    // The optimized graph really is device-level: runtime TransData left, weights folded.
    EXPECT_FALSE(transDatas(g).empty());
    ASSERT_EQ(deviceConstants(g, Format::FRACTAL_Z).size(), 1u);
    ASSERT_EQ(deviceConstants(g, Format::FRACTAL_NZ).size(), 1u);
    expectSameOutputs(p.original, p.device);
}

TEST(DeviceGraphVerify, EvaluatorGivesTheOriginalOutputsBitForBit) {
    ModelPair p = devicePair(convGemmModel(), "dgv_bits");
    std::map<std::string, Tensor> inputs;
    std::vector<float> x(3 * 8 * 8);
    std::mt19937 rng(11);
    for (float& v : x) v = static_cast<float>(rng() % 2001) / 1000.0f - 1.0f;
    inputs["x"] = kernels::makeTensor<float>({1, 3, 8, 8}, x);
    EvalResult a = Evaluator(p.original).run(inputs);
    EvalResult b = Evaluator(p.device).run(inputs);
    ASSERT_FALSE(a.failure) << a.failure->reason;
    ASSERT_FALSE(b.failure) << b.failure->nodeName << ": " << b.failure->reason;
    ASSERT_EQ(a.outputs.size(), 1u);
    ASSERT_EQ(b.outputs.size(), 1u);
    EXPECT_EQ(b.outputs[0].dims(), (std::vector<int64_t>{1, 10}));  // the logical output, not FRACTAL_NZ
    EXPECT_EQ(tensorBytes(a.outputs[0]), tensorBytes(b.outputs[0]));
}

TEST(DeviceGraphVerify, ACorruptedFoldedFractalZWeightIsCaught) {
    ModelPair p = devicePair(convGemmModel(), "dgv_corrupt");
    Graph& g = *p.device.graph;
    auto weights = deviceConstants(g, Format::FRACTAL_Z);
    ASSERT_EQ(weights.size(), 1u);
    const NodeId w = weights[0]->id();
    const Tensor value = *weights[0]->attrTensor(op::attr::kValue);
    // Byte 3 is the sign/exponent byte of element 0 of the FRACTAL_Z layout, which holds w[0,0,0,0]
    // (a real weight, not padding).
    g.setAttribute(w, Attribute::makeTensor(std::string(op::attr::kValue), flipByte(value, 3, 0x40)));
    VerifyResult r = verifyModels(p.original, p.device, VerifyOptions{});
    ASSERT_TRUE(r.comparable) << r.problem;
    EXPECT_FALSE(r.allEqual());
    // Undone, it agrees again: the difference was that byte.
    g.setAttribute(w, Attribute::makeTensor(std::string(op::attr::kValue), value));
    EXPECT_TRUE(verifyModels(p.original, p.device, VerifyOptions{}).allEqual());
}

TEST(DeviceGraphVerify, GroupedConvWeightIsReadBackWithItsGroups) {
    ModelPair p = devicePair(groupedConvModel(), "dgv_grouped");
    expectNoWarnings(p.warnings);
    Graph& g = *p.device.graph;
    auto weights = deviceConstants(g, Format::FRACTAL_Z);
    ASSERT_EQ(weights.size(), 1u);
    // The description carries the groups (GE's sub-format, FRACTAL_Z:2), kept by constant folding.
    EXPECT_EQ(weights[0]->output(0).desc.storageSubFormat, 2);
    EXPECT_EQ(weights[0]->output(0).desc.storageFormatText(), "FRACTAL_Z:2");
    expectSameOutputs(p.original, p.device);

    // Read with the wrong groups the weight is wrong: the groups matter.
    const NodeId w = weights[0]->id();
    TensorDesc ungrouped = weights[0]->output(0).desc;
    ungrouped.storageSubFormat = 0;
    g.setOutputDesc(w, 0, ungrouped);
    VerifyResult r = verifyModels(p.original, p.device, VerifyOptions{});
    EXPECT_FALSE(r.comparable && r.allEqual());
}

TEST(DeviceGraphVerify, AnExportedDeviceLevelModelVerifiesAgainstTheOriginalFile) {
    // The grouped one loads back with its groups from the formats metadata ("FRACTAL_Z:2").
    for (const auto& [name, proto] :
         {std::pair{"conv_gemm", convGemmModel()}, {"grouped", groupedConvModel()}}) {
        SCOPED_TRACE(name);
        auto dir = freshDir(std::string("dgv_export_") + name);
        writeModel(proto, dir / "original.onnx");
        Model device = io::loadModel(dir / "original.onnx").model;
        expectNoWarnings(runDeviceLevel(device));
        Diagnostics diag;
        io::exportModel(device, dir / "optimized.onnx", io::ExportOptions{}, diag);
        Model original = io::loadModel(dir / "original.onnx").model;
        Model reloaded = io::loadModel(dir / "optimized.onnx").model;
        EXPECT_EQ(deviceConstants(*reloaded.graph, Format::FRACTAL_Z).size(), 1u);
        EXPECT_FALSE(transDatas(*reloaded.graph).empty());
        expectSameOutputs(original, reloaded);
    }
}

TEST(DeviceGraphVerify, AUserStorageFormatOnTheInputStillTakesTheLogicalInput) {
    auto dir = freshDir("dgv_user_input");
    writeModel(convGemmModel(), dir / "m.onnx");
    Model original = io::loadModel(dir / "m.onnx").model;
    Model device = io::loadModel(dir / "m.onnx").model;
    PipelineOptions options;
    options.storageFormats["x"] = Format::NC1HWC0;
    options.storageFormats["y"] = Format::FRACTAL_NZ;
    expectNoWarnings(runDeviceLevel(device, options));
    const Node* x = nodeNamed(*device.graph, "x");
    ASSERT_NE(x, nullptr);
    ASSERT_EQ(x->output(0).desc.storageFormat, Format::NC1HWC0);
    expectSameOutputs(original, device);
}

TEST(DeviceGraphVerify, SampleConvNetComputesTheSameAfterFormatRefinement) {
    const auto path = std::filesystem::path(PASSSCOPE_SOURCE_DIR) / "resources/samples/conv_net.onnx";
    Model original = io::loadModel(path).model;
    Model device = io::loadModel(path).model;
    expectNoWarnings(runDeviceLevel(device));
    EXPECT_FALSE(deviceConstants(*device.graph, Format::FRACTAL_Z).empty());
    EXPECT_FALSE(transDatas(*device.graph).empty());
    expectSameOutputs(original, device);
}

TEST(DeviceGraphVerify, ATransposeFusedIntoTheTransDataStillFeedsTheConvNchw) {
    PipelineOptions options;
    options.dataFormat = Format::NHWC;
    ModelPair p = devicePair(nhwcModel(), "dgv_nhwc", options);
    expectNoWarnings(p.warnings);  // the fused TransData still means NCHW to ONNX shape inference
    const Graph& g = *p.device.graph;
    const Node& td = producerOf(g, "conv", 0);
    ASSERT_EQ(td.opType(), op::kTransData);
    EXPECT_EQ(attrString(td, "src_format"), "NHWC");  // the Transpose went into it
    EXPECT_EQ(nodeNamed(g, "to_nchw"), nullptr);
    expectSameOutputs(p.original, p.device);
}

// The whole pipeline at target ge (what `optimize --target ge` runs) on the test models and on
// every bundled sample the evaluator can run.
TEST(DeviceGraphVerify, TheGePipelineKeepsWhatEachModelComputes) {
    PipelineOptions options;
    options.target = Target::Ge;
    std::vector<std::pair<std::string, std::filesystem::path>> models;
    const auto dir = freshDir("dgv_pipeline");
    writeModel(convGemmModel(), dir / "conv_gemm.onnx");
    writeModel(groupedConvModel(), dir / "grouped.onnx");
    models.push_back({"conv_gemm", dir / "conv_gemm.onnx"});
    models.push_back({"grouped", dir / "grouped.onnx"});
    for (const char* sample : {"conv_net.onnx", "transformer_block.onnx"})
        models.push_back(
            {sample, std::filesystem::path(PASSSCOPE_SOURCE_DIR) / "resources/samples" / sample});
    for (const auto& [name, path] : models) {
        Model original = io::loadModel(path).model;
        Model device = io::loadModel(path).model;
        PipelineRun run = runPipeline(device, options);
        size_t storageDiffers = 0;
        for (const Node* n : device.graph->nodes())
            for (const NodeOutput& o : n->outputs())
                storageDiffers += o.desc.hasType() && o.desc.storageDiffers();
        EXPECT_GT(storageDiffers, 0u) << name << " did not become device-level";
        SCOPED_TRACE(name);
        expectSameOutputs(original, device);
    }
}

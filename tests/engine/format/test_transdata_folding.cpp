// ConstantFoldingPass through TransData (docs/ge-formats.md §2, §6): a constant weight behind a
// TransData into FRACTAL_Z becomes one Const in the device layout (origin kept, value dims = storage
// shape), the counters say how many were folded and how much padding they added, and the inverse
// TransData on the folded bytes gives the original weight back exactly.
#include <gtest/gtest.h>

#include <random>

#include "engine_helpers.h"
#include "formats/storage_shape.h"
#include "formats/transdata_layout.h"
#include "ir/graph.h"
#include "ir/model.h"
#include "ir/op_types.h"
#include "kernels/kernel_registry.h"
#include "passes/constant_folding/constant_folding_pass.h"
#include "pipeline/graph_verifier.h"

using namespace passscope;
using passscope::test::tensorBytes;

namespace {

Tensor randomWeight(DataType dtype, const std::vector<int64_t>& dims, uint32_t seed) {
    std::mt19937 rng(seed);
    int64_t count = 1;
    for (int64_t d : dims) count *= d;
    std::string bytes(static_cast<size_t>(count) * elementSize(dtype), '\0');
    for (char& b : bytes) b = static_cast<char>(rng() % 255 + 1);
    return Tensor(dtype, dims, std::make_shared<StringBuffer>(std::move(bytes)));
}

// The description a TransData from `origin` (its format and dims) into `storage` gets.
TensorDesc storedDesc(DataType dtype, const std::vector<int64_t>& dims, Format origin, Format storage,
                      int64_t groups) {
    TensorDesc d = TensorDesc::tensor(dtype, Shape::fromExtents(dims), origin);
    d.storageFormat = storage;
    d.storageShape = *formats::storageShapeOf(d.originShape, origin, storage, dtype, groups);
    return d;
}

struct WeightGraph {
    Model model;
    Graph* g = nullptr;
    NodeId out = kNoNode;

    WeightGraph() {
        model.opsets = {{"", 17}, {std::string(op::kGeDomain), op::kGeDomainVersion}};
        model.graph = std::make_shared<Graph>();
        g = model.graph.get();
        out = g->addNode(std::string(op::kNetOutput), "", "", 0).id();
        g->setNetOutput(out);
    }
    NodeId constant(const std::string& name, Tensor value, TensorDesc desc) {
        const NodeId c = g->addNode(std::string(op::kConst), "", name, 1).id();
        g->setOutputName(c, 0, name);
        value.setName(name);
        g->setAttribute(c, Attribute::makeTensor(std::string(op::attr::kValue), std::move(value)));
        g->setOutputDesc(c, 0, std::move(desc));
        return c;
    }
    NodeId transData(const std::string& name, NodeId input, Format src, Format dst, TensorDesc desc,
                     int64_t groups = 1) {
        const NodeId t = g->addNode(std::string(op::kTransData), std::string(op::kGeDomain), name, 1).id();
        g->setOutputName(t, 0, name);
        g->addInput(t, ValueRef{input, 0, 0});
        g->setAttribute(t, Attribute::makeString("src_format", std::string(formatName(src))));
        g->setAttribute(t, Attribute::makeString("dst_format", std::string(formatName(dst))));
        if (groups != 1) g->setAttribute(t, Attribute::makeInt("groups", groups));
        g->setOutputDesc(t, 0, std::move(desc));
        return t;
    }
    // The one value NetOutput reads.
    const Node& result() const { return *g->producer(g->node(out).input(0)); }
};

struct Folded {
    bool changed = false;
    uint64_t transDataFolded = 0;
    uint64_t paddingBytes = 0;
};

Folded fold(WeightGraph& w) {
    PipelineOptions options;
    PassContext ctx(w.model, options, kernels::KernelRegistry::builtin());
    ConstantFoldingPass folding;
    Folded f;
    f.changed = folding.run(*w.g, ctx);
    f.transDataFolded = ctx.stats().value("transdata_folded");
    f.paddingBytes = ctx.stats().value("padding_bytes");
    EXPECT_EQ(describeProblems(verifyGraph(*w.g)), "") << "the graph is invalid after folding";
    return f;
}

// Weight -> TransData(NCHW -> FRACTAL_Z) -> NetOutput, folded, then the inverse TransData on the
// folded constant, folded again: the original bytes.
void foldAndInvert(DataType dtype, const std::vector<int64_t>& dims, int64_t groups) {
    WeightGraph w;
    const Tensor weight = randomWeight(dtype, dims, 42);
    const TensorDesc plain = TensorDesc::tensor(dtype, Shape::fromExtents(dims), Format::NCHW);
    const TensorDesc stored = storedDesc(dtype, dims, Format::NCHW, Format::FRACTAL_Z, groups);
    const NodeId c = w.constant("weight", weight, plain);
    const NodeId t = w.transData("weight_fz", c, Format::NCHW, Format::FRACTAL_Z, stored, groups);
    w.g->addInput(w.out, ValueRef{t, 0, 0});
    w.g->setInputDescs(w.out, {stored});

    const Folded f = fold(w);
    EXPECT_TRUE(f.changed);
    EXPECT_EQ(f.transDataFolded, 1u);
    const uint64_t padding = *formats::paddingBytes(dims, Format::NCHW, Format::FRACTAL_Z, dtype, groups);
    EXPECT_GT(padding, 0u);
    EXPECT_EQ(f.paddingBytes, padding);

    const Node& folded = w.result();
    ASSERT_EQ(folded.opType(), op::kConst);
    EXPECT_EQ(w.g->nodeCount(), 2u);  // the Const and NetOutput: the weight and TransData are gone
    const TensorDesc& desc = folded.output(0).desc;
    EXPECT_EQ(desc.originFormat, Format::NCHW);
    EXPECT_EQ(desc.originShape, Shape::fromExtents(dims));
    EXPECT_EQ(desc.storageFormat, Format::FRACTAL_Z);
    EXPECT_EQ(desc.storageShape, stored.storageShape);
    const Tensor value = *folded.attrTensor(op::attr::kValue);
    EXPECT_EQ(Shape::fromExtents(value.dims()), stored.storageShape);
    EXPECT_EQ(value.byteSize(), weight.byteSize() + padding);

    // The inverse kernel, through folding again.
    const NodeId inv =
        w.transData("weight_back", folded.id(), Format::FRACTAL_Z, Format::NCHW, plain, groups);
    w.g->setInput(w.out, 0, ValueRef{inv, 0, 0});
    w.g->setInputDescs(w.out, {plain});
    const Folded back = fold(w);
    EXPECT_EQ(back.transDataFolded, 1u);
    EXPECT_EQ(back.paddingBytes, 0u);
    const Node& restored = w.result();
    ASSERT_EQ(restored.opType(), op::kConst);
    EXPECT_EQ(restored.output(0).desc, plain);
    const Tensor original = *restored.attrTensor(op::attr::kValue);
    EXPECT_EQ(original.dims(), dims);
    EXPECT_EQ(tensorBytes(original), tensorBytes(weight));
}

}  // namespace

TEST(TransDataFolding, AConstantWeightFoldsIntoFractalZAndBack) {
    foldAndInvert(DataType::Float, {20, 3, 3, 3}, 1);
}

TEST(TransDataFolding, GroupedAndInt8WeightsFoldAndInvertExactly) {
    foldAndInvert(DataType::Float16, {64, 1, 3, 3}, 32);
    foldAndInvert(DataType::Int8, {12, 3, 3, 1}, 4);
    foldAndInvert(DataType::Int8, {40, 33, 1, 1}, 1);
}

TEST(TransDataFolding, TheFoldedValueHasTheCountedPadding) {
    // 20x3x3x3 float: 9*2*16*16 storage elements for 540 origin elements.
    WeightGraph w;
    const std::vector<int64_t> dims{20, 3, 3, 3};
    const TensorDesc stored = storedDesc(DataType::Float, dims, Format::NCHW, Format::FRACTAL_Z, 1);
    const NodeId c = w.constant("weight", randomWeight(DataType::Float, dims, 1),
                                TensorDesc::tensor(DataType::Float, Shape::fromExtents(dims), Format::NCHW));
    w.g->addInput(w.out, ValueRef{w.transData("fz", c, Format::NCHW, Format::FRACTAL_Z, stored), 0, 0});
    const Folded f = fold(w);
    EXPECT_EQ(f.paddingBytes, (9u * 2 * 16 * 16 - 540u) * 4u);
}

TEST(TransDataFolding, AnOpOnADeviceLayoutIsNotFoldedByAnOriginKernel) {
    // A Relu whose input constant is stored as NC1HWC0 (its value has the storage dims): an ONNX
    // kernel would compute on padded bytes, so the node stays.
    WeightGraph w;
    const std::vector<int64_t> dims{1, 3, 2, 2};
    const TensorDesc stored = storedDesc(DataType::Float, dims, Format::NCHW, Format::NC1HWC0, 1);
    const Tensor packed = formats::transData(randomWeight(DataType::Float, dims, 3), Format::NCHW,
                                             Format::NC1HWC0, dims, Format::NCHW);
    const NodeId c = w.constant("x5hd", packed, stored);
    const NodeId relu = w.g->addNode("Relu", "", "relu", 1).id();
    w.g->setOutputName(relu, 0, "y");
    w.g->addInput(relu, ValueRef{c, 0, 0});
    w.g->setOutputDesc(relu, 0, stored);
    w.g->addInput(w.out, ValueRef{relu, 0, 0});
    PipelineOptions options;
    PassContext ctx(w.model, options, kernels::KernelRegistry::builtin());
    ConstantFoldingPass folding;
    EXPECT_FALSE(folding.run(*w.g, ctx));
    bool reasoned = false;
    for (const UnfoldedNode& u : ctx.takeUnfolded())
        if (u.name == "relu") {
            reasoned = true;
            EXPECT_NE(u.detail.find("NC1HWC0"), std::string::npos) << u.detail;
        }
    EXPECT_TRUE(reasoned);
}

TEST(TransDataFolding, TransDataWithAnUnknownOriginShapeFromADeviceLayoutIsNotFolded) {
    WeightGraph w;
    const std::vector<int64_t> dims{20, 3, 3, 3};
    const TensorDesc stored = storedDesc(DataType::Float, dims, Format::NCHW, Format::FRACTAL_Z, 1);
    const Tensor packed = formats::transData(randomWeight(DataType::Float, dims, 4), Format::NCHW,
                                             Format::FRACTAL_Z, dims, Format::NCHW);
    const NodeId c = w.constant("wfz", packed, stored);
    TensorDesc unknown = TensorDesc::tensor(DataType::Float, Shape(), Format::NCHW);
    w.g->addInput(w.out, ValueRef{w.transData("back", c, Format::FRACTAL_Z, Format::NCHW, unknown), 0, 0});
    const Folded f = fold(w);
    EXPECT_FALSE(f.changed);
    EXPECT_EQ(f.transDataFolded, 0u);
}

TEST(TransDataFolding, TheSizeThresholdSeesTheStorageBytesNotTheOriginBytes) {
    // 20x3x3x3 float: 2160 origin bytes, 18432 storage bytes. A threshold between the two refuses.
    WeightGraph w;
    const std::vector<int64_t> dims{20, 3, 3, 3};
    const TensorDesc stored = storedDesc(DataType::Float, dims, Format::NCHW, Format::FRACTAL_Z, 1);
    const NodeId c = w.constant("weight", randomWeight(DataType::Float, dims, 5),
                                TensorDesc::tensor(DataType::Float, Shape::fromExtents(dims), Format::NCHW));
    w.g->addInput(w.out, ValueRef{w.transData("fz", c, Format::NCHW, Format::FRACTAL_Z, stored), 0, 0});
    PipelineOptions options;
    options.foldSizeThreshold = 10000;
    PassContext ctx(w.model, options, kernels::KernelRegistry::builtin());
    ConstantFoldingPass folding;
    EXPECT_FALSE(folding.run(*w.g, ctx));
    bool reasoned = false;
    for (const UnfoldedNode& u : ctx.takeUnfolded())
        if (u.name == "fz") {
            reasoned = true;
            EXPECT_EQ(u.reason, NotFoldedReason::SizeThreshold);
            EXPECT_NE(u.detail.find("18432 bytes"), std::string::npos) << u.detail;
            EXPECT_NE(u.detail.find("storage shape"), std::string::npos) << u.detail;
        }
    EXPECT_TRUE(reasoned);
}

TEST(TransDataFolding, AModelThatDoesNotImportTheGeDomainStillFolds) {
    // A format pass inserts TransData into a plain ONNX model: no opset import for ai.passscope.ge.
    WeightGraph w;
    w.model.opsets = {{"", 17}};
    const std::vector<int64_t> dims{1, 20, 2, 2};
    const TensorDesc stored = storedDesc(DataType::Float, dims, Format::NCHW, Format::NC1HWC0, 1);
    const Tensor x = randomWeight(DataType::Float, dims, 6);
    const NodeId c =
        w.constant("x", x, TensorDesc::tensor(DataType::Float, Shape::fromExtents(dims), Format::NCHW));
    w.g->addInput(w.out, ValueRef{w.transData("x5hd", c, Format::NCHW, Format::NC1HWC0, stored), 0, 0});
    const Folded f = fold(w);
    EXPECT_EQ(f.transDataFolded, 1u);
    EXPECT_EQ(f.paddingBytes, (2u * 16 - 20u) * 4u * 4u);
    const Tensor value = *w.result().attrTensor(op::attr::kValue);
    EXPECT_EQ(value.dims(), (std::vector<int64_t>{1, 2, 2, 2, 16}));
    EXPECT_EQ(tensorBytes(formats::transData(value, Format::NC1HWC0, Format::NCHW, dims, Format::NCHW)),
              tensorBytes(x));
}

// TransDataInsertionPass (GE's DiffStorageFormat, docs/ge-formats.md §5): a TransData wherever a
// producer's storage differs from what its consumer expects, one per producer output and
// destination, with the verifier checking the graph after every pass.
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "io/onnx_export.h"
#include "passes/constant_folding/constant_folding_pass.h"
#include "stage_runner.h"

#include "format_selection_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// "src->dst" of the TransData feeding input `i` of `consumer`, "" when its producer is none.
std::string conversionInto(const Graph& g, const std::string& consumer, size_t i) {
    const Node& p = producerOf(g, consumer, i);
    if (p.opType() != op::kTransData) return "";
    return attrString(p, "src_format") + "->" + attrString(p, "dst_format");
}

}  // namespace

TEST(TransDataInsertion, ConvGemmModelGetsATransDataWhereverStorageDiffers) {
    Model model = loadFormatModel(convGemmModel(), "insert_conv_gemm");
    auto result = runFormatSelection(model, PipelineOptions{});
    const Graph& g = *model.graph;

    EXPECT_EQ(transDatas(g).size(), 6u);
    EXPECT_EQ(result->stat("transdata_inserted"), 6u);
    EXPECT_EQ(conversionInto(g, "conv", 0), "NCHW->NC1HWC0");
    EXPECT_EQ(conversionInto(g, "conv", 1), "NCHW->FRACTAL_Z");
    EXPECT_EQ(conversionInto(g, "conv", 2), "");  // the bias stays as it is
    EXPECT_EQ(conversionInto(g, "relu", 0), "");  // Relu follows the conv
    EXPECT_EQ(conversionInto(g, "pool", 0), "");
    EXPECT_EQ(conversionInto(g, "flatten", 0), "NC1HWC0->NCHW");
    EXPECT_EQ(conversionInto(g, "gemm", 0), "ND->FRACTAL_NZ");
    EXPECT_EQ(conversionInto(g, "gemm", 1), "ND->FRACTAL_NZ");
    EXPECT_EQ(conversionInto(g, "gemm", 2), "");
    const Node& out = g.node(g.netOutput());
    const Node& last = g.node(out.input(0).node);
    ASSERT_EQ(last.opType(), op::kTransData);
    EXPECT_EQ(attrString(last, "src_format"), "FRACTAL_NZ");
    EXPECT_EQ(attrString(last, "dst_format"), "ND");
    EXPECT_EQ(g.node(last.input(0).node).name(), "gemm");

    // Every TransData: domain, the producer's origin, the consumer's storage, and the consumer's
    // input description equal to what it now reads.
    for (const Node* td : transDatas(g)) {
        EXPECT_EQ(td->domain(), op::kGeDomain);
        EXPECT_EQ(td->inputs().size(), 1u);
        EXPECT_FALSE(td->hasAttr("groups"));
        const TensorDesc& in = g.value(td->input(0))->desc;
        const TensorDesc& o = td->output(0).desc;
        EXPECT_EQ(attrString(*td, "src_format"), formatName(in.storageFormat));
        EXPECT_EQ(attrString(*td, "dst_format"), formatName(o.storageFormat));
        EXPECT_EQ(o.originFormat, in.originFormat);
        EXPECT_EQ(o.originShape, in.originShape);
        EXPECT_EQ(o.dtype, in.dtype);
        EXPECT_FALSE(td->output(0).name.empty());
        for (const Use& u : td->output(0).uses) {
            const Node& c = g.node(u.node);
            ASSERT_LT(static_cast<size_t>(u.input), c.inputDescs().size());
            EXPECT_EQ(c.inputDescs()[u.input], o) << c.displayName();
        }
    }
    const Node* weightTd = &producerOf(g, "conv", 1);
    EXPECT_EQ(weightTd->output(0).desc.storageShape, dims({9, 1, 16, 16}));
    EXPECT_EQ(producerOf(g, "flatten", 0).output(0).desc.storageShape, dims({1, 4, 4, 4}));

    // The graph output keeps its name; the stage reached a fixed point (a second iteration found
    // nothing to do) without hitting the cap.
    EXPECT_EQ(g.outputNames(), std::vector<std::string>{"y"});
    ASSERT_EQ(result->run.stages.size(), 2u);
    EXPECT_EQ(result->run.stages[1].name, "FormatSelection");
    EXPECT_EQ(result->run.stages[1].iterations, 2);
    EXPECT_FALSE(result->run.stages[1].hitCap);
    for (const std::string& w : result->run.warnings) ADD_FAILURE() << "warning: " << w;
}

TEST(TransDataInsertion, AUserStorageFormatOnTheInputRemovesTheFirstTransData) {
    Model model = loadFormatModel(convGemmModel(), "insert_user_input");
    PipelineOptions options;
    options.storageFormats["x"] = Format::NC1HWC0;
    auto result = runFormatSelection(model, options);
    const Graph& g = *model.graph;
    EXPECT_EQ(transDatas(g).size(), 5u);
    EXPECT_EQ(result->stat("transdata_inserted"), 5u);
    EXPECT_EQ(producerOf(g, "conv", 0).name(), "x");
    EXPECT_EQ(conversionInto(g, "conv", 1), "NCHW->FRACTAL_Z");
    EXPECT_EQ(result->stat("user_storage_formats"), 1u);
}

TEST(TransDataInsertion, AUserStorageFormatOnTheOutputRemovesTheLastTransData) {
    Model model = loadFormatModel(convGemmModel(), "insert_user_output");
    PipelineOptions options;
    options.storageFormats["y"] = Format::FRACTAL_NZ;
    runFormatSelection(model, options);
    const Graph& g = *model.graph;
    EXPECT_EQ(transDatas(g).size(), 5u);
    const Node& out = g.node(g.netOutput());
    EXPECT_EQ(g.node(out.input(0).node).name(), "gemm");
    EXPECT_EQ(g.outputNames(), std::vector<std::string>{"y"});
}

TEST(TransDataInsertion, ConsumersThatWantTheSameShareOneTransData) {
    // x feeds two convolutions and a Flatten: one NCHW -> NC1HWC0 for both convs, none for Flatten.
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3, 8, 8});
    addFloatInitializer(g, "w1", {4, 3, 1, 1}, ramp(12));
    addFloatInitializer(g, "w2", {2, 3, 1, 1}, ramp(6));
    addNode(g, "Conv", {"x", "w1"}, {"c1"}, "conv1");
    addNode(g, "Conv", {"x", "w2"}, {"c2"}, "conv2");
    addNode(g, "Flatten", {"x"}, {"f"}, "flatten");
    addTensorValue(g.mutable_output(), "c1", onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    addTensorValue(g.mutable_output(), "c2", onnx::TensorProto::FLOAT, {1, 2, 8, 8});
    addTensorValue(g.mutable_output(), "f", onnx::TensorProto::FLOAT, {1, 192});
    Model model = loadFormatModel(m, "insert_shared");
    auto result = runFormatSelection(model, PipelineOptions{});
    const Graph& gr = *model.graph;
    EXPECT_EQ(producerOf(gr, "conv1", 0).id(), producerOf(gr, "conv2", 0).id());
    EXPECT_EQ(conversionInto(gr, "conv1", 0), "NCHW->NC1HWC0");
    EXPECT_EQ(producerOf(gr, "flatten", 0).name(), "x");
    // 1 shared data conversion, 2 weights, 2 outputs back to NCHW.
    EXPECT_EQ(transDatas(gr).size(), 5u);
    EXPECT_EQ(result->stat("transdata_inserted"), 5u);
    EXPECT_EQ(gr.outputNames(), (std::vector<std::string>{"c1", "c2", "f"}));
    // Value names stay unique.
    std::set<std::string> names;
    for (const Node* n : gr.nodes())
        for (const NodeOutput& o : n->outputs())
            if (!o.name.empty()) {
                EXPECT_TRUE(names.insert(o.name).second) << o.name;
            }
}

TEST(TransDataInsertion, AGroupedConvWeightsTransDataCarriesGroups) {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    addFloatInitializer(g, "w", {4, 2, 3, 3}, ramp(72));
    auto* conv = addNode(g, "Conv", {"x", "w"}, {"c"}, "grouped");
    intAttr(conv, "group", 2);
    addTensorValue(g.mutable_output(), "c", onnx::TensorProto::FLOAT, {1, 4, 6, 6});
    Model model = loadFormatModel(m, "insert_grouped");
    runFormatSelection(model, PipelineOptions{});
    const Node& td = producerOf(*model.graph, "grouped", 1);
    ASSERT_EQ(td.opType(), op::kTransData);
    EXPECT_EQ(attrString(td, "dst_format"), "FRACTAL_Z");
    EXPECT_EQ(td.attrInt("groups", 1), 2);
    EXPECT_FALSE(producerOf(*model.graph, "grouped", 0).hasAttr("groups"));
}

TEST(TransDataInsertion, AGroupedWeightGivenAsFractalZByItsDataNodeNeedsNoTransData) {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 4, 8, 8});
    addTensorValue(g.mutable_input(), "wx", onnx::TensorProto::FLOAT, {4, 2, 3, 3});
    auto* conv = addNode(g, "Conv", {"x", "wx"}, {"c"}, "grouped");
    intAttr(conv, "group", 2);
    addTensorValue(g.mutable_output(), "c", onnx::TensorProto::FLOAT, {1, 4, 6, 6});
    Model model = loadFormatModel(m, "insert_grouped_data");
    // GE's FORMAT_FRACTAL_Z with the sub-format 2: groups 2.
    model.graph->setAttribute(nodeNamed(*model.graph, "wx")->id(),
                              Attribute::makeInt("storage_format", 4 | (2 << 8)));
    runFormatSelection(model, PipelineOptions{});
    const Graph& gr = *model.graph;
    EXPECT_EQ(nodeNamed(gr, "wx")->output(0).desc.storageShape, dims({9, 1, 16, 16}));
    EXPECT_EQ(producerOf(gr, "grouped", 1).name(), "wx");
    EXPECT_EQ(conversionInto(gr, "grouped", 0), "NCHW->NC1HWC0");
    EXPECT_EQ(transDatas(gr).size(), 2u);  // the data in, the result out
}

TEST(TransDataInsertion, NeedsTransDataComparesStorage) {
    TensorDesc nchw = TensorDesc::tensor(DataType::Float, dims({1, 3, 8, 8}), Format::NCHW);
    TensorDesc fiveD = nchw;
    fiveD.storageFormat = Format::NC1HWC0;
    fiveD.storageShape = dims({1, 1, 8, 8, 16});
    EXPECT_TRUE(needsTransData(nchw, fiveD));
    EXPECT_TRUE(needsTransData(fiveD, nchw));
    EXPECT_FALSE(needsTransData(fiveD, fiveD));
    EXPECT_FALSE(needsTransData(nchw, TensorDesc{}));  // no expectation
    // A declared shape that differs in an origin format is no conversion ...
    TensorDesc declared = nchw;
    declared.originShape = declared.storageShape = dims({1, 3, 8, 9});
    EXPECT_FALSE(needsTransData(nchw, declared));
    // ... another internal layout of the same format is.
    TensorDesc regrouped = fiveD;
    regrouped.storageShape = dims({1, 2, 8, 8, 16});
    EXPECT_TRUE(needsTransData(fiveD, regrouped));
}

TEST(TransDataInsertion, AConvertedGraphOutputKeepsItsNameAndExportsWithUniqueValueNames) {
    Model model = loadFormatModel(convGemmModel(), "insert_export_names");
    runFormatSelection(model, PipelineOptions{});
    const Graph& g = *model.graph;
    // The TransData before NetOutput delivers "y"; the Gemm's own value was renamed.
    const Node& last = g.node(g.node(g.netOutput()).input(0).node);
    ASSERT_EQ(last.opType(), op::kTransData);
    EXPECT_EQ(last.output(0).name, "y");
    EXPECT_NE(nodeNamed(g, "gemm")->output(0).name, "y");
    EXPECT_EQ(g.outputNames(), std::vector<std::string>{"y"});
    // Every value of the exported graph is defined once (ONNX's single assignment).
    const onnx::ModelProto proto = io::toProto(model);
    std::multiset<std::string> defined;
    for (const auto& i : proto.graph().input()) defined.insert(i.name());
    for (const auto& t : proto.graph().initializer()) defined.insert(t.name());
    for (const auto& n : proto.graph().node())
        for (const auto& o : n.output()) defined.insert(o);
    for (const std::string& name : defined) EXPECT_EQ(defined.count(name), 1u) << name;
    ASSERT_EQ(proto.graph().output_size(), 1);
    EXPECT_EQ(proto.graph().output(0).name(), "y");
}

TEST(TransDataInsertion, TheInsertedWeightConversionsFoldIntoDeviceLayoutConstants) {
    Model model = loadFormatModel(convGemmModel(), "insert_then_fold");
    auto result = runFormatSelection(model, PipelineOptions{});
    ASSERT_EQ(result->stat("transdata_inserted"), 6u);
    // OptimizeStage2's ConstantFoldingPass folds the TransData of constant weights.
    Journal journal;
    std::vector<Stage> stages(1);
    stages[0].name = "OptimizeStage2";
    stages[0].passes.push_back(std::make_unique<ConstantFoldingPass>());
    runTestStages(model, PipelineOptions{}, stages, {&journal, false, false});
    uint64_t folded = 0;
    for (const JournalStep& s : journal.steps()) folded += s.stats.value("transdata_folded");
    EXPECT_EQ(folded, 2u);  // the conv's w and the Gemm's W
    const Graph& g = *model.graph;
    for (auto [consumer, input, format, shape] :
         {std::tuple{"conv", 1, Format::FRACTAL_Z, dims({9, 1, 16, 16})},
          std::tuple{"gemm", 1, Format::FRACTAL_NZ, dims({1, 4, 16, 16})}}) {
        const Node& w = producerOf(g, consumer, input);
        EXPECT_TRUE(op::isConstant(w.opType(), w.domain())) << consumer << " reads " << w.displayName();
        EXPECT_EQ(w.output(0).desc.storageFormat, format) << consumer;
        EXPECT_EQ(w.output(0).desc.storageShape, shape) << consumer;
        const Tensor* value = w.attrTensor(op::attr::kValue);
        ASSERT_NE(value, nullptr);
        EXPECT_EQ(Shape::fromExtents(value->dims()), shape) << consumer;  // a Const holds its storage dims
    }
    // The runtime conversions stay.
    EXPECT_EQ(conversionInto(g, "conv", 0), "NCHW->NC1HWC0");
    EXPECT_EQ(conversionInto(g, "flatten", 0), "NC1HWC0->NCHW");
    EXPECT_EQ(conversionInto(g, "gemm", 0), "ND->FRACTAL_NZ");
}

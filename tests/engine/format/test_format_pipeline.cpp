// Format refinement through the whole pipeline (target ge) on sample (a), conv_net.onnx: every
// Conv reads NC1HWC0 data and a FRACTAL_Z weight folded into a constant, no inverse TransData
// pair is left back to back, the counts are reported; the device-level model exports, passes
// the ONNX checker and loads back the same; target onnx is untouched by the format options.
#include <gtest/gtest.h>

#include <map>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "graph_equality.h"
#include "io/model_loader.h"
#include "io/onnx_check.h"
#include "io/onnx_export.h"
#include "ir/op_types.h"
#include "model_builders.h"
#include "proto_compare.h"
#include "report/format_report.h"

using namespace passscope;
using namespace passscope::test;

namespace {

PipelineOptions geOptions() {
    PipelineOptions o;
    o.target = Target::Ge;
    return o;
}

bool isTransData(const Node& n) {
    return n.opType() == op::kTransData && n.domain() == op::kGeDomain;
}

std::string attrText(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    return a && a->kind == AttrKind::String ? std::get<std::string>(a->value) : std::string();
}

}  // namespace

TEST(FormatPipeline, SampleAConvsReadNc1hwc0AndFoldedFractalZWeights) {
    Model model = loadSample("conv_net.onnx");
    Journal journal;
    runPipeline(model, geOptions(), &journal);
    const Graph& g = *model.graph;
    size_t convs = 0;
    for (const Node* n : g.nodes()) {
        if (n->opType() != "Conv") continue;
        ++convs;
        const NodeOutput* data = g.value(n->input(0));
        ASSERT_NE(data, nullptr);
        EXPECT_EQ(data->desc.storageFormat, Format::NC1HWC0) << n->name();
        EXPECT_EQ(data->desc.originFormat, Format::NCHW) << n->name();
        ASSERT_LT(0u, n->inputDescs().size()) << n->name();
        EXPECT_EQ(n->inputDescs()[0].storageFormat, Format::NC1HWC0) << n->name();
        const Node* weight = g.producer(n->input(1));
        ASSERT_NE(weight, nullptr);
        EXPECT_TRUE(op::isConstant(weight->opType(), weight->domain()))
            << n->name() << " weight is " << weight->opType();
        EXPECT_TRUE(weight->hasAttr(op::attr::kIsFromConstantFolding)) << n->name();
        EXPECT_EQ(weight->output(0).desc.storageFormat, Format::FRACTAL_Z) << n->name();
        EXPECT_EQ(weight->output(0).desc.originFormat, Format::NCHW) << n->name();
        const Tensor* value = weight->attrTensor(op::attr::kValue);
        ASSERT_NE(value, nullptr);
        EXPECT_EQ(Shape::fromExtents(value->dims()), weight->output(0).desc.storageShape) << n->name();
    }
    EXPECT_EQ(convs, 3u);
    // No TransData reads a TransData that undoes it.
    for (const Node* n : g.nodes()) {
        if (!isTransData(*n)) continue;
        const Node* p = g.producer(n->input(0));
        ASSERT_NE(p, nullptr);
        if (isTransData(*p)) {
            EXPECT_FALSE(attrText(*p, "src_format") == attrText(*n, "dst_format") &&
                         attrText(*p, "dst_format") == attrText(*n, "src_format"))
                << p->name() << " -> " << n->name() << " is an inverse pair";
        }
    }
    const TransDataCounts counts = transDataCounts(journal);
    EXPECT_GT(counts.inserted, 0u);
    EXPECT_GE(counts.folded, 3u);  // at least the three Conv weights
    EXPECT_GT(counts.paddingBytes, 0u);
    size_t left = 0;
    for (const Node* n : g.nodes()) left += isTransData(*n) ? 1 : 0;
    EXPECT_EQ(counts.inserted, left + counts.eliminated + counts.folded)
        << "every inserted TransData is left, eliminated or folded";
    // The format stages are rows of their own in the timeline.
    bool selection = false, optimize = false;
    for (const JournalStep& s : journal.steps()) {
        selection |= s.stage == "FormatSelection";
        optimize |= s.stage == "FormatOptimize";
    }
    EXPECT_TRUE(selection);
    EXPECT_TRUE(optimize);
}

TEST(FormatPipeline, DeviceLevelModelExportsPassesTheCheckerAndLoadsBackTheSame) {
    Model model = loadSample("conv_net.onnx");
    runPipeline(model, geOptions(), nullptr);
    const auto dir = freshDir("format_pipeline_export");
    Diagnostics diag;
    io::exportModel(model, dir / "ge.onnx", {}, diag);
    io::LoadResult back = io::loadModel(dir / "ge.onnx");
    for (const std::string& w : back.diagnostics.warnings) ADD_FAILURE() << "warning on reload: " << w;
    std::map<std::string, TensorDesc> reloaded;
    for (const TensorFormatRow& r : tensorFormats(*back.model.graph)) reloaded[r.name] = r.desc;
    const auto rows = tensorFormats(*model.graph);
    EXPECT_EQ(rows.size(), reloaded.size());
    for (const TensorFormatRow& r : rows) {
        auto it = reloaded.find(r.name);
        ASSERT_NE(it, reloaded.end()) << r.name;
        EXPECT_EQ(it->second.originFormat, r.desc.originFormat) << r.name;
        EXPECT_EQ(it->second.storageFormat, r.desc.storageFormat) << r.name;
        EXPECT_EQ(it->second.originShape.toString(), r.desc.originShape.toString()) << r.name;
        EXPECT_EQ(it->second.storageShape.toString(), r.desc.storageShape.toString()) << r.name;
        EXPECT_EQ(it->second.dtype, r.desc.dtype) << r.name;
    }
    const onnx::ModelProto a = io::toProto(model), b = io::toProto(back.model);
    EXPECT_EQ(compareModels(a, dir, b, dir), "");
    EXPECT_EQ(io::checkModel(a, dir), std::nullopt);
}

TEST(FormatPipeline, TargetOnnxIgnoresTheFormatOptions) {
    Model plain = loadSample("conv_net.onnx");
    runPipeline(plain, PipelineOptions{}, nullptr);
    Model withFormats = loadSample("conv_net.onnx");
    PipelineOptions o;
    o.dataFormat = Format::NHWC;
    o.addStorageFormat("image:NC1HWC0");
    runPipeline(withFormats, o, nullptr);
    EXPECT_EQ(compareGraphs(*plain.graph, *withFormats.graph), "");
    for (const Node* n : withFormats.graph->nodes()) {
        EXPECT_FALSE(isTransData(*n));
        for (const NodeOutput& out : n->outputs()) EXPECT_FALSE(out.desc.storageDiffers()) << n->name();
    }
}

// A graph output listed twice whose producer a format pass removed (CastRemovePass: a Cast to the
// type it already has) is bridged back to its name once: the export keeps one producer per name
// and passes the checker (fuzz finding, seed 11).
TEST(FormatPipeline, AnOutputListedTwiceKeepsOneProducerAfterItsProducerIsRemoved) {
    onnx::ModelProto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addTensorValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    addNode(g, "Relu", {"x"}, {"r"}, "relu");
    auto* cast = addNode(g, "Cast", {"r"}, {"y"}, "cast");
    auto* to = cast->add_attribute();
    to->set_name("to");
    to->set_type(onnx::AttributeProto::INT);
    to->set_i(onnx::TensorProto::FLOAT);
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2, 3});
    Model model = loadProto(m, "format_pipeline_twice");
    runPipeline(model, geOptions(), nullptr);
    EXPECT_EQ(countOp(*model.graph, "Cast"), 0u) << "CastRemovePass should have removed the Cast";
    const auto dir = freshDir("format_pipeline_twice_out");
    Diagnostics diag;
    io::exportModel(model, dir / "out.onnx", {}, diag);
    const onnx::ModelProto exported = io::toProto(io::loadModel(dir / "out.onnx").model);
    EXPECT_EQ(io::checkModel(io::toProto(model), dir), std::nullopt);
    size_t producers = 0;
    for (const auto& n : exported.graph().node())
        for (const auto& o : n.output()) producers += o == "y";
    EXPECT_EQ(producers, 1u);
    EXPECT_EQ(exported.graph().output_size(), 2);
}

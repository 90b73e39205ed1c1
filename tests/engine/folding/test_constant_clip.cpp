// ConstantClipPass (ge.is_weight_clip=1): a float constant beyond float16's range read by a Cast
// to float16 gets a Clip to [-65504, 65504] in between (Clip-11 inputs, or Clip-6 attributes before
// opset 11), and folding then gives 65504 where the ONNX model gives inf. Off by default; no
// Clip for a widening Cast, a Cast to an integer type, values in range, or a runtime input.
#include <gtest/gtest.h>

#include "compile/run_pipeline.h"
#include "kernels/tensor_util.h"
#include "passes/constant_folding/constant_clip_pass.h"
#include "shape_fixtures.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// w (initializer of `type`) -> Cast(to) -> y.
onnx::ModelProto castModel(int opset, int type, const std::vector<double>& values, int to) {
    auto m = emptyModel(opset);
    auto& g = *m.mutable_graph();
    auto* t = g.add_initializer();
    t->set_name("w");
    t->set_data_type(type);
    t->add_dims(static_cast<int64_t>(values.size()));
    if (type == onnx::TensorProto::DOUBLE) {
        t->set_raw_data(
            std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(double)));
    } else if (type == onnx::TensorProto::FLOAT) {
        std::vector<float> f(values.begin(), values.end());
        t->set_raw_data(std::string(reinterpret_cast<const char*>(f.data()), f.size() * sizeof(float)));
    } else {  // float16
        std::vector<kernels::half> h;
        for (double v : values) h.push_back(kernels::half(static_cast<float>(v)));
        t->set_raw_data(
            std::string(reinterpret_cast<const char*>(h.data()), h.size() * sizeof(kernels::half)));
    }
    setIntAttr(*addNode(g, "Cast", {"w"}, {"y"}, "cast"), "to", to);
    auto* out = g.add_output();
    out->set_name("y");
    out->mutable_type()->mutable_tensor_type()->set_elem_type(to);
    return m;
}

PipelineOptions clipOn() {
    PipelineOptions o;
    o.set("ge.is_weight_clip", "1");
    return o;
}

std::vector<double> outputValues(const Graph& g) {
    const Tensor* t = constantProducing(g, "y");
    if (!t) return {};
    return kernels::toDoubles(*t);
}

// Runs ConstantClipPass alone; returns whether it changed the graph.
bool runClipAlone(Model& model, const PipelineOptions& options) {
    PassManager manager(model, options);
    ConstantClipPass pass;
    bool changed = false;
    manager.run(*model.graph, [&] { changed = manager.runPass(pass, *model.graph, "Test", 0); });
    return changed;
}

}  // namespace

TEST(ConstantClip, FloatBeyondFloat16IsClippedThenFolded) {
    const auto proto =
        castModel(13, onnx::TensorProto::FLOAT, {1e5, 1.5, -70000}, onnx::TensorProto::FLOAT16);
    Model model = loadProto(proto, "clip_fp16");
    Journal journal;
    PipelineRun run = runPipeline(model, clipOn(), &journal);
    EXPECT_TRUE(counted(journal, "ConstantClipPass", "Prepare", "clips_inserted"));
    EXPECT_EQ(outputValues(*model.graph), (std::vector<double>{65504, 1.5, -65504}));
    EXPECT_EQ(countOp(*model.graph, "Clip"), 0u);  // folded away
    EXPECT_EQ(countOp(*model.graph, "Cast"), 0u);
    bool warned = false;
    for (const std::string& w : run.warnings) warned |= w.find("ConstantClipPass") != std::string::npos;
    EXPECT_TRUE(warned);

    // Off by default: GE's option is not set, the pass does not run, the cast gives inf.
    Model plain = loadProto(proto, "clip_fp16_off");
    Journal plainJournal;
    runPipeline(plain, PipelineOptions{}, &plainJournal);
    EXPECT_FALSE(ran(plainJournal, "ConstantClipPass"));
    const auto values = outputValues(*plain.graph);
    ASSERT_EQ(values.size(), 3u);
    EXPECT_TRUE(std::isinf(values[0]));
}

TEST(ConstantClip, InsertsClipWithInputsFromOpset11AndAttributesBefore) {
    Model m13 =
        loadProto(castModel(13, onnx::TensorProto::FLOAT, {1e6}, onnx::TensorProto::FLOAT16), "clip_13");
    ASSERT_TRUE(runClipAlone(m13, clipOn()));
    const Node* clip = byName(*m13.graph, "cast_const_clip");
    ASSERT_NE(clip, nullptr);
    ASSERT_EQ(clip->inputs().size(), 3u);
    const Node* cast = byName(*m13.graph, "cast");
    ASSERT_NE(cast, nullptr);
    EXPECT_EQ(cast->input(0).node, clip->id());
    const Tensor* hi = m13.graph->producer(clip->input(2))->attrTensor("value");
    ASSERT_NE(hi, nullptr);
    EXPECT_EQ(hi->dtype(), DataType::Float);
    EXPECT_TRUE(hi->dims().empty());
    EXPECT_EQ(kernels::toDoubles(*hi), std::vector<double>{65504});

    Model m10 =
        loadProto(castModel(10, onnx::TensorProto::FLOAT, {1e6}, onnx::TensorProto::FLOAT16), "clip_10");
    ASSERT_TRUE(runClipAlone(m10, clipOn()));
    clip = byName(*m10.graph, "cast_const_clip");
    ASSERT_NE(clip, nullptr);
    EXPECT_EQ(clip->inputs().size(), 1u);
    ASSERT_NE(clip->findAttr("max"), nullptr);
    EXPECT_EQ(std::get<double>(clip->findAttr("max")->value), 65504.0);
    // And it folds to the same value.
    Model folded =
        loadProto(castModel(10, onnx::TensorProto::FLOAT, {1e6}, onnx::TensorProto::FLOAT16), "clip_10_fold");
    runPipeline(folded, clipOn(), nullptr);
    EXPECT_EQ(outputValues(*folded.graph), std::vector<double>{65504});
}

TEST(ConstantClip, DoubleToFloatClipsToFltMax) {
    Model model =
        loadProto(castModel(13, onnx::TensorProto::DOUBLE, {1e39, -1e39, 2.0}, onnx::TensorProto::FLOAT),
                  "clip_double");
    runPipeline(model, clipOn(), nullptr);
    EXPECT_EQ(outputValues(*model.graph), (std::vector<double>{std::numeric_limits<float>::max(),
                                                               -std::numeric_limits<float>::max(), 2.0}));
}

TEST(ConstantClip, LeavesWideningIntegerInRangeAndRuntimeCastsAlone) {
    // float16 -> float widens; float -> int32 is not a floating target; 65503 fits float16.
    for (const auto& [proto, dir] :
         {std::pair{castModel(13, onnx::TensorProto::FLOAT16, {60000}, onnx::TensorProto::FLOAT),
                    "clip_widen"},
          std::pair{castModel(13, onnx::TensorProto::FLOAT, {65505}, onnx::TensorProto::INT32), "clip_int"},
          std::pair{castModel(13, onnx::TensorProto::FLOAT, {65503}, onnx::TensorProto::FLOAT16),
                    "clip_fits"}}) {
        Model model = loadProto(proto, dir);
        EXPECT_FALSE(runClipAlone(model, clipOn())) << dir;
        EXPECT_EQ(countOp(*model.graph, "Clip"), 0u) << dir;
    }
    auto m = emptyModel(13);
    auto& g = *m.mutable_graph();
    addValue(g.mutable_input(), "x", onnx::TensorProto::FLOAT, {int64_t(2)});
    setIntAttr(*addNode(g, "Cast", {"x"}, {"y"}, "cast"), "to", onnx::TensorProto::FLOAT16);
    addValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT16, {int64_t(2)});
    Model runtime = loadProto(m, "clip_runtime");
    EXPECT_FALSE(runClipAlone(runtime, clipOn()));
}

TEST(ConstantClip, OptionSpellings) {
    PipelineOptions o;
    EXPECT_FALSE(o.weightClip);
    o.set("ge.is_weight_clip", "1");
    EXPECT_TRUE(o.weightClip);
    EXPECT_EQ(o.toKeyValues().at("ge.is_weight_clip"), "1");
    o.set("ge.is_weight_clip", "0");
    EXPECT_FALSE(o.weightClip);
    EXPECT_THROW(o.set("ge.is_weight_clip", "maybe"), std::invalid_argument);
}

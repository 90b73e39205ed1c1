// bisect (issue 23): the first pass run whose outputs differ from the original's, the values that
// moved first at it, evaluation that reuses unchanged nodes, and input files (.npy, .pb).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "folding/shape_fixtures.h"
#include "io/tensor_proto.h"
#include "kernels/tensor_util.h"
#include "model_builders.h"
#include "numeric/bisect.h"
#include "numeric/bisect_report.h"
#include "numeric/input_files.h"
#include "util/diagnostics.h"

using namespace passscope;
using namespace passscope::test;

namespace {

std::map<std::string, Tensor> xInput() {
    return {{"x", kernels::makeTensor<float>({2}, {0.5f, -1.0f})}};
}

numeric::BisectResult bisect(Model& model, const PipelineOptions& options) {
    Journal journal;
    runPipeline(model, options, &journal);
    numeric::StepEvaluator evaluator(model, xInput());
    return numeric::bisectJournal(journal, *model.graph, evaluator, numeric::BisectOptions{});
}

}  // namespace

TEST(Bisect, NamesConstantClipPassWhenWeightClipIsOn) {
    Model model = loadProto(weightOverflowModel(), "bisect_clip");
    PipelineOptions options;
    options.set("ge.is_weight_clip", "1");
    const numeric::BisectResult r = bisect(model, options);
    ASSERT_TRUE(r.problem.empty()) << r.problem;
    ASSERT_TRUE(r.first.has_value());
    EXPECT_EQ(r.first->pass, "ConstantClipPass");
    EXPECT_FALSE(r.first->stage.empty());
    EXPECT_FALSE(r.first->nodes.empty());
    ASSERT_EQ(r.first->outputs.size(), 1u);
    EXPECT_EQ(r.first->outputs[0].name, "y");
    EXPECT_FALSE(r.first->outputs[0].equal);
    // The Clip's output (or the Cast reading it) is where the values start to differ; y follows.
    ASSERT_FALSE(r.first->values.diverging.empty());
    EXPECT_EQ(r.first->values.diverging.back().value, "y");
    EXPECT_NE(r.first->values.diverging.front().value, "y");
    // Bisection: far fewer evaluations than steps once there are many.
    EXPECT_LE(r.evaluated.size(), 4 + static_cast<size_t>(std::ceil(std::log2(r.steps + 1))));
    const nlohmann::json j = numeric::bisectJson(r);
    EXPECT_EQ(j["first_divergent"]["pass"], "ConstantClipPass");
    EXPECT_EQ(j["first_divergent"]["step"], r.first->step);
    EXPECT_EQ(j["first_divergent"]["outputs"][0]["name"], "y");
}

TEST(Bisect, ReportsNothingWithoutWeightClip) {
    Model model = loadProto(weightOverflowModel(), "bisect_noclip");
    const numeric::BisectResult r = bisect(model, PipelineOptions{});
    ASSERT_TRUE(r.problem.empty()) << r.problem;
    EXPECT_GT(r.steps, 0u);
    EXPECT_FALSE(r.first.has_value());
    EXPECT_TRUE(numeric::bisectJson(r)["first_divergent"].is_null());
}

TEST(StepEvaluator, ReusesNodesThatDidNotChange) {
    Model model = loadProto(weightOverflowModel(), "step_reuse");
    numeric::StepEvaluator evaluator(model, xInput());
    const numeric::StepValues first = evaluator.evaluate(*model.graph);
    ASSERT_FALSE(first.failure);
    EXPECT_EQ(first.computed, 4u);
    EXPECT_EQ(first.reused, 0u);
    const numeric::StepValues again = evaluator.evaluate(*model.graph);
    EXPECT_EQ(again.computed, 0u);
    EXPECT_EQ(again.reused, 4u);
    ASSERT_EQ(again.outputs.size(), 1u);
    EXPECT_TRUE(again.outputs[0].sameValue(first.outputs[0]));
    // Editing one node recomputes it; what reads it only when its values changed.
    Graph& g = *model.graph;
    const Node* add = nullptr;
    const Node* w = nullptr;
    for (const Node* n : g.nodes()) {
        if (n->opType() == "Add") add = n;
        if (n->outputs().size() == 1 && n->output(0).name == "w") w = n;
    }
    ASSERT_NE(add, nullptr);
    ASSERT_NE(w, nullptr);
    g.setAttribute(add->id(), Attribute::makeInt("unused", 1));
    const numeric::StepValues edited = evaluator.evaluate(g);
    EXPECT_EQ(edited.computed, 1u);  // Add, to the same values: the Cast after it is reused
    EXPECT_EQ(edited.reused, 3u);
    Tensor smaller = kernels::makeTensor<float>({2}, {3.0f, 2.0f});
    smaller.setName("w");
    g.setAttribute(w->id(), Attribute::makeTensor("value", smaller));
    const numeric::StepValues weights = evaluator.evaluate(g);
    EXPECT_EQ(weights.computed, 3u);  // cast_w, add, cast_y; cast_x is reused
    EXPECT_EQ(weights.reused, 1u);
    ASSERT_EQ(weights.outputs.size(), 1u);
    EXPECT_EQ(kernels::toDoubles(weights.outputs[0]), (std::vector<double>{3.5, 1.0}));
}

TEST(InputFiles, ReadsNpyAndTensorProto) {
    const auto dir = freshDir("numeric_inputs");
    // NumPy 1.0: magic, version, little-endian header length, the dict padded to 128 bytes.
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
    header.append(128 - 10 - header.size() - 1, ' ');
    header += '\n';
    std::string npy = std::string("\x93NUMPY\x01\x00", 8);
    npy += static_cast<char>(header.size() & 0xff);
    npy += static_cast<char>(header.size() >> 8);
    npy += header;
    const std::vector<float> values = {1, 2, 3, 4, 5, 6};
    npy.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
    std::ofstream(dir / "image.npy", std::ios::binary) << npy;
    auto [name, t] = numeric::readInputFile(dir / "image.npy");
    EXPECT_EQ(name, "image");
    EXPECT_EQ(t.dtype(), DataType::Float);
    EXPECT_EQ(t.dims(), (std::vector<int64_t>{2, 3}));
    EXPECT_EQ(kernels::toDoubles(t), (std::vector<double>{1, 2, 3, 4, 5, 6}));

    onnx::TensorProto proto;
    io::tensorToProto(kernels::makeTensor<int64_t>({2}, {7, 8}), proto);
    proto.set_name("ids");
    std::ofstream(dir / "input_0.pb", std::ios::binary) << proto.SerializeAsString();
    auto files = numeric::readInputFiles({dir / "image.npy", dir / "input_0.pb"});
    ASSERT_EQ(files.count("ids"), 1u);
    EXPECT_EQ(kernels::toDoubles(files.at("ids")), (std::vector<double>{7, 8}));

    // A truncated array and an unknown extension are errors that name the file.
    std::ofstream(dir / "short.npy", std::ios::binary) << npy.substr(0, npy.size() - 4);
    EXPECT_THROW(numeric::readInputFile(dir / "short.npy"), ModelError);
    std::ofstream(dir / "x.txt") << "1 2 3";
    EXPECT_THROW(numeric::readInputFile(dir / "x.txt"), ModelError);
}

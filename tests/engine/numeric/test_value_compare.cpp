// The numeric overlay's engine side (issue 23 item 3): every value of a graph at a journal position
// against the original's (compareWithOriginal), evaluation stopped by its cancel flag, and the
// inputs an evaluation runs on (evaluationInputs).
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <map>

#include "compile/run_pipeline.h"
#include "engine_helpers.h"
#include "kernels/tensor_util.h"
#include "model_builders.h"
#include "numeric/bisect.h"
#include "numeric/input_files.h"
#include "numeric/value_compare.h"
#include "util/diagnostics.h"

using namespace passscope;
using namespace passscope::test;

namespace {

// The distance of each value by its producer's name.
std::map<std::string, numeric::ValueDistance> byProducer(const Graph& g,
                                                         const std::vector<numeric::ValueDistance>& rows) {
    std::map<std::string, numeric::ValueDistance> out;
    for (const numeric::ValueDistance& r : rows) out[g.node(r.value.node).name()] = r;
    return out;
}

size_t positionOf(const Journal& journal, const std::string& pass) {
    for (size_t i = 0; i < journal.steps().size(); ++i)
        if (journal.steps()[i].pass == pass && journal.steps()[i].changed) return i + 1;
    return 0;
}

}  // namespace

TEST(CompareWithOriginal, MarksWhatTheWeightClipChangedAndNothingElse) {
    Model model = loadProto(weightOverflowModel(), "compare_original_clip");
    PipelineOptions options;
    options.set("ge.is_weight_clip", "1");
    Journal journal;
    runPipeline(model, options, &journal);
    const size_t clip = positionOf(journal, "ConstantClipPass");
    ASSERT_GT(clip, 0u);

    JournalCursor original(journal, *model.graph), step(journal, *model.graph);
    original.moveTo(0);
    step.moveTo(clip);
    numeric::StepEvaluator evaluator(model, {{"x", kernels::makeTensor<float>({2}, {0.5f, -1.0f})}});
    const numeric::StepValues before = evaluator.evaluate(original.graph());
    const numeric::StepValues after = evaluator.evaluate(step.graph());
    ASSERT_FALSE(before.failure);
    ASSERT_FALSE(after.failure);
    const auto rows = numeric::compareWithOriginal(original.graph(), before, step.graph(), after, 1e-3, 1e-5);
    const auto by = byProducer(step.graph(), rows);

    // The Cast of the clipped weight and everything downstream: inf before, 65504 after.
    for (const char* changed : {"cast_w", "add", "cast_y"}) {
        ASSERT_TRUE(by.count(changed)) << changed;
        EXPECT_TRUE(by.at(changed).compared) << changed;
        EXPECT_FALSE(by.at(changed).comparison.equal) << changed;
        EXPECT_EQ(by.at(changed).original, by.at(changed).value) << changed << ": the same node";
    }
    // The other branch and the weight itself did not move.
    for (const char* same : {"cast_x", "x", "w"}) {
        ASSERT_TRUE(by.count(same)) << same;
        EXPECT_TRUE(by.at(same).compared) << same;
        EXPECT_TRUE(by.at(same).comparison.equal) << same;
    }
    // The Clip the pass inserted (and the constants of its bounds) have no value of the original
    // to stand for.
    bool clipUnpaired = false;
    for (const numeric::ValueDistance& r : rows)
        if (!r.original.valid()) {
            const std::string& op = step.graph().node(r.value.node).opType();
            clipUnpaired |= op == "Clip";
            EXPECT_TRUE(op == "Clip" || op == "Const") << op;
            EXPECT_FALSE(r.compared);
        }
    EXPECT_TRUE(clipUnpaired);
    // Topological order: x or w first, cast_y after add.
    auto at = [&](const std::string& name) {
        for (size_t i = 0; i < rows.size(); ++i)
            if (step.graph().node(rows[i].value.node).name() == name) return i;
        return rows.size();
    };
    EXPECT_LT(at("add"), at("cast_y"));
    EXPECT_LT(at("cast_w"), at("add"));
}

TEST(CompareWithOriginal, PairsAFoldedConstantByValueName) {
    // At the end of the run the clipped weight's Cast is folded into a constant: a new node,
    // paired with the original's value of the same name where the folding kept it.
    Model model = loadProto(weightOverflowModel(), "compare_original_folded");
    PipelineOptions options;
    options.set("ge.is_weight_clip", "1");
    Journal journal;
    runPipeline(model, options, &journal);
    JournalCursor original(journal, *model.graph);
    original.moveTo(0);
    numeric::StepEvaluator evaluator(model, {{"x", kernels::makeTensor<float>({2}, {0.5f, -1.0f})}});
    const numeric::StepValues before = evaluator.evaluate(original.graph());
    const numeric::StepValues after = evaluator.evaluate(*model.graph);
    const auto rows = numeric::compareWithOriginal(original.graph(), before, *model.graph, after, 1e-3, 1e-5);
    bool outputDiffers = false;
    for (const numeric::ValueDistance& r : rows) {
        if (r.original.valid() && r.original.node != r.value.node) {
            // Paired by name: the original's value of that name.
            EXPECT_EQ(original.graph().value(r.original)->name, r.name);
        }
        if (r.name == "y") outputDiffers = r.compared && !r.comparison.equal;
    }
    EXPECT_TRUE(outputDiffers);
}

TEST(StepEvaluator, StopsAtTheCancelFlag) {
    Model model = loadProto(weightOverflowModel(), "step_cancel");
    numeric::StepEvaluator evaluator(model, {{"x", kernels::makeTensor<float>({2}, {0.5f, -1.0f})}});
    std::atomic<bool> cancel{true};
    const numeric::StepValues stopped = evaluator.evaluate(*model.graph, &cancel);
    EXPECT_TRUE(stopped.cancelled);
    EXPECT_EQ(stopped.computed, 0u);
    cancel = false;
    const numeric::StepValues done = evaluator.evaluate(*model.graph, &cancel);
    EXPECT_FALSE(done.cancelled);
    EXPECT_EQ(done.outputs.size(), 1u);

    Journal journal;
    PipelineOptions options;
    options.set("ge.is_weight_clip", "1");
    runPipeline(model, options, &journal);
    numeric::BisectOptions bo;
    cancel = true;
    bo.cancel = &cancel;
    const numeric::BisectResult r = numeric::bisectJournal(journal, *model.graph, evaluator, bo);
    EXPECT_TRUE(r.cancelled);
    EXPECT_FALSE(r.first.has_value());
}

TEST(EvaluationInputs, SeededRandomUnlessAFileNamesTheInput) {
    Model model = loadProto(weightOverflowModel(), "evaluation_inputs");
    const Graph& g = *model.graph;
    const numeric::EvaluationInputs a = numeric::evaluationInputs(g, {}, {});
    const numeric::EvaluationInputs b = numeric::evaluationInputs(g, {}, {});
    const numeric::EvaluationInputs c = numeric::evaluationInputs(g, {}, {}, numeric::kDefaultInputSeed + 1);
    ASSERT_EQ(a.tensors.count("x"), 1u);
    EXPECT_EQ(a.tensors.at("x").dims(), (std::vector<int64_t>{2}));
    EXPECT_TRUE(a.tensors.at("x").sameValue(b.tensors.at("x")));   // the same seed, the same values
    EXPECT_FALSE(a.tensors.at("x").sameValue(c.tensors.at("x")));  // another seed, others
    for (double v : kernels::toDoubles(a.tensors.at("x"))) {
        EXPECT_GE(v, -1.0);
        EXPECT_LT(v, 1.0);
    }
    // A file for a name that is no graph input is an error.
    const auto dir = freshDir("evaluation_inputs_files");
    onnx::TensorProto proto;
    proto.set_name("nope");
    proto.set_data_type(onnx::TensorProto::FLOAT);
    proto.add_dims(1);
    proto.add_float_data(1);
    std::ofstream(dir / "nope.pb", std::ios::binary) << proto.SerializeAsString();
    EXPECT_THROW(numeric::evaluationInputs(g, {dir / "nope.pb"}, {}), ModelError);
}

// Issue 36 item 3: an ONNX test data folder (test_data_set_N/input_K.pb, as the model zoo ships).
TEST(EvaluationInputs, ATestDataFolderFeedsItsInputsByNameOrPosition) {
    onnx::ModelProto proto = emptyModel(13);
    auto& g = *proto.mutable_graph();
    addTensorValue(g.mutable_input(), "a", onnx::TensorProto::FLOAT, {2});
    addTensorValue(g.mutable_input(), "b", onnx::TensorProto::FLOAT, {2});
    addNode(g, "Add", {"a", "b"}, {"y"}, "add");
    addTensorValue(g.mutable_output(), "y", onnx::TensorProto::FLOAT, {2});
    Model model = loadProto(proto, "test_data_folder");
    const auto dir = freshDir("test_data_folder_files");
    const auto set = dir / "test_data_set_0";
    std::filesystem::create_directories(set);
    auto write = [&](const std::string& file, const std::string& name, float v) {
        onnx::TensorProto t;
        t.set_name(name);
        t.set_data_type(onnx::TensorProto::FLOAT);
        t.add_dims(2);
        t.add_float_data(v);
        t.add_float_data(v);
        std::ofstream(set / file, std::ios::binary) << t.SerializeAsString();
    };
    write("input_0.pb", "", 1.0f);   // no name: the first input fed, a
    write("input_1.pb", "b", 2.0f);  // by its name
    const auto files = numeric::testDataFiles(*model.graph, set);
    ASSERT_EQ(files.size(), 2u);
    EXPECT_EQ(files.at("a").filename(), "input_0.pb");
    EXPECT_EQ(files.at("b").filename(), "input_1.pb");
    // The model's folder stands for its first data set; the CLI's --inputs takes either.
    EXPECT_EQ(numeric::testDataFiles(*model.graph, dir), files);
    const numeric::EvaluationInputs in = numeric::evaluationInputs(*model.graph, {dir}, {});
    EXPECT_EQ(kernels::toDoubles(in.tensors.at("a")), (std::vector<double>{1, 1}));
    EXPECT_EQ(kernels::toDoubles(in.tensors.at("b")), (std::vector<double>{2, 2}));
    // A file named for its input by the caller, whatever the file's own name.
    const numeric::EvaluationInputs named = numeric::evaluationInputsByName(
        *model.graph, std::map<std::string, std::filesystem::path>{{"b", set / "input_0.pb"}}, {});
    EXPECT_EQ(kernels::toDoubles(named.tensors.at("b")), (std::vector<double>{1, 1}));
    // Errors: a folder without input files, a third file for a two-input model.
    EXPECT_THROW(numeric::testDataFiles(*model.graph, freshDir("test_data_folder_empty")), ModelError);
    write("input_2.pb", "", 3.0f);
    EXPECT_THROW(numeric::testDataFiles(*model.graph, set), ModelError);
}

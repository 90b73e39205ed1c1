// replayStep on whole models (docs/ge-dumps.md §6): a model replayed into its own pipeline output
// (every fold, removal and TransData of a real run as one "stage") must end equal to that output,
// and a cursor moved back must give the model as loaded. Set PASSSCOPE_REPLAY_MODELS to a folder of
// .onnx files to run the same check on them (published models, not in the repository).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "diff/graph_diff.h"
#include "dump/stage_replay.h"
#include "engine_helpers.h"
#include "io/model_loader.h"
#include "pipeline/pass_manager.h"

using namespace passscope;

namespace {

// Replays `before` -> `after` and checks both ends; returns a message, empty when all holds.
std::string replayBothWays(const Graph& before, const Graph& after) {
    std::unique_ptr<Graph> working = before.clone();
    Journal journal;
    journal.begin(*working);
    journal.beginStep("stage", "GE dump", 0);
    dump::replayStep(*working, after);
    journal.endStep(0, {}, {});
    journal.end();
    diff::GraphDiff end = diff::diffGraphs(*working, after);
    if (!end.empty()) return "after the replay:\n" + diff::diffToText(end);
    JournalCursor cursor(journal, *working);
    cursor.moveTo(0);
    diff::GraphDiff start = diff::diffGraphs(cursor.graph(), before);
    if (!start.empty()) return "stepped back:\n" + diff::diffToText(start);
    cursor.moveTo(1);
    diff::GraphDiff again = diff::diffGraphs(cursor.graph(), after);
    if (!again.empty()) return "stepped forward again:\n" + diff::diffToText(again);
    return {};
}

void checkModel(const Model& loaded, const std::string& label) {
    for (const char* target : {"onnx", "ge"}) {
        Model optimized = loaded.clone();
        PipelineOptions options;
        options.target = std::string(target) == "ge" ? Target::Ge : Target::Onnx;
        runPipeline(optimized, options);
        const std::string problem = replayBothWays(*loaded.graph, *optimized.graph);
        EXPECT_TRUE(problem.empty()) << label << " at target " << target << ": " << problem;
    }
}

}  // namespace

TEST(StageReplay, SamplesReplayIntoTheirPipelineOutput) {
    for (const char* sample : {"conv_net.onnx", "transformer_block.onnx", "training_step.onnx"})
        checkModel(test::loadSample(sample), sample);
}

TEST(StageReplay, ModelsOfAFolderReplayIntoTheirPipelineOutput) {
    const char* folder = std::getenv("PASSSCOPE_REPLAY_MODELS");
    if (!folder) GTEST_SKIP() << "PASSSCOPE_REPLAY_MODELS is not set";
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        if (entry.path().extension() == ".onnx")
            checkModel(io::loadModel(entry.path()).model, entry.path().filename().string());
}

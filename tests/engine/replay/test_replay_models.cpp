// replayStep on whole models (docs/ge-dumps.md §6): a model replayed into its own pipeline output
// (every fold, removal and TransData of a real run as one "stage") must end equal to that output,
// and a cursor moved back must give the model as loaded. Set PASSSCOPE_REPLAY_MODELS to a folder of
// .onnx files to run the same check on them (published models, not in the repository).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "compile/run_pipeline.h"
#include "dump/stage_replay.h"
#include "engine_helpers.h"
#include "io/model_loader.h"
#include "same_graph.h"

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
    if (std::string d = test::graphDifference(*working, after); !d.empty()) return "after the replay: " + d;
    JournalCursor cursor(journal, *working);
    cursor.moveTo(0);
    if (std::string d = test::graphDifference(cursor.graph(), before); !d.empty())
        return "stepped back: " + d;
    cursor.moveTo(1);
    if (std::string d = test::graphDifference(cursor.graph(), after); !d.empty())
        return "stepped forward again: " + d;
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

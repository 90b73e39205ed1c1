#pragma once
// The pipeline options shared by `optimize` and `render`: --level, --option KEY=VALUE, --no-fold,
// --input-shape, --target, --verify-each and the format options (--data-format, --storage-format,
// --format-table), turned into the one PipelineOptions object
// (engine/pipeline/options.h).
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "compile/run_pipeline.h"
#include "ir/model.h"
#include "pipeline/options.h"

namespace passscope::cli {

struct PipelineArgs {
    std::string level, target = "onnx";
    std::vector<std::string> options, noFold, inputShapes;
    std::string dataFormat, formatTable;
    std::vector<std::string> storageFormats;
    bool verifyEach = false;
};

void addPipelineOptions(CLI::App* cmd, PipelineArgs& args);
// Throws std::invalid_argument naming the bad key or value.
PipelineOptions buildPipelineOptions(const PipelineArgs& args);
// The options, or nullopt after printing "error: ..." (the command then exits with kUsage).
std::optional<PipelineOptions> pipelineOptionsOrReport(const PipelineArgs& args);
// Runs the pipeline on `model` and prints its warnings. An option the passes find wrong for this
// model (a --storage-format name it lacks) is a ModelError: exit 1 with the message.
// `hooks` (optional): e.g. the variable session to compile in (`vars --load`).
PipelineRun runPipelineForCli(Model& model, const PipelineOptions& options, Journal& journal,
                              const PipelineHooks& hooks = {});

}  // namespace passscope::cli

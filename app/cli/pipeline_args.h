#pragma once
// The pipeline options shared by `optimize` and `render`: --level, --option KEY=VALUE, --no-fold,
// --input-shape, --target, --verify-each and the format options (--data-format, --storage-format,
// --format-table), turned into the one PipelineOptions object
// (engine/pipeline/options.h).
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

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

}  // namespace passscope::cli

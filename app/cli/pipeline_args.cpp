#include "pipeline_args.h"

#include <iostream>
#include <stdexcept>

#include "util/diagnostics.h"

namespace passscope::cli {

void addPipelineOptions(CLI::App* cmd, PipelineArgs& args) {
    cmd->add_option("--level", args.level, "Optimization level O0..O3 (ge.oo.level; default O3)");
    std::string optionHelp = "KEY=VALUE, repeatable. Keys:";
    for (const auto& [k, d] : PipelineOptions::describe()) optionHelp += "\n  " + k + ": " + d;
    cmd->add_option("--option", args.options, optionHelp);
    cmd->add_option("--no-fold", args.noFold,
                    "Node name to keep unfolded (sets _do_not_constant_folding), repeatable");
    cmd->add_option("--input-shape", args.inputShapes,
                    "NAME:D0,D1,... pins an input's shape so shape chains fold, repeatable");
    cmd->add_option("--target", args.target,
                    "onnx (target-independent passes; any ONNX runtime loads the result) or ge")
        ->check(CLI::IsMember({"onnx", "ge"}));
    cmd->add_option("--data-format", args.dataFormat,
                    "Target ge: format of graph inputs no format anchor reaches (GE's data_format): NCHW "
                    "(default), NHWC or ND");
    cmd->add_option("--storage-format", args.storageFormats,
                    "NAME:FORMAT, repeatable. Target ge: storage format of a graph input or output (e.g. "
                    "image:NC1HWC0; a FRACTAL_Z weight with its conv groups: w:FRACTAL_Z:16), as GE's "
                    "ATTR_NAME_STORAGE_FORMAT");
    cmd->add_option(
        "--format-table", args.formatTable,
        "Target ge: op-format table (JSON, README \"Format refinement\") replacing the bundled one");
    cmd->add_flag(
        "--verify-each", args.verifyEach,
        "Check the graph after every pass (use lists, cycles, inputs, output names, descriptions); a pass "
        "that breaks it fails the run, naming the pass");
}

PipelineOptions buildPipelineOptions(const PipelineArgs& args) {
    PipelineOptions options;
    options.set("passscope.target", args.target);
    if (!args.level.empty()) options.set("ge.oo.level", args.level);
    for (const std::string& kv : args.options) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument("--option expects KEY=VALUE, got '" + kv + "'");
        options.set(kv.substr(0, eq), kv.substr(eq + 1));
    }
    for (const std::string& s : args.inputShapes) options.addInputShape(s);
    if (!args.dataFormat.empty()) options.set("passscope.dataFormat", args.dataFormat);
    for (const std::string& s : args.storageFormats) options.addStorageFormat(s);
    if (!args.formatTable.empty()) options.formatTable = args.formatTable;
    options.noFold.insert(args.noFold.begin(), args.noFold.end());
    if (args.verifyEach) options.verifyEach = true;  // else the build's default (on with assertions)
    return options;
}

std::optional<PipelineOptions> pipelineOptionsOrReport(const PipelineArgs& args) {
    try {
        return buildPipelineOptions(args);
    } catch (const std::invalid_argument& e) {
        std::cerr << "error: " << e.what() << "\n";
        return std::nullopt;
    }
}

PipelineRun runPipelineForCli(Model& model, const PipelineOptions& options, Journal& journal,
                              const PipelineHooks& hooks) {
    PipelineRun run;
    try {
        run = runPipeline(model, options, &journal, hooks);
    } catch (const std::invalid_argument& e) {
        throw ModelError(e.what());
    }
    for (const std::string& w : run.warnings) std::cerr << "warning: " << w << "\n";
    return run;
}

}  // namespace passscope::cli

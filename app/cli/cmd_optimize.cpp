#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <set>

#include "cli_common.h"
#include "commands.h"
#include "dump/ge_dump_write.h"
#include "io/export_check.h"
#include "io/onnx_export.h"
#include "io/safe_output.h"
#include "pipeline/pass_manager.h"
#include "pipeline_args.h"
#include "report/model_info.h"
#include "report/pipeline_report.h"

namespace passscope::cli {
namespace {

// onnx-simplifier's before/after table: op counts, nodes, initializer bytes, file size.
void printComparison(const ModelInfo& before, const ModelInfo& after, uintmax_t sizeBefore,
                     uintmax_t sizeAfter) {
    std::set<std::string> ops;
    for (const auto& [k, v] : before.ops) ops.insert(k);
    for (const auto& [k, v] : after.ops) ops.insert(k);
    auto count = [](const ModelInfo& i, const std::string& op) {
        auto it = i.ops.find(op);
        return it == i.ops.end() ? size_t(0) : it->second;
    };
    std::cout << std::left << std::setw(28) << "" << std::right << std::setw(16) << "Original"
              << std::setw(16) << "Optimized"
              << "\n";
    for (const std::string& op : ops) {
        size_t b = count(before, op), a = count(after, op);
        std::cout << std::left << std::setw(28) << op << std::right << std::setw(16) << b << std::setw(16)
                  << a << (a != b ? "  *" : "") << "\n";
    }
    std::cout << std::left << std::setw(28) << "Nodes" << std::right << std::setw(16) << before.nodes
              << std::setw(16) << after.nodes << "\n";
    std::cout << std::left << std::setw(28) << "Initializers" << std::right << std::setw(16)
              << before.initializers << std::setw(16) << after.initializers << "\n";
    std::cout << std::left << std::setw(28) << "Initializer bytes" << std::right << std::setw(16)
              << before.initializerBytes << std::setw(16) << after.initializerBytes << "\n";
    std::cout << std::left << std::setw(28) << "File size (bytes)" << std::right << std::setw(16)
              << sizeBefore << std::setw(16) << sizeAfter << "\n";
}

// Every pass that ran, with its runs, time and the statistics it declared (nonzero ones), read
// from the journal: the table needs no knowledge of any pass.
void printPassStatistics(const Journal& journal) {
    const std::vector<PassSummary> passes = summarizePasses(journal);
    size_t width = 36;  // the widest pass name (body runs: "Pass in If#1/then_branch") plus a gap
    for (const PassSummary& p : passes) width = std::max(width, p.pass.size() + 2);
    const int nameWidth = static_cast<int>(width);
    std::cout << "\n"
              << std::left << std::setw(nameWidth) << "Pass" << std::right << std::setw(6) << "Runs"
              << std::setw(12) << "Seconds"
              << "  Statistics\n";
    for (const PassSummary& p : passes) {
        std::string counters;
        for (const PassStatistic& st : p.statistics.entries())
            if (st.value)
                counters += (counters.empty() ? "" : ", ") + st.name + " " + std::to_string(st.value);
        std::cout << std::left << std::setw(nameWidth) << p.pass << std::right << std::setw(6) << p.runs
                  << std::setw(12) << std::fixed << std::setprecision(4) << p.seconds << "  "
                  << (counters.empty() ? "-" : counters) << "\n";
    }
}

uintmax_t sizeOnDisk(const std::filesystem::path& p) {
    std::error_code ec;
    uintmax_t s = std::filesystem::file_size(p, ec);
    auto data = std::filesystem::path(p.string() + ".data");
    if (std::filesystem::exists(data, ec)) s += std::filesystem::file_size(data, ec);
    return ec ? 0 : s;
}

// The report, complete in a temporary beside its destination. Refused when it would replace the
// output, the output's data file, or a file the model reads.
io::StagedFile stageReport(const std::filesystem::path& path, const std::filesystem::path& output,
                           bool external, const Model& model, const nlohmann::json& report) {
    if (io::sameDestination(path, output) ||
        (external && io::sameDestination(path, std::filesystem::path(output.string() + ".data"))))
        throw ModelError("the report '" + path.string() + "' would overwrite the optimized model");
    io::refuseToReplaceInput(path, model, false, "the report");
    io::StagedFile file(path);
    file.write(jsonText(report) + "\n");
    file.finish();
    return file;
}

}  // namespace

Action addOptimizeCommand(CLI::App& app) {
    struct Args {
        std::string input, output, report, geDump;
        PipelineArgs pipeline;
        bool external = false;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd =
        app.add_subcommand("optimize", "Run the GE-style pass pipeline and write the optimized model");
    cmd->add_option("IN", args->input, "Model to optimize")->required();
    cmd->add_option("-o,--output", args->output, "Where to write the optimized model")->required();
    addPipelineOptions(cmd, args->pipeline);
    cmd->add_option("--report", args->report, "Write a JSON report of every pass run");
    cmd->add_flag("--external-data", args->external, "Write weights of 1 KiB or more to OUT.data");
    cmd->add_option(
        "--ge-dump", args->geDump,
        "Also write the optimized graph as a GE graph dump (ge_onnx text, as DUMP_GE_GRAPH writes "
        "it: GE's desc attributes, FRACTAL_Z:<groups>), which `info`, `diff` and the GUI read back");
    return [cmd, args]() -> int {
        if (!cmd->parsed()) return -1;
        const std::optional<PipelineOptions> parsed = pipelineOptionsOrReport(args->pipeline);
        if (!parsed) return kUsage;
        const PipelineOptions& options = *parsed;
        return guarded([&] {
            io::LoadResult loaded = io::loadModel(args->input);
            printWarnings(loaded.diagnostics);
            const ModelInfo before = summarize(loaded.model);
            // The written file must pass ONNX's strict shape inference whenever the input does.
            const bool inputStrict = !io::strictInferenceProblem(loaded.model).has_value();
            Journal journal;
            const PipelineRun run = runPipelineForCli(loaded.model, options, journal);
            io::ExportOptions exportOptions;
            exportOptions.externalData = args->external;
            const ModelInfo after = summarize(loaded.model);
            // The report and OUT are both written to temporaries and renamed at the end: an
            // unwritable report fails the run before OUT exists (issue 9).
            std::optional<io::StagedFile> report;
            if (!args->report.empty())
                report.emplace(stageReport(args->report, args->output, args->external, loaded.model,
                                           pipelineReport(journal, run, before, after, options)));
            std::optional<io::StagedFile> geDump;
            if (!args->geDump.empty()) {
                if (io::sameDestination(args->geDump, args->output))
                    throw ModelError("the GE dump '" + args->geDump +
                                     "' would overwrite the optimized model");
                io::refuseToReplaceInput(args->geDump, loaded.model, false, "the GE dump");
                geDump.emplace(std::filesystem::path(args->geDump));
                geDump->write(dump::geOnnxDumpText(loaded.model));
                geDump->finish();
            }
            Diagnostics diag;
            io::StagedExport staged = io::stageExport(loaded.model, args->output, exportOptions, diag);
            // Nothing is written unless the result reads back (and stays strict): exit 1 instead.
            if (auto problem = io::readBackProblem(loaded.model))
                throw ModelError("the optimized model would not read back (" + *problem +
                                 "); nothing is written");
            if (inputStrict)
                if (auto problem = io::strictInferenceProblem(loaded.model))
                    throw ModelError(
                        "the optimized model fails ONNX's strict shape inference, which its input "
                        "passes (" +
                        *problem + "); nothing is written");
            staged.commit();
            if (report) report->commit();
            if (geDump) geDump->commit();
            printWarnings(diag);
            printComparison(before, after, sizeOnDisk(args->input), sizeOnDisk(args->output));
            printPassStatistics(journal);
            std::cout.flush();
            std::cerr << "wrote " << args->output << " (" << journal.steps().size() << " pass runs in "
                      << std::fixed << std::setprecision(3) << run.seconds << " s)\n";
            return kOk;
        });
    };
}

}  // namespace passscope::cli

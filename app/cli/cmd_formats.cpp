// `passscope-cli formats MODEL [--json] [pipeline options]`: runs the pipeline (target ge by
// default) and prints, per tensor, the origin and storage format and shape (docs/ge-formats.md
// §2), then how many TransData nodes the format passes inserted, eliminated and folded. A GE dump
// file is listed as dumped (docs/ge-dumps.md §6).
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "dump/ge_dump.h"
#include "pipeline/pass_manager.h"
#include "pipeline_args.h"
#include "report/format_report.h"
#include "report/model_info.h"

namespace passscope::cli {
namespace {

void printTable(const std::vector<TensorFormatRow>& rows) {
    size_t nameWidth = 6, producerWidth = 8;
    for (const TensorFormatRow& r : rows) {
        nameWidth = std::max(nameWidth, std::min<size_t>(r.name.size(), 48));
        producerWidth = std::max(producerWidth, std::min<size_t>(r.producer.size(), 40));
    }
    auto cell = [](const std::string& text, size_t width) {
        std::string s = text.size() > width ? text.substr(0, width - 1) + "~" : text;
        return s + std::string(width + 2 - s.size(), ' ');
    };
    std::cout << cell("Tensor", nameWidth) << cell("Producer", producerWidth) << cell("Dtype", 9)
              << cell("Origin", 10) << cell("Origin shape", 20) << cell("Storage", 10) << "Storage shape\n";
    for (const TensorFormatRow& r : rows) {
        const TensorDesc& d = r.desc;
        std::cout << cell(r.name, nameWidth) << cell(r.producer, producerWidth)
                  << cell(std::string(dataTypeName(d.dtype)), 9)
                  << cell(std::string(formatName(d.originFormat)), 10) << cell(d.originShape.toString(), 20)
                  << cell(d.storageFormatText(), 10) << d.storageShape.toString()
                  << (d.storageDiffers() ? "  *" : "") << "\n";
    }
}

}  // namespace

Action addFormatsCommand(CLI::App& app) {
    struct Args {
        std::string input;
        bool json = false;
        PipelineArgs pipeline;
    };
    auto args = std::make_shared<Args>();
    args->pipeline.target = "ge";  // formats are refined for the device target only
    CLI::App* cmd = app.add_subcommand(
        "formats",
        "Run the pipeline (target ge by default) and list every tensor's origin and storage format and "
        "shape, and the TransData nodes inserted, eliminated and folded");
    cmd->add_option("IN", args->input,
                    "Model to refine, or a GE dump file (listed as dumped, no pipeline run)")
        ->required();
    cmd->add_flag("--json", args->json,
                  "Print {\"tensors\":[{name, producer, dtype, origin_format, origin_shape, storage_format, "
                  "storage_shape}...], \"transdata\":{inserted, eliminated, folded, padding_bytes}}");
    addPipelineOptions(cmd, args->pipeline);
    return [cmd, args]() -> int {
        if (!cmd->parsed()) return -1;
        const std::optional<PipelineOptions> parsed = pipelineOptionsOrReport(args->pipeline);
        if (!parsed) return kUsage;
        const PipelineOptions& options = *parsed;
        return guarded([&] {
            io::LoadResult loaded = io::loadModel(args->input);
            printWarnings(loaded.diagnostics);
            Journal journal;
            // A GE dump already is GE's result at its stage: list its descriptions as dumped.
            const bool geDump = dump::detectGeDump(args->input).has_value();
            if (!geDump) runPipelineForCli(loaded.model, options, journal);
            const auto rows = tensorFormats(*loaded.model.graph);
            const TransDataCounts counts = transDataCounts(journal);
            if (args->json) {
                std::cout << formatReport(rows, counts).dump(2) << "\n";
                return kOk;
            }
            if (geDump) std::cout << "GE dump: formats as GE wrote them at this stage (no pipeline run)\n\n";
            printTable(rows);
            size_t differing = 0;
            for (const TensorFormatRow& r : rows) differing += r.desc.storageDiffers() ? 1 : 0;
            std::cout << "\n"
                      << rows.size() << " tensors, " << differing
                      << " stored differently from their origin (*)\nTransData: " << counts.inserted
                      << " inserted, " << counts.eliminated << " eliminated, " << counts.folded
                      << " folded into constants (" << counts.paddingBytes << " bytes of padding)\n";
            return kOk;
        });
    };
}

}  // namespace passscope::cli

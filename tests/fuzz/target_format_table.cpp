// The op-format table (docs/ge-formats.md §9): JSON a user gives with --format-table. A table the
// parser accepts then drives format refinement: the sample network is compiled at target ge with
// it (the graph verifier after every pass), and the result must export to ONNX that reads back.
#include <atomic>
#include <chrono>

#include "compile/run_pipeline.h"
#include "formats/format_table.h"
#include "fuzz_scratch.h"
#include "io/export_check.h"
#include "io/model_loader.h"
#include "pipeline/pipeline_error.h"
#include "seed_models.h"
#include "target_support.h"
#include "targets.h"

namespace passscope::fuzz {
namespace {

constexpr std::string_view kTableTarget = "format_table";

// The network the tables are tried on: the generated conv net (Conv, BatchNormalization, Relu,
// MaxPool, a residual Add, a shape chain), loaded once.
const Model& tableNetwork() {
    static const Model model = loadGeneratedSeed(
        kTableTarget, [](const SeedModel& s) { return s.name == "conv_net"; }, "table_network.onnx");
    return model;
}

}  // namespace

int fuzzFormatTable(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        (void)formats::FormatTable::parse(text, "fuzz input");
    } catch (const formats::FormatTableError&) {
        return 0;  // refused with a message naming the key
    } catch (const std::exception& e) {
        finding(kTableTarget, std::string("parse: unexpected ") + typeid(e).name() + ": " + e.what());
    }
    // The pipeline reads the table by path (cached by path and modification time): each input
    // gets a time of its own, so a table written within the file system's clock tick is not
    // mistaken for the previous one.
    const auto file = writeScratch("format_table.json", data, size);
    static std::atomic<int64_t> stamp{0};
    std::filesystem::last_write_time(file, std::filesystem::file_time_type(std::chrono::seconds(++stamp)));
    Model model = tableNetwork().clone();
    PipelineOptions options;
    options.target = Target::Ge;
    options.formatTable = file.string();
    options.verifyEach = true;
    try {
        Journal journal;
        (void)runPipeline(model, options, &journal);
        JournalCursor cursor(journal, *model.graph);
        cursor.moveTo(0);
    } catch (const std::exception& e) {
        finding(kTableTarget, std::string("the table parses but target ge fails with it: ") +
                                  typeid(e).name() + ": " + e.what());
    }
    return readerCase(kTableTarget, [&] {
        if (auto problem = io::readBackProblem(model))
            finding(kTableTarget, "the export at target ge would not read back: " + *problem);
    });
}

}  // namespace passscope::fuzz

// Load, shape inference and export of the generated 50,000-node / 500 MB model (issue: the
// foundation's performance figures). Peak memory is reported as a ratio to the model file's
// size: weights must be shared or mapped, never copied. The model is generated on first run by
// passscope-make-large-model into the build folder.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "io/model_loader.h"
#include "io/onnx_check.h"
#include "io/onnx_export.h"
#include "memory_probe.h"

namespace fs = std::filesystem;
using namespace passscope;

namespace {

const fs::path kDir = fs::path(PASSSCOPE_BENCH_DIR);

fs::path ensureModel(const std::string& name, const std::string& extraArgs) {
    fs::path path = kDir / name;
    if (!fs::exists(path)) {
        fs::create_directories(kDir);
        std::string cmd =
            std::string(PASSSCOPE_MAKE_LARGE_MODEL) + " " + path.string() + " " + extraArgs + " > /dev/null";
        if (std::system(cmd.c_str()) != 0) {
            std::cerr << "cannot generate " << path << "\n";
            std::exit(1);
        }
    }
    return path;
}

double mb(uint64_t bytes) {
    return static_cast<double>(bytes) / 1e6;
}

uint64_t modelBytes(const fs::path& p) {
    uint64_t total = fs::file_size(p);
    fs::path data = p.string() + ".data";
    if (fs::exists(data)) total += fs::file_size(data);
    return total;
}

void reportPeak(benchmark::State& state, uint64_t base, uint64_t peak, uint64_t size) {
    state.counters["peak_MB"] = mb(peak);
    state.counters["peak_over_base_MB"] = mb(peak - std::min(peak, base));
    // The figure that matters: memory this phase added, against the model's size on disk.
    state.counters["added_to_model"] =
        static_cast<double>(peak - std::min(peak, base)) / static_cast<double>(size);
    state.counters["model_MB"] = mb(size);
}

void BM_Load(benchmark::State& state, const std::string& name, const std::string& args) {
    const fs::path path = ensureModel(name, args);
    const uint64_t size = modelBytes(path);
    io::LoadTimings t;
    uint64_t base = 0, peak = 0;
    size_t nodes = 0;
    for (auto _ : state) {
        bench::resetPeak();
        base = bench::residentBytes();
        io::LoadResult r = io::loadModel(path);
        peak = bench::peakBytes();
        t = r.timings;
        nodes = r.model.graph->nodeCount();
    }
    state.counters["read_s"] = t.readSeconds;
    state.counters["check_s"] = t.checkSeconds;
    state.counters["import_s"] = t.importSeconds;
    state.counters["infer_s"] = t.inferSeconds;
    state.counters["ir_nodes"] = static_cast<double>(nodes);
    reportPeak(state, base, peak, size);
}

void BM_InferShapes(benchmark::State& state) {
    const fs::path path = ensureModel("large.onnx", "");
    io::LoadOptions opts;
    opts.inferShapes = false;
    opts.runChecker = false;
    io::LoadResult r = io::loadModel(path, opts);
    for (auto _ : state) {
        Diagnostics diag;
        io::inferShapes(r.model, diag);
    }
}

void BM_Export(benchmark::State& state, bool external) {
    const fs::path path = ensureModel("large.onnx", "");
    const uint64_t size = modelBytes(path);
    io::LoadResult r = io::loadModel(path);
    io::ExportOptions opts;
    opts.externalData = external;
    const fs::path out = kDir / (external ? "export_external.onnx" : "export.onnx");
    uint64_t base = 0, peak = 0;
    for (auto _ : state) {
        bench::resetPeak();
        base = bench::residentBytes();
        Diagnostics diag;
        io::exportModel(r.model, out, opts, diag);
        peak = bench::peakBytes();
    }
    reportPeak(state, base, peak, size);
    state.counters["written_MB"] = mb(modelBytes(out));
}

}  // namespace

BENCHMARK_CAPTURE(BM_Load, inline_500MB, std::string("large.onnx"), std::string(""))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(false);
BENCHMARK_CAPTURE(BM_Load, external_500MB, std::string("large_ext.onnx"), std::string("--external"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_InferShapes)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK_CAPTURE(BM_Export, binary, false)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK_CAPTURE(BM_Export, external_data, true)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);

BENCHMARK_MAIN();

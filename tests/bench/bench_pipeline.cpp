// The O3 pipeline on the generated 50,000-node / 500 MB model: time, peak memory, journal memory,
// and the time to move the journal cursor between two distant steps; then, in the same run, ONNX
// Runtime's optimizer on the same model (onnxruntime-node, session creation at level "basic" with
// optimizedModelFilePath, one session: on this model it takes minutes) and the ratio. ORT is looked for in
// $PASSSCOPE_ORT_DIR (a folder with node_modules/onnxruntime-node); `make bench` installs it from the npm
// registry.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>

#include <onnx/onnx_pb.h>

#include <fstream>

#include "compile/run_pipeline.h"
#include "io/model_loader.h"
#include "memory_probe.h"

namespace fs = std::filesystem;
using namespace passscope;

namespace {

const fs::path kDir = fs::path(PASSSCOPE_BENCH_DIR);
double g_pipelineSeconds = 0;
double g_gePipelineSeconds = 0;
double g_formatSeconds = 0;
double g_ortSeconds = 0;

fs::path largeModel() {
    fs::path path = kDir / "large.onnx";
    if (!fs::exists(path)) {
        fs::create_directories(kDir);
        std::string cmd = std::string(PASSSCOPE_MAKE_LARGE_MODEL) + " " + path.string() + " > /dev/null";
        if (std::system(cmd.c_str()) != 0) std::exit(1);
    }
    return path;
}

const Model& loaded() {
    static io::LoadResult r = io::loadModel(largeModel());
    return r.model;
}

void BM_PipelineO3(benchmark::State& state) {
    const Model& source = loaded();
    size_t steps = 0, before = source.graph->nodeCount(), after = 0, journalBytes = 0;
    uint64_t base = 0, peak = 0;
    double seconds = 0;
    for (auto _ : state) {
        state.PauseTiming();
        Model model = source.clone();
        bench::resetPeak();
        base = bench::residentBytes();
        state.ResumeTiming();
        Journal journal;
        PipelineRun run = runPipeline(model, PipelineOptions{}, &journal);
        state.PauseTiming();
        peak = bench::peakBytes();
        seconds = run.seconds;
        steps = journal.steps().size();
        after = model.graph->nodeCount();
        journalBytes = journal.memoryBytes();
        state.ResumeTiming();
    }
    g_pipelineSeconds = seconds;
    state.counters["steps"] = static_cast<double>(steps);
    state.counters["nodes_before"] = static_cast<double>(before);
    state.counters["nodes_after"] = static_cast<double>(after);
    state.counters["journal_MB"] = static_cast<double>(journalBytes) / 1e6;
    state.counters["peak_added_MB"] = static_cast<double>(peak - std::min(peak, base)) / 1e6;
}

// The passes of format refinement (target ge), by the names the journal records.
bool isFormatPass(const std::string& pass) {
    static const std::set<std::string> kNames{"InferFormatStage1",
                                              "InferFormatStage2",
                                              "PrepareRunningFormatRefiner",
                                              "StorageFormatSelectionPass",
                                              "TransDataInsertionPass",
                                              "TransOpSymmetryEliminationPass",
                                              "TransOpBreadthFusionPass",
                                              "TransOpWithoutReshapeFusionPass",
                                              "TransposeTransDataPass",
                                              "UnchangedTransposeRemovePass",
                                              "CastRemovePass",
                                              "Dim1TransposeToSqueezePass"};
    return kNames.count(pass) > 0;
}

// The same pipeline at target ge: format inference, selection, TransData insertion and the
// format passes on top of folding; the format passes' own seconds next to the whole run's.
void BM_PipelineGe(benchmark::State& state) {
    const Model& source = loaded();
    uint64_t base = 0, peak = 0, inserted = 0, folded = 0;
    double seconds = 0, formatSeconds = 0;
    for (auto _ : state) {
        state.PauseTiming();
        Model model = source.clone();
        bench::resetPeak();
        base = bench::residentBytes();
        PipelineOptions options;
        options.target = Target::Ge;
        state.ResumeTiming();
        Journal journal;
        PipelineRun run = runPipeline(model, options, &journal);
        state.PauseTiming();
        peak = bench::peakBytes();
        seconds = run.seconds;
        formatSeconds = 0;
        inserted = folded = 0;
        for (const JournalStep& s : journal.steps()) {
            if (isFormatPass(s.pass)) formatSeconds += s.seconds;
            inserted += s.stats.value("transdata_inserted");
            folded += s.stats.value("transdata_folded");
        }
        state.ResumeTiming();
    }
    g_gePipelineSeconds = seconds;
    g_formatSeconds = formatSeconds;
    state.counters["format_passes_s"] = formatSeconds;
    state.counters["transdata_inserted"] = static_cast<double>(inserted);
    state.counters["transdata_folded"] = static_cast<double>(folded);
    state.counters["peak_added_MB"] = static_cast<double>(peak - std::min(peak, base)) / 1e6;
}

void BM_JournalSeekFirstToLast(benchmark::State& state) {
    Model model = loaded().clone();
    Journal journal;
    runPipeline(model, PipelineOptions{}, &journal);
    JournalCursor cursor(journal, *model.graph);
    size_t changes = 0;
    for (const JournalStep& s : journal.steps()) changes += s.changes.size();
    bool forward = true;
    for (auto _ : state) {
        cursor.moveTo(forward ? journal.steps().size() : 0);
        forward = !forward;
    }
    state.counters["changes_replayed"] = static_cast<double>(changes);
}

void BM_OrtBasicOptimizer(benchmark::State& state) {
    const char* dir = std::getenv("PASSSCOPE_ORT_DIR");
    if (!dir || !fs::exists(fs::path(dir) / "node_modules/onnxruntime-node")) {
        state.SkipWithError("onnxruntime-node not found: set PASSSCOPE_ORT_DIR (make bench installs it)");
        return;
    }
    const std::string cmd = "NODE_PATH=" + (fs::path(dir) / "node_modules").string() + " node " +
                            PASSSCOPE_ORT_SCRIPT + " " + largeModel().string() + " " +
                            (kDir / "ort_optimized.onnx").string() + " 1";
    for (auto _ : state) {
        FILE* p = popen(cmd.c_str(), "r");
        char buf[512] = {0};
        size_t n = p ? fread(buf, 1, sizeof buf - 1, p) : 0;
        int rc = p ? pclose(p) : -1;
        std::string out(buf, n);
        auto at = out.find("\"seconds\":");
        if (rc != 0 || at == std::string::npos) {
            state.SkipWithError(("onnxruntime-node failed: " + out).c_str());
            return;
        }
        g_ortSeconds = std::stod(out.substr(at + 10));
    }
    state.counters["ort_median_s"] = g_ortSeconds;
}

// A chain of `n` unnamed foldable nodes (Neg, and Add of an initializer of its own, alternating)
// on one [4] initializer, one graph output (issue 28: 30,000 of them took 87 s, growing about
// quadratically: each folded constant's name, "Neg/folded", probed every suffix taken before).
// Folding must do work proportional to each node's neighbourhood: the time per node stays flat
// from 10k to 100k.
fs::path foldableChain(int64_t n) {
    const fs::path path = kDir / ("chain_" + std::to_string(n) + ".onnx");
    if (fs::exists(path)) return path;
    fs::create_directories(kDir);
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.add_opset_import()->set_version(13);
    onnx::GraphProto& g = *m.mutable_graph();
    g.set_name("chain");
    onnx::TensorProto* c = g.add_initializer();
    c->set_name("c");
    c->set_data_type(onnx::TensorProto::FLOAT);
    c->add_dims(4);
    for (float v : {1.0f, 2.0f, 3.0f, 4.0f}) c->add_float_data(v);
    std::string prev = "c";
    for (int64_t i = 0; i < n; ++i) {
        onnx::NodeProto* node = g.add_node();
        node->set_op_type(i % 2 ? "Add" : "Neg");
        node->add_input(prev);
        if (i % 2) {
            onnx::TensorProto* k = g.add_initializer();
            k->set_name("k" + std::to_string(i));
            k->set_data_type(onnx::TensorProto::FLOAT);
            k->add_dims(1);
            k->add_float_data(1.0f);
            node->add_input(k->name());
        }
        prev = "v" + std::to_string(i);
        node->add_output(prev);
    }
    onnx::ValueInfoProto* out = g.add_output();
    out->set_name(prev);
    out->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
    out->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(4);
    std::ofstream file(path, std::ios::binary);
    m.SerializeToOstream(&file);
    return path;
}

// The default pipeline with the journal, as `optimize` runs it, on the foldable chain.
void BM_FoldChain(benchmark::State& state) {
    const io::LoadResult loaded = io::loadModel(foldableChain(state.range(0)));
    double seconds = 0;
    size_t after = 0;
    for (auto _ : state) {
        state.PauseTiming();
        Model model = loaded.model.clone();
        state.ResumeTiming();
        Journal journal;
        PipelineRun run = runPipeline(model, PipelineOptions{}, &journal);
        state.PauseTiming();
        seconds = run.seconds;
        after = model.graph->nodeCount();
        state.ResumeTiming();
    }
    state.counters["nodes_after"] = static_cast<double>(after);
    state.counters["us_per_node"] = seconds * 1e6 / static_cast<double>(state.range(0));
}

}  // namespace

BENCHMARK(BM_FoldChain)
    ->Arg(10000)
    ->Arg(30000)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_PipelineO3)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(BM_PipelineGe)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(BM_JournalSeekFirstToLast)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OrtBasicOptimizer)->Unit(benchmark::kMillisecond)->Iterations(1);

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (g_pipelineSeconds > 0 && g_gePipelineSeconds > 0)
        std::cout << "Target ge pipeline " << g_gePipelineSeconds << " s (format passes " << g_formatSeconds
                  << " s) vs the target onnx folding pipeline " << g_pipelineSeconds << " s\n";
    if (g_pipelineSeconds > 0 && g_ortSeconds > 0)
        std::cout << "PassScope O3 pipeline " << g_pipelineSeconds << " s vs ONNX Runtime basic optimizer "
                  << g_ortSeconds << " s (one ORT session, it takes minutes): ratio "
                  << g_pipelineSeconds / g_ortSeconds << " (below 1 = faster)\n";
    return 0;
}

// passscope-bench-memory: peak resident memory of `passscope-cli optimize` per node, and where it
// goes (issue 38). A plain program, not Google Benchmark: each figure is one run.
//
//   passscope-bench-memory [--chain N]... [--large-external MB] [--large-inline MB] [--model FILE]...
//
// For each model: the CLI's `optimize` as a user runs it, in a child process, and its peak RSS
// (getrusage of the child: VmHWM) in MB and in bytes per node of the input, and beyond the bytes of
// its weights; then, in this process, the peak of each phase — load (read, checker, import, shape
// inference), the pipeline with its journal, the export — over what was resident before it, and
// the journal's own size. Defaults: chains of 10,000, 30,000 and 100,000 foldable nodes (the
// issue's model: every node folds, each fold making a constant the next one reads) and
// 50,000-node models with 1,000 MB of weights, external and inline (mapped from the model file).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "compile/run_pipeline.h"
#include "io/model_loader.h"
#include "io/onnx_export.h"
#include "memory_probe.h"

namespace fs = std::filesystem;
using namespace passscope;

namespace {

const fs::path kDir = fs::path(PASSSCOPE_BENCH_DIR) / "memory";

struct Case {
    std::string label;
    fs::path model;
};

int run(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout)) _exit(127);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

// Peak RSS in bytes of `optimize` on `model`, run as a child process.
uint64_t cliPeak(const fs::path& model, int& exitCode) {
    const pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout)) _exit(127);
        const std::string out = (kDir / "optimized.onnx").string();
        execl(PASSSCOPE_CLI, PASSSCOPE_CLI, "optimize", model.c_str(), "-o", out.c_str(),
              static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    struct rusage usage {};
    wait4(pid, &status, 0, &usage);
    exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
    return static_cast<uint64_t>(usage.ru_maxrss) * 1024;
}

uint64_t weightBytes(const Model& m) {
    uint64_t bytes = 0;
    m.graph->forEachNode([&](const Node& n) {
        for (const Attribute& a : n.attributes())
            if (const auto* t = std::get_if<Tensor>(&a.value)) bytes += t->byteSize();
    });
    return bytes;
}

double mb(uint64_t bytes) {
    return static_cast<double>(bytes) / 1e6;
}

// Phase peaks in this process: how far above the resident memory before the phase it went.
void phases(const Case& c, uint64_t& nodes, uint64_t& weights) {
    bench::resetPeak();
    uint64_t base = bench::residentBytes();
    io::LoadResult loaded = io::loadModel(c.model);
    const uint64_t load = bench::peakBytes() - base;
    nodes = loaded.model.graph->nodeCount();
    weights = weightBytes(loaded.model);
    const uint64_t graph = bench::residentBytes() - base;

    bench::resetPeak();
    base = bench::residentBytes();
    Journal journal;
    (void)runPipeline(loaded.model, PipelineOptions{}, &journal);
    const uint64_t pipeline = bench::peakBytes() - base;
    const uint64_t journalResident = bench::residentBytes() - base;

    bench::resetPeak();
    base = bench::residentBytes();
    Diagnostics diag;
    io::exportModel(loaded.model, kDir / "phase_export.onnx", io::ExportOptions{}, diag);
    const uint64_t exported = bench::peakBytes() - base;
    std::printf(
        "  in process: load peak +%.1f MB (graph %.1f MB resident), pipeline peak +%.1f MB (journal %zu "
        "steps, %.1f MB resident after, %.1f MB counted), export peak +%.1f MB\n",
        mb(load), mb(graph), mb(pipeline), journal.steps().size(), mb(journalResident),
        mb(journal.memoryBytes()), mb(exported));
}

void measure(const Case& c) {
    int exitCode = 0;
    const uint64_t peak = cliPeak(c.model, exitCode);
    uint64_t nodes = 0, weights = 0;
    std::printf("%s\n", c.label.c_str());
    phases(c, nodes, weights);
    std::printf(
        "  passscope-cli optimize: peak RSS %.1f MB (exit %d) for %llu nodes: %.0f bytes per node; "
        "weights %.1f MB, peak beyond them %.1f MB (%.0f bytes per node)\n",
        mb(peak), exitCode, static_cast<unsigned long long>(nodes),
        nodes ? static_cast<double>(peak) / static_cast<double>(nodes) : 0.0, mb(weights),
        mb(peak > weights ? peak - weights : 0),
        nodes ? static_cast<double>(peak > weights ? peak - weights : 0) / static_cast<double>(nodes) : 0.0);
    std::fflush(stdout);
}

fs::path made(const std::string& name, const std::vector<std::string>& generatorArgs) {
    const fs::path path = kDir / name;
    if (fs::exists(path)) return path;
    std::vector<std::string> args{PASSSCOPE_MAKE_LARGE_MODEL, path.string()};
    args.insert(args.end(), generatorArgs.begin(), generatorArgs.end());
    if (run(args) != 0) {
        std::fprintf(stderr, "passscope-make-large-model failed for %s\n", name.c_str());
        std::exit(1);
    }
    return path;
}

}  // namespace

int main(int argc, char** argv) {
    fs::create_directories(kDir);
    std::vector<Case> cases;
    std::vector<std::string> chains;
    std::string largeMb, inlineMb;
    bool anyGiven = false;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i], value = argv[i + 1];
        anyGiven = true;
        if (flag == "--chain")
            chains.push_back(value);
        else if (flag == "--large-external")
            largeMb = value;
        else if (flag == "--large-inline")
            inlineMb = value;
        else if (flag == "--model")
            cases.push_back({"model " + value, value});
        else {
            std::fprintf(
                stderr,
                "usage: passscope-bench-memory [--chain N]... [--large-external MB] [--large-inline MB] "
                "[--model FILE]...\n");
            return 2;
        }
    }
    if (!anyGiven) {
        chains = {"10000", "30000", "100000"};
        largeMb = "1000";
        inlineMb = "1000";
    }
    std::vector<Case> all;
    for (const std::string& n : chains)
        all.push_back({"chain of " + n + " foldable nodes", made("chain_" + n + ".onnx", {"--chain", n})});
    if (!largeMb.empty())
        all.push_back({"50,000 nodes, " + largeMb + " MB of external weights",
                       made("large_external_" + largeMb + ".onnx", {"--weight-mb", largeMb, "--external"})});
    if (!inlineMb.empty())
        all.push_back({"50,000 nodes, " + inlineMb + " MB of inline weights",
                       made("large_inline_" + inlineMb + ".onnx", {"--weight-mb", inlineMb})});
    all.insert(all.end(), cases.begin(), cases.end());
    for (const Case& c : all) measure(c);
    return 0;
}

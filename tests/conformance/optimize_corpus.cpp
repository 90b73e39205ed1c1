// Optimizing unmodified models (issue acceptance): for each libonnx-testdata model, run the
// pipeline, export, require the full checker to pass whenever the original did, load the export
// back and compare it with the original on seeded random inputs with the engine's kernels. A
// difference fails; a model the kernels cannot evaluate is counted as not comparable. With
// --min-compared N, fewer than N models verified equal fail the run (a pipeline or kernel change
// that makes models incomparable must not pass as "0 failed"). With --target ge the device-level
// graph is exported (its ops on device layouts in their own domain, docs/ge-formats.md §8) and
// must pass the same checks (--input-shape pins symbolic input dims for the comparison). CORPUS_DIR
// is a libonnx-testdata corpus (folders holding model.onnx) or, with --files, folders of .onnx
// files (repeatable: --files DIR).
#include <algorithm>
#include <iostream>

#include "compile/run_pipeline.h"
#include "exec/verify.h"
#include "io/model_loader.h"
#include "io/onnx_check.h"
#include "io/onnx_export.h"
#include "io/proto_reader.h"
#include "testdata.h"

namespace fs = std::filesystem;
using namespace passscope;

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr
            << "usage: optimize_corpus CORPUS_DIR WORK_DIR [--filter SUBSTR] [--verbose] "
               "[--min-compared N] [--target ge|onnx] [--files DIR]... [--input-shape NAME:D,D,...]...\n";
        return 2;
    }
    const fs::path work = argv[2];
    fs::create_directories(work);
    std::string filter;
    bool verbose = false;
    int minCompared = 0;
    PipelineOptions options, pins;
    std::vector<fs::path> fileDirs;
    for (int i = 3; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--filter" && i + 1 < argc)
            filter = argv[++i];
        else if (a == "--target" && i + 1 < argc)
            options.target = std::string(argv[++i]) == "ge" ? Target::Ge : Target::Onnx;
        else if (a == "--files" && i + 1 < argc)
            fileDirs.emplace_back(argv[++i]);
        else if (a == "--input-shape" && i + 1 < argc)
            pins.addInputShape(argv[++i]);  // pins symbolic dims of inputs of that name for verify
        else if (a == "--verbose")
            verbose = true;
        else if (a == "--min-compared" && i + 1 < argc)
            minCompared = std::stoi(argv[++i]);
    }
    // Every model file: <folder>/model.onnx of the corpus, or the .onnx files of --files folders.
    std::vector<fs::path> models;
    if (fileDirs.empty()) {
        for (const fs::path& dir : test::testFolders(argv[1], filter)) models.push_back(dir / "model.onnx");
    } else {
        for (const fs::path& dir : fileDirs)
            for (const auto& e : fs::directory_iterator(dir))
                if (e.path().extension() == ".onnx" &&
                    (filter.empty() || e.path().filename().string().find(filter) != std::string::npos))
                    models.push_back(e.path());
        std::sort(models.begin(), models.end());
    }
    int equal = 0, failed = 0, notComparable = 0;
    for (const fs::path& file : models) {
        const fs::path dir = file.parent_path();
        const std::string name = fileDirs.empty() ? dir.filename().string() : file.filename().string();
        std::string problem;
        try {
            onnx::ModelProto originalProto;
            io::readModelProto(file, originalProto);
            const bool originalValid = !io::fullCheckModel(originalProto, dir).has_value();
            io::LoadResult original = io::loadModel(file);
            Model optimized = original.model.clone();
            runPipeline(optimized, options, nullptr);
            Diagnostics diag;
            io::exportModel(optimized, work / "optimized.onnx", io::ExportOptions{}, diag);
            onnx::ModelProto exported;
            io::readModelProto(work / "optimized.onnx", exported);
            if (originalValid)
                if (auto err = io::fullCheckModel(exported, work))
                    problem = "the optimized model fails the full checker: " + *err;
            if (problem.empty()) {
                io::LoadResult back = io::loadModel(work / "optimized.onnx");
                VerifyOptions verify;
                for (const auto& [input, dims] : pins.inputShapes)
                    for (NodeId id : original.model.graph->inputs())
                        if (original.model.graph->node(id).output(0).name == input)
                            verify.inputShapes[input] = dims;
                VerifyResult v = verifyModels(original.model, back.model, verify);
                if (!v.comparable) {
                    ++notComparable;
                    if (verbose) std::cout << "NOT COMPARABLE " << name << ": " << v.problem << "\n";
                    continue;
                }
                for (const VerifyRow& r : v.rows)
                    if (!r.equal && problem.empty())
                        problem = "output '" + r.output + "' differs: " + r.detail;
            }
        } catch (const std::exception& e) {
            problem = std::string("exception: ") + e.what();
        }
        if (problem.empty()) {
            ++equal;
        } else {
            ++failed;
            std::cout << "FAIL " << name << ": " << problem << "\n";
        }
    }
    std::cout << "optimized models: " << equal << " verified equal, " << failed << " failed, "
              << notComparable << " not comparable by the engine's kernels (checker-valid and loaded back)\n";
    std::cout << equal << " passed, " << failed << " failed, " << notComparable << " skipped\n";
    if (failed > 0) return 1;
    if (equal < minCompared) {
        std::cout << "fewer models compared than the floor of " << minCompared << "\n";
        return 1;
    }
    return 0;
}

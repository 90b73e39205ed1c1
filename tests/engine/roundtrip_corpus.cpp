// Round trip over a folder of ONNX models (libonnx-testdata's node, pytorch-converted,
// pytorch-operator, simple): load with the engine, export, and require (1) the export passes the
// full checker whenever the original did, (2) it is structurally equal to the original
// (proto_compare.h), (3) it loads back. Prints one line per failure and "N passed, M failed".
#include <filesystem>
#include <iostream>
#include <vector>

#include "io/model_loader.h"
#include "io/onnx_check.h"
#include "io/onnx_export.h"
#include "io/proto_reader.h"
#include "proto_compare.h"

namespace fs = std::filesystem;
using namespace passscope;

static std::string roundTrip(const fs::path& modelPath, const fs::path& workDir) {
    onnx::ModelProto original;
    io::readModelProto(modelPath, original);
    const bool originalValid = !io::fullCheckModel(original, modelPath.parent_path()).has_value();

    io::LoadResult loaded = io::loadModel(modelPath);
    const fs::path out = workDir / "model.onnx";
    Diagnostics diag;
    io::exportModel(loaded.model, out, io::ExportOptions{}, diag);

    onnx::ModelProto exported;
    io::readModelProto(out, exported);
    if (originalValid)
        if (auto problem = io::fullCheckModel(exported, workDir))
            return "export fails the full checker: " + *problem;
    if (std::string diff = test::compareModels(original, modelPath.parent_path(), exported, workDir);
        !diff.empty())
        return "not structurally equal: " + diff;
    io::loadModel(out);  // must load back
    return {};
}

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: roundtrip_corpus CORPUS_DIR WORK_DIR\n";
        return 2;
    }
    const fs::path corpus = argv[1];
    const fs::path work = argv[2];
    fs::create_directories(work);
    std::vector<fs::path> models;
    for (const auto& entry : fs::recursive_directory_iterator(corpus))
        if (entry.path().filename() == "model.onnx") models.push_back(entry.path());
    std::sort(models.begin(), models.end());
    if (models.empty()) {
        std::cerr << "no model.onnx under " << corpus << "\n";
        return 1;
    }
    int passed = 0, failed = 0;
    for (const fs::path& m : models) {
        std::string problem;
        try {
            problem = roundTrip(m, work);
        } catch (const std::exception& e) {
            problem = std::string("exception: ") + e.what();
        }
        if (problem.empty()) {
            ++passed;
        } else {
            ++failed;
            std::cout << "FAIL " << m.parent_path().filename().string() << ": " << problem << "\n";
        }
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}

#pragma once
// The real and real-shaped models the layout and GUI benchmarks measure: the published models in
// resources/models/ (see its README), the models passscope-make-real-shaped writes (regenerated
// into PASSSCOPE_BENCH_DIR/real_shaped on every run: it takes a fraction of a second), and any
// extra folder of .onnx files given on the command line (models we may use but not ship).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace passscope::bench {

struct RealModel {
    std::string name;  // file name without .onnx
    std::filesystem::path path;
};

inline std::vector<RealModel> onnxFilesIn(const std::filesystem::path& dir) {
    std::vector<RealModel> found;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".onnx")
            found.push_back({entry.path().stem().string(), entry.path()});
    std::sort(found.begin(), found.end(),
              [](const RealModel& a, const RealModel& b) { return a.name < b.name; });
    return found;
}

// resources/models and resources/models/pytorch, then the generated real-shaped models, then each of
// `extraDirs`; one model per file name.
inline std::vector<RealModel> realModels(const std::vector<std::string>& extraDirs) {
    const std::filesystem::path kept = std::filesystem::path(PASSSCOPE_SOURCE_DIR) / "resources" / "models";
    std::vector<RealModel> models = onnxFilesIn(kept);
    for (RealModel& m : onnxFilesIn(kept / "pytorch")) models.push_back(std::move(m));  // issue 21's exports
    const std::filesystem::path generated = std::filesystem::path(PASSSCOPE_BENCH_DIR) / "real_shaped";
    const std::string cmd =
        std::string(PASSSCOPE_MAKE_REAL_SHAPED) + " " + generated.string() + " > /dev/null";
    if (std::system(cmd.c_str()) != 0) {
        std::fprintf(stderr, "passscope-make-real-shaped failed: %s\n", cmd.c_str());
        std::exit(1);
    }
    auto add = [&models](RealModel m) {  // a name seen already (the same file elsewhere) is skipped
        for (const RealModel& known : models)
            if (known.name == m.name) return;
        models.push_back(std::move(m));
    };
    for (RealModel& m : onnxFilesIn(generated)) add(std::move(m));
    for (const std::string& dir : extraDirs)
        for (RealModel& m : onnxFilesIn(dir)) add(std::move(m));
    return models;
}

}  // namespace passscope::bench

#include "io/model_loader.h"

#include <chrono>
#include <memory>

#include "dump/ge_dump.h"
#include "io/inference_guards.h"
#include "io/onnx_check.h"
#include "io/onnx_import.h"
#include "io/proto_reader.h"

namespace passscope::io {
namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

LoadResult loadModel(const std::filesystem::path& path, const LoadOptions& options) {
    // GE's own graph dumps (docs/ge-dumps.md §3) carry GE's tensor descriptions: no ONNX checker,
    // no ONNX shape inference.
    if (auto format = dump::detectGeDump(path)) return dump::loadGeDump(path, *format);
    LoadResult result;
    const std::filesystem::path dir = path.parent_path();
    auto t0 = std::chrono::steady_clock::now();
    // Held by pointer to be freed as soon as it is imported: Clear() keeps every message it held
    // for reuse, so the parsed file would stay beside the graph through shape inference (issue 38).
    auto holder = std::make_unique<onnx::ModelProto>();
    onnx::ModelProto& proto = *holder;
    readModelProto(path, proto);
    result.timings.readSeconds = secondsSince(t0);
    // Before the checker and inference see it: libonnx trusts what this refuses (issue 9).
    if (auto hazard = findModelHazard(proto)) throw ModelError("'" + path.string() + "': " + *hazard);

    if (options.runChecker) {
        t0 = std::chrono::steady_clock::now();
        if (auto problem = checkModel(proto, dir)) result.diagnostics.warn("onnx checker: " + *problem);
        result.timings.checkSeconds = secondsSince(t0);
    }

    t0 = std::chrono::steady_clock::now();
    try {
        result.model = importModel(proto, dir, result.diagnostics);
    } catch (const ModelError& e) {
        throw ModelError("'" + path.string() + "': " + e.what());
    }
    result.model.sourcePath = path;
    holder.reset();
    result.timings.importSeconds = secondsSince(t0);

    if (options.inferShapes) {
        t0 = std::chrono::steady_clock::now();
        try {
            // A node whose inputs its op does not take is refused here too (issue 28).
            inferShapes(result.model, result.diagnostics, GuardFinding::Refuse);
        } catch (const ModelError& e) {
            throw ModelError("'" + path.string() + "': " + e.what());
        }
        result.timings.inferSeconds = secondsSince(t0);
    }
    return result;
}

}  // namespace passscope::io

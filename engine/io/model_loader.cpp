#include "io/model_loader.h"

#include <malloc.h>

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

// The parsed weights that became slices of the mapped file were freed one by one, mostly inside
// the heap, where free() keeps the pages; glibc gives back whole free pages only when asked.
void releaseFreedHeap() {
#ifdef __GLIBC__
    ::malloc_trim(0);
#endif
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
    const ProtoEncoding encoding = readModelProto(path, proto);
    result.timings.readSeconds = secondsSince(t0);
    // Before the checker and inference see it: libonnx trusts what this refuses (issue 9).
    if (auto hazard = findModelHazard(proto)) throw ModelError("'" + path.string() + "': " + *hazard);

    if (options.runChecker) {
        t0 = std::chrono::steady_clock::now();
        if (auto problem = checkModel(proto, dir)) result.diagnostics.warn("onnx checker: " + *problem);
        result.timings.checkSeconds = secondsSince(t0);
    }

    t0 = std::chrono::steady_clock::now();
    const InlinePayloads inlined = encoding == ProtoEncoding::Binary
                                       ? InlinePayloads::locate(path, proto, options.mapInlineWeightsFrom)
                                       : InlinePayloads();
    try {
        result.model = importModel(proto, dir, result.diagnostics, &inlined);
    } catch (const ModelError& e) {
        throw ModelError("'" + path.string() + "': " + e.what());
    }
    result.model.sourcePath = path;
    holder.reset();
    if (inlined.size() > 0) releaseFreedHeap();
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

// loadGeDump: one dump file into the IR (docs/ge-dumps.md §3).
#include <chrono>

#include "dump/ge_dump.h"
#include "dump/ge_dump_spec.h"

namespace passscope::dump {

io::LoadResult loadGeDump(const std::filesystem::path& path, GeDumpFormat format) {
    io::LoadResult result;
    const auto t0 = std::chrono::steady_clock::now();
    detail::GeModelSpec spec = format == GeDumpFormat::OnnxText
                                   ? detail::readOnnxDump(path, result.diagnostics)
                                   : detail::readProtoDump(path, result.diagnostics);
    const auto t1 = std::chrono::steady_clock::now();
    result.model = detail::buildGeModel(spec, path.string(), result.diagnostics);
    result.model.sourcePath = path;
    const auto t2 = std::chrono::steady_clock::now();
    result.timings.readSeconds = std::chrono::duration<double>(t1 - t0).count();
    result.timings.importSeconds = std::chrono::duration<double>(t2 - t1).count();
    return result;
}

}  // namespace passscope::dump

#pragma once
// The one entry point that turns a file into a Model: read (binary or text), refuse what libonnx
// would crash on (inference_guards.h: the guard table, nesting limits), check with libonnx
// (findings become warnings: a model the checker rejects may still load, as ONNX Runtime
// allows), import (structural errors are fatal), infer shapes.
#include <cstdint>
#include <filesystem>

#include "ir/model.h"
#include "util/diagnostics.h"

namespace passscope::io {

struct LoadOptions {
    bool runChecker = true;
    bool inferShapes = true;
    // A binary model whose large inline weights (io/inline_payloads.h) total at least this many
    // bytes gets them as slices of the mapped file instead of process memory. A mapped file must
    // not be rewritten in place while the model is open (truncating it makes the next read of a
    // weight fail, as with external data), so models too small for mapping to matter keep their
    // weights in memory.
    uint64_t mapInlineWeightsFrom = uint64_t(256) << 20;
};

struct LoadTimings {
    double readSeconds = 0;
    double checkSeconds = 0;
    double importSeconds = 0;
    double inferSeconds = 0;
};

struct LoadResult {
    Model model;
    Diagnostics diagnostics;
    LoadTimings timings;
};

// Throws ModelError for input that cannot be loaded.
LoadResult loadModel(const std::filesystem::path& path, const LoadOptions& options = {});

}  // namespace passscope::io

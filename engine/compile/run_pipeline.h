#pragma once
// runPipeline: the standard run of a graph compile: the user's pins, then GE's stages
// (pipeline_registry.h), with the journal, progress, timing and (PipelineOptions::verifyEach)
// verifier instruments. What the CLI, the GUI and the tests call.
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "compile/pipeline_registry.h"
#include "ir/model.h"
#include "pipeline/instrumentation.h"
#include "pipeline/journal.h"
#include "pipeline/options.h"
#include "pipeline/pass_manager.h"
#include "vars/var_manager.h"

namespace passscope {

struct PipelineHooks {
    // Called after each pass run with (steps done so far, "stage / pass"); may be empty.
    std::function<void(size_t, const std::string&)> progress;
    // Set to stop the run (checked before each pass and between nodes).
    const std::atomic<bool>* cancel = nullptr;
    // The session this compile belongs to (a VarManager loaded with `vars --load`, or one shared by
    // several compiles); null = a fresh session of its own.
    std::shared_ptr<VarManager> varManager;
    // Added after the standard instruments (e.g. to watch each pass run).
    std::vector<std::shared_ptr<PassInstrumentation>> instruments;
};

// Applies the user's pins (--input-shape, --no-fold), then runs the stages on model.graph.
// `journal` (optional) records every step. Throws std::invalid_argument for a pin that names no
// input or node, PipelineError when the graph has a cycle, a pass breaks it (verifyEach) or a
// kernel fails.
PipelineRun runPipeline(Model& model, const PipelineOptions& options, Journal* journal = nullptr,
                        const PipelineHooks& hooks = {});

}  // namespace passscope

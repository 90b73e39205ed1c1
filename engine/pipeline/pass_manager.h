#pragma once
// Runs stages of passes, each stage iterating to a fixed point under an iteration cap, recording
// every pass run in the journal (instrumentation: passes know nothing about it).
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ir/model.h"
#include "pipeline/journal.h"
#include "pipeline/options.h"
#include "pipeline/pass.h"

namespace passscope {

struct Stage {
    std::string name;
    std::vector<std::unique_ptr<Pass>> passes;
};

struct StageReport {
    std::string name;
    int iterations = 0;
    bool hitCap = false;  // still changing when the cap stopped it
};

struct PipelineRun {
    std::vector<StageReport> stages;
    std::vector<std::string> warnings;
    double seconds = 0;
    bool cancelled = false;
};

struct PipelineHooks {
    // Called after each pass run with (steps done so far, description); may be empty.
    std::function<void(size_t, const std::string&)> progress;
    const std::atomic<bool>* cancel = nullptr;
};

// GE's stage order (docs/ge-constant-folding.md §3), built for `options`. The one place
// where the pipeline's composition is written down.
std::vector<Stage> buildPipeline(const PipelineOptions& options);

// Applies the user's pins (--input-shape, --no-fold), then runs the stages on model.graph.
// `journal` (optional) records every step. Throws std::invalid_argument for a pin that names no
// input or node.
PipelineRun runPipeline(Model& model, const PipelineOptions& options, Journal* journal = nullptr,
                        const PipelineHooks& hooks = {});

}  // namespace passscope

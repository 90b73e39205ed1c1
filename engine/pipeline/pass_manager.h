#pragma once
// The pass manager: runs passes on a graph (the model's main graph or an If/Loop/Scan body) with
// the instruments added to it, and stages of passes to a fixed point under an iteration cap.
// What runs is composed above this framework, in engine/compile/ (GE's stages, runPipeline).
#include <atomic>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ir/model.h"
#include "pipeline/instrumentation.h"
#include "pipeline/journal.h"
#include "pipeline/options.h"
#include "pipeline/pass.h"
#include "pipeline/pipeline_error.h"
#include "vars/var_manager.h"

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
    std::vector<std::string> warnings;  // each once, in the order first seen
    double seconds = 0;
    bool cancelled = false;
    // The session's variable manager after the run, and the graph id this compile had in it
    // (VarManager::fusionsOf(graphId) lists this run's fusion decisions).
    std::shared_ptr<VarManager> varManager;
    uint32_t graphId = 0;
};

class PassManager {
  public:
    PassManager(Model& model, const PipelineOptions& options,
                const kernels::KernelRegistry& kernels = kernels::KernelRegistry::builtin());

    const Model& model() const { return model_; }
    const PipelineOptions& options() const { return options_; }

    // Instruments see every pass run of this manager, nested runs included.
    void addInstrumentation(std::shared_ptr<PassInstrumentation> instrument);
    // The one way to stop a run: set the flag (any thread). The manager checks it before every
    // pass run, and node-by-node passes between nodes; the run then ends with cancelled = true.
    void setCancelFlag(const std::atomic<bool>* cancel) { cancel_ = cancel; }
    bool cancelRequested() const { return cancel_ && cancel_->load(); }
    // The session's variable manager and this compile's graph id, handed to every pass run.
    void setVarManager(std::shared_ptr<VarManager> manager, uint32_t graphId) {
        varManager_ = std::move(manager);
        graphId_ = graphId;
    }

    // Wraps a run on `graph` in the instruments' pipeline hooks (journal begin/end, verifier
    // baseline). `body` runs passes with runPass/runStages; exceptions pass through after the
    // instruments were told. Nested runs on a body graph may be made from inside a pass.
    void run(Graph& graph, const std::function<void()>& body);
    // Runs one pass on `graph` with every instrument; returns whether it changed the graph.
    // Warnings the pass gives are added to warnings().
    bool runPass(Pass& pass, Graph& graph, const std::string& stage, int iteration);
    // Runs each stage to a fixed point (PipelineOptions::iterationCap) on `graph`; on the model's
    // main graph, shape inference runs between iterations. Reports land in `out`; stops early
    // when cancelled (out.cancelled).
    void runStages(std::vector<Stage>& stages, Graph& graph, PipelineRun& out);

    // Warnings of every pass run so far, each once.
    const std::vector<std::string>& warnings() const { return warnings_; }
    void warn(const std::string& message);

  private:
    Model& model_;
    const PipelineOptions& options_;
    const kernels::KernelRegistry& kernels_;
    const std::atomic<bool>* cancel_ = nullptr;
    std::shared_ptr<VarManager> varManager_;
    uint32_t graphId_ = 0;
    std::vector<std::shared_ptr<PassInstrumentation>> instruments_;
    std::vector<std::string> warnings_;
    std::set<std::string> seenWarnings_;
};

}  // namespace passscope

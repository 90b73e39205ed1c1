#pragma once
// A pass: a name (GE's), a family, the lowest O-level it runs at, the switch options that
// control it and the statistics it keeps; run() reports whether it changed the graph, and the
// pass manager decides whether to iterate (as ONNX Runtime's graph transformers do). Passes edit
// only through Graph's API and know nothing of timing, journal, progress or verification, which
// the pass manager's instruments add.
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ir/model.h"
#include "kernels/kernel_registry.h"
#include "pipeline/options.h"
#include "pipeline/pass_stats.h"

namespace passscope {

class Pass;
class VarManager;

enum class PassFamily { ConstantFolding, Format, Variable, Cleanup };
std::string_view familyName(PassFamily family);

// Where a pass run happens and for whom: filled by the pass manager (or by a test that runs one
// pass by hand) when the context is made, and read-only to the pass.
struct PassRunScope {
    GraphPath graphPath;    // the body it works on; empty for the main graph
    std::string graphName;  // that body, readable ("If_0/then_branch"); empty for the main graph
    // The session's variable manager (docs/ge-variables.md): the variable passes record trans
    // roads, format changes and fusion decisions there. graphId is this compile's.
    VarManager* varManager = nullptr;
    uint32_t graphId = 0;
    // Runs `passes` on `body` (a subgraph of the graph being worked on) as a nested pass manager,
    // to a fixed point, each pass run a journal step of its own; returns whether the body
    // changed. Empty outside a pass manager.
    std::function<bool(Graph& body, std::vector<std::unique_ptr<Pass>>& passes)> runNested;
};

class PassContext {
  public:
    PassContext(const Model& model, const PipelineOptions& options, const kernels::KernelRegistry& kernels,
                const std::atomic<bool>* cancel = nullptr)
        : PassContext(model, options, kernels, PassRunScope{}, cancel) {}
    PassContext(const Model& model, const PipelineOptions& options, const kernels::KernelRegistry& kernels,
                PassRunScope scope, const std::atomic<bool>* cancel = nullptr)
        : model_(model), options_(options), kernels_(kernels), scope_(std::move(scope)), cancel_(cancel) {}

    const Model& model() const { return model_; }
    const PipelineOptions& options() const { return options_; }
    const kernels::KernelRegistry& kernels() const { return kernels_; }
    int64_t opset(const std::string& domain) const { return model_.opsetVersion(domain); }

    // The graph this pass run works on (a body in a nested run); reasons are recorded under it.
    const GraphPath& graphPath() const { return scope_.graphPath; }
    const std::string& graphName() const { return scope_.graphName; }
    VarManager* varManager() const { return scope_.varManager; }
    uint32_t graphId() const { return scope_.graphId; }
    // Whether this run can run passes on bodies, and doing it (PassRunScope::runNested).
    bool canRunNested() const { return static_cast<bool>(scope_.runNested); }
    bool runNested(Graph& body, std::vector<std::unique_ptr<Pass>>& passes) const {
        return scope_.runNested(body, passes);
    }

    // The counters of this pass run: declared from the pass (each listed at 0 in its report),
    // counted by the pass, read by the journal.
    void declareStatistics(const Pass& pass);
    void count(const StatisticInfo& statistic, uint64_t amount = 1) { stats_.add(statistic, amount); }
    const PassStats& stats() const { return stats_; }
    // Something the user should know that does not stop the run; the pipeline lists each once.
    void warn(std::string message) { warnings_.push_back(std::move(message)); }
    std::vector<std::string> takeWarnings() { return std::move(warnings_); }
    // Whether the user asked to stop. Long passes check it between nodes and return early with
    // the graph consistent; the pass manager stops before the next pass.
    bool cancelRequested() const { return cancel_ && cancel_->load(std::memory_order_relaxed); }
    // Why a node was left alone; the last word of the current pass run counts.
    void notFolded(const Node& n, NotFoldedReason reason, std::string detail);
    void clearNotFolded(NodeId id) { unfolded_.erase(id); }
    std::vector<UnfoldedNode> takeUnfolded();
    // A node name not used yet in `g`, derived from `base`.
    std::string uniqueName(const Graph& g, const std::string& base);
    // A value (output) name not used yet in `g`, derived from `base`; value names are a namespace of
    // their own. Collected once per graph and pass run, so adding many values stays linear.
    std::string uniqueValueName(const Graph& g, const std::string& base);

  private:
    const Model& model_;
    const PipelineOptions& options_;
    const kernels::KernelRegistry& kernels_;
    const PassRunScope scope_;
    const std::atomic<bool>* cancel_;
    PassStats stats_;
    std::vector<std::string> warnings_;
    std::unordered_map<NodeId, UnfoldedNode> unfolded_;
    // Names taken in one graph, and per base name the next suffix to try: a pass that makes many
    // nodes from one base ("Neg/folded" for every unnamed Neg it folds) must not probe _1, _2, ...
    // again for each (issue 28: that made folding a 30,000-node chain quadratic).
    struct TakenNames {
        std::unordered_set<std::string> names;
        std::unordered_map<std::string, int> nextSuffix;
    };
    std::unordered_map<const Graph*, TakenNames> names_;
    std::unordered_map<const Graph*, TakenNames> valueNames_;
};

class Pass {
  public:
    virtual ~Pass() = default;
    virtual std::string name() const = 0;
    virtual PassFamily family() const = 0;
    virtual OptLevel minLevel() const { return OptLevel::O1; }
    // The switch keys that control this pass (e.g. ge.oo.constantFolding): it runs only while
    // every one is on (PipelineOptions::switchOn).
    virtual std::vector<std::string> switchOptions() const { return {}; }
    // The counters this pass keeps, listed (at 0) in every report of its runs.
    virtual std::vector<StatisticInfo> statistics() const { return {}; }
    // Returns true when the graph changed.
    virtual bool run(Graph& graph, PassContext& ctx) = 0;
    // Whether this pass runs under `options` (pass.<Name> first, then O-level and its switches).
    bool enabled(const PipelineOptions& options) const;
};

// GE's BaseNodePass: visits nodes in topological order with a worklist; a change re-queues the
// nodes the pass names (usually the consumers of what it changed). onFinishGraph runs once the
// worklist is empty (PotentialConstTakenEffectPass does its work there). A cancel request stops
// the worklist between two nodes.
class NodePass : public Pass {
  public:
    struct NodeResult {
        bool changed = false;
        std::vector<NodeId> repass;
    };
    bool run(Graph& graph, PassContext& ctx) override;

  protected:
    virtual NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) = 0;
    virtual bool onFinishGraph(Graph& graph, PassContext& ctx) { return false; }
};

// The graph's nodes in topological order; throws PassFailure naming `pass` and the nodes of a
// cycle when there is one (a pass cannot run on a cyclic graph, and must not pretend it did).
std::vector<NodeId> topologicalOrderOrThrow(const Graph& graph, const std::string& pass);

// Consumers (depth-0 data uses) of every output of `node`.
std::vector<NodeId> consumersOf(const Graph& g, NodeId node);

}  // namespace passscope

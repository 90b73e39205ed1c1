#pragma once
// Runs a model's main graph on the host with the engine's own kernels: the reference that
// `verify` compares an optimized model against, and how the conformance suite checks kernels.
// If, Loop and Scan run their bodies with the outer scope's values (exec/control_flow.h); other
// nodes that own subgraphs, ops without a kernel and random ops stop the run with a reason.
// A device-level graph (after format refinement) is read by its meaning: every value is the
// logical tensor in its origin layout, TransData is the identity on it and constants held in a
// device layout are converted back (exec/logical_layout.h), so it computes what the original did.
#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "ir/model.h"
#include "kernels/kernel_registry.h"

namespace passscope {

// The values of one graph's nodes: node id -> its outputs.
using NodeValues = std::unordered_map<NodeId, std::vector<Tensor>>;
// What ran inside If/Loop/Scan bodies: per body (its path from the outermost graph), the values of
// its nodes the last time it ran (a Loop's or Scan's last iteration, the branch an If took). A
// body that did not run has no entry.
using BodyValues = std::map<GraphPath, NodeValues>;

struct EvalFailure {
    NodeId node = kNoNode;
    std::string nodeName;
    std::string opType;
    std::string reason;
};

struct EvalResult {
    std::vector<std::string> outputNames;
    std::vector<Tensor> outputs;  // in graph output order; empty when failure is set
    std::optional<EvalFailure> failure;
};

class Evaluator {
  public:
    explicit Evaluator(const Model& model,
                       const kernels::KernelRegistry& registry = kernels::KernelRegistry::builtin())
        : model_(model), registry_(registry) {}

    // `inputs` by graph input name; an input with a default (overridable initializer) may be left out.
    EvalResult run(const std::map<std::string, Tensor>& inputs, BodyValues* bodies = nullptr) const;

    // One node of `g` (a graph of this model, e.g. the model's graph at some step of a journal):
    // its outputs from the values of its inputs (`valueOf` returns nullptr for a value that has
    // none), or why it cannot be computed. Data and Const nodes give their value (a Data node the
    // one `inputs` names, else its default), NetOutput gives nothing. `run` is this in
    // topological order; numeric/step_evaluator.h calls it for the nodes it cannot reuse.
    // `valueOf` resolves refs of any depth (a body's reads of outer values). An If, Loop or Scan
    // runs its bodies; `bodies`, when given, receives what they computed.
    using ValueLookup = std::function<const Tensor*(const ValueRef&)>;
    std::variant<std::vector<Tensor>, std::string> evaluateNode(const Graph& g, const Node& n,
                                                                const ValueLookup& valueOf,
                                                                const std::map<std::string, Tensor>& inputs,
                                                                BodyValues* bodies = nullptr) const;

    // A node whose outputs are estimated (before computing) to take more than `bytes` stops the
    // run instead of allocating them; 0 (the default) means no limit.
    void setMaxValueBytes(uint64_t bytes) { maxValueBytes_ = bytes; }
    // Polled before each iteration of a Loop or Scan: a set flag stops it with the reason
    // exec::kCancelledReason (the caller, who set the flag, reports a cancellation).
    void setCancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }

  private:
    // One run of `body` with its graph inputs `args`; `outer` resolves the outer values it reads.
    std::variant<std::vector<Tensor>, std::string> runBody(const Graph& body, const std::vector<Tensor>& args,
                                                           const ValueLookup& outer,
                                                           BodyValues* bodies) const;
    std::variant<std::vector<Tensor>, std::string> evaluateControlFlow(const Graph& g, const Node& n,
                                                                       const ValueLookup& valueOf,
                                                                       BodyValues* bodies) const;

    const Model& model_;
    const kernels::KernelRegistry& registry_;
    uint64_t maxValueBytes_ = 0;
    const std::atomic<bool>* cancel_ = nullptr;
};

}  // namespace passscope

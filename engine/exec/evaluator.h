#pragma once
// Runs a model's main graph on the host with the engine's own kernels: the reference that
// `verify` compares an optimized model against, and how the conformance suite checks kernels.
// Nodes that own subgraphs, ops without a kernel and random ops stop the run with a reason.
// A device-level graph (after format refinement) is read by its meaning: every value is the
// logical tensor in its origin layout, TransData is the identity on it and constants held in a
// device layout are converted back (exec/logical_layout.h), so it computes what the original did.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ir/model.h"
#include "kernels/kernel_registry.h"

namespace passscope {

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
    EvalResult run(const std::map<std::string, Tensor>& inputs) const;

    // One node of `g` (a graph of this model, e.g. the model's graph at some step of a journal):
    // its outputs from the values of its inputs (`valueOf` returns nullptr for a value that has
    // none), or why it cannot be computed. Data and Const nodes give their value (a Data node the
    // one `inputs` names, else its default), NetOutput gives nothing. `run` is this in
    // topological order; numeric/step_evaluator.h calls it for the nodes it cannot reuse.
    using ValueLookup = std::function<const Tensor*(const ValueRef&)>;
    std::variant<std::vector<Tensor>, std::string> evaluateNode(
        const Graph& g, const Node& n, const ValueLookup& valueOf,
        const std::map<std::string, Tensor>& inputs) const;

    // A node whose outputs are estimated (before computing) to take more than `bytes` stops the
    // run instead of allocating them; 0 (the default) means no limit.
    void setMaxValueBytes(uint64_t bytes) { maxValueBytes_ = bytes; }

  private:
    const Model& model_;
    const kernels::KernelRegistry& registry_;
    uint64_t maxValueBytes_ = 0;
};

}  // namespace passscope

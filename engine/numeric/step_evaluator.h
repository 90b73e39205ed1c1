#pragma once
// Evaluates the graph at steps of a journal on one set of inputs, reusing what earlier
// evaluations computed (issue 23 item 6). Node ids are stable across a journal, so a node whose
// op, attributes and inputs are those of the evaluation cached for its id (and, for constants and
// TransData, which compute from them, its descriptions), and whose producers still hold the values
// that evaluation read, has the cached outputs: only the nodes a step touched and what lies
// downstream of them are computed again, and a node recomputed to the same values (rewired to an
// equal constant) does not invalidate its consumers. Every value of every evaluation is kept in the
// result (tensors share their bytes with the cache), so two steps can be compared value by value
// (numeric/value_compare.h).
// If, Loop and Scan run their bodies (exec/control_flow.h); the values computed inside each body
// (its last run) are kept by body path. Such a node is reused when its bodies are as they were
// (node by node: ids are stable in a body too) and the outer values they read are the versions
// they read then.
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "exec/evaluator.h"

namespace passscope::numeric {

// All values of one graph evaluated: node id -> its outputs.
struct StepValues {
    NodeValues values;
    BodyValues bodies;  // inside If/Loop/Scan bodies, by body path (exec/evaluator.h)
    std::vector<std::string> outputNames;
    std::vector<Tensor> outputs;  // graph outputs, in order
    std::optional<EvalFailure> failure;
    bool cancelled = false;           // the cancel flag stopped the evaluation: the values are incomplete
    size_t computed = 0, reused = 0;  // nodes computed by a kernel, nodes taken from the cache

    // nullptr when the value was not computed.
    const Tensor* value(const ValueRef& r) const;
    // The values of the graph at `path` (empty: the main graph); null when that body did not run.
    const NodeValues* of(const GraphPath& path) const;
};

class StepEvaluator {
  public:
    // `model` gives the opsets (its graph is not read); `inputs` by graph input name.
    StepEvaluator(const Model& model, std::map<std::string, Tensor> inputs, uint64_t maxValueBytes = 0);

    // Evaluates `g` (the model's graph at some journal position), reusing cached nodes. `cancel`,
    // polled before each node, stops it (the GUI's background jobs); what was computed stays cached.
    StepValues evaluate(const Graph& g, const std::atomic<bool>* cancel = nullptr);

    const std::map<std::string, Tensor>& inputs() const { return inputs_; }

  private:
    struct Cached {
        std::shared_ptr<const Node> node;     // the node as it was evaluated
        std::vector<uint64_t> inputVersions;  // versions of the producers it read
        std::vector<Tensor> outputs;
        uint64_t version = 0;
        // A node owning bodies: the outer values they read, the versions read, what ran inside.
        std::vector<ValueRef> outerReads;
        std::vector<uint64_t> outerVersions;
        BodyValues bodies;
    };
    bool reusable(const Node& n, const Cached& c) const;
    uint64_t versionOf(const ValueRef& r) const;

    Evaluator evaluator_;
    std::map<std::string, Tensor> inputs_;
    std::unordered_map<NodeId, Cached> cache_;
    uint64_t nextVersion_ = 1;
};

}  // namespace passscope::numeric

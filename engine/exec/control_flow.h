#pragma once
// If, Loop and Scan evaluated on the host (issue 36 item 2), as the ONNX operator specification
// defines them: the body runs with the outer scope's values (a body's read of an outer value is a
// ValueRef of depth > 0, docs/architecture.md §3), Loop's loop-carried values and scan outputs,
// Scan's state values, scan inputs (sliced along their axis, forwards or backwards) and scan
// outputs (stacked along theirs). How one body runs is the caller's (exec/evaluator.h): these
// functions only feed bodies and assemble what they return.
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ir/graph.h"

namespace passscope::exec {

using BodyOutcome = std::variant<std::vector<Tensor>, std::string>;
// Runs `body` with these values for its graph inputs (in its input order): its graph outputs, or
// why it cannot.
using BodyRunner = std::function<BodyOutcome(const Graph& body, const std::vector<Tensor>& inputs)>;

struct ControlFlowLimits {
    // A Loop stops with an error after this many iterations (a trip count or condition that never
    // ends it would hang a bisect; ONNX allows an infinite Loop).
    int64_t maxIterations = 10'000'000;
    // A stacked scan output larger than this stops the run (0: no limit), as other outputs do.
    uint64_t maxBytes = 0;
    const std::atomic<bool>* cancel = nullptr;  // polled before each iteration
};

// The reason given when `cancel` stopped an iteration (the caller knows its flag was set).
inline constexpr const char* kCancelledReason = "cancelled";

// Whether `n` is an If, Loop or Scan of the ONNX domain (what evaluateControlFlow computes).
bool isEvaluatedControlFlow(const Node& n);

// The outputs of `n` from the values of its inputs (absent: an omitted optional input), or why not.
BodyOutcome evaluateControlFlow(const Node& n, int64_t opset,
                                const std::vector<std::optional<Tensor>>& inputs, const BodyRunner& run,
                                const ControlFlowLimits& limits);

// Tensor slicing and stacking along an axis, on bytes (strings by value): Scan's slices and
// Loop's and Scan's stacked outputs.
Tensor sliceAlong(const Tensor& t, size_t axis, int64_t index);
// `parts` share dtype and dims; the result has parts.size() at `axis`.
Tensor stackAlong(const std::vector<Tensor>& parts, size_t axis);

}  // namespace passscope::exec

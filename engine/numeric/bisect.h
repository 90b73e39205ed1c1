#pragma once
// Which pass run changed the model's outputs (issue 23): the graph after a pipeline run is
// evaluated at positions of its journal (JournalCursor), bisecting between the original
// (position 0, the reference) and the end, so a run of N steps costs about log2(N) evaluations,
// each reusing the values of the nodes it shares with earlier ones (numeric/step_evaluator.h).
// Bisection finds the first divergent step when divergence persists once it appears (a later pass
// that undoes an earlier change hides it, and then nothing is reported). At that step, the values
// before and after it are compared (numeric/value_compare.h).
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "numeric/value_compare.h"
#include "pipeline/journal.h"

namespace passscope::numeric {

struct BisectOptions {
    double rtol = 1e-3;
    double atol = 1e-5;
    size_t maxValues = 10;  // diverging values listed at the divergent step
    // Polled between and within evaluations (the GUI's background job); set: the bisection stops
    // and the result says `cancelled`.
    const std::atomic<bool>* cancel = nullptr;
    // Called before each evaluation with the position about to be evaluated (progress).
    std::function<void(size_t position)> evaluating;
};

struct OutputDivergence {
    std::string name;
    double maxAbs = 0, maxRel = 0;
    bool equal = true;
    std::string detail;
};

struct Divergence {
    size_t step = 0;  // journal position after the step: 1 is the first pass run
    std::string pass, stage;
    std::string graph;               // the body the pass ran in ("If_0/else_branch"); empty: main graph
    std::vector<std::string> nodes;  // nodes the step added, removed or edited (constants included)
    std::vector<OutputDivergence> outputs;  // every graph output at that step against the original
    ValueComparison values;                 // values before the step against after it
};

struct BisectResult {
    size_t steps = 0;                 // pass runs in the journal
    std::vector<size_t> evaluated;    // positions evaluated, in order
    size_t computed = 0, reused = 0;  // nodes computed / reused over all evaluations
    std::optional<Divergence> first;  // none: the final outputs match the original's
    std::string problem;              // set when a position could not be evaluated
    bool cancelled = false;           // options.cancel stopped it: `first` is not known
};

// `finalGraph` is the graph as the pipeline left it (the journal's end); `evaluator` holds the
// inputs and the model's opsets.
BisectResult bisectJournal(const Journal& journal, const Graph& finalGraph, StepEvaluator& evaluator,
                           const BisectOptions& options);

}  // namespace passscope::numeric

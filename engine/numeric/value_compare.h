#pragma once
// Where two evaluated graphs differ numerically: every value present in both (its producers
// matched as `diff` matches nodes, docs/graph-diff.md §1-§3, then the same output index) whose
// tensors differ beyond a tolerance, in the topological order of the second graph, so the first
// rows are where the difference starts.
#include <string>
#include <vector>

#include "numeric/step_evaluator.h"

namespace passscope::numeric {

struct ValueDivergence {
    std::string value;  // the value's name in the second graph
    std::string node;   // its producer, as diff names it
    std::string op;
    double maxAbs = 0, maxRel = 0;
    std::string detail;  // first mismatch, in words (or a dtype/shape change)
};

struct ValueComparison {
    std::vector<ValueDivergence> diverging;  // the first `limit`, in topological order of `after`
    size_t divergingCount = 0;               // all of them
    size_t compared = 0;                     // values present in both graphs
};

ValueComparison compareValues(const Graph& before, const StepValues& valuesBefore, const Graph& after,
                              const StepValues& valuesAfter, double rtol, double atol, size_t limit);

}  // namespace passscope::numeric

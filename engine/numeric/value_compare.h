#pragma once
// Where two evaluated graphs differ numerically, value by value, in the topological order of the
// second graph, so the first rows are where a difference starts. Two ways to pair the values:
// - compareValues (bisect's divergent step): producers matched as `diff` matches nodes
//   (docs/graph-diff.md §1-§3), then the same output index; only the values that differ are kept.
// - compareWithOriginal (the GUI's numeric overlay): a graph at some journal position against the
//   original (position 0), every value with its distance, paired by node id and output index
//   (ids are stable along a journal, docs/architecture.md §3), else by value name (a constant a
//   pass made in place of a computation often keeps the name of the value it replaces).
// Inside If/Loop/Scan bodies the same pairing holds body by body (a body is the same body in both
// graphs when its path is: owner ids and attributes, ir/graph_path.h), on the values of the body's
// last run (numeric/step_evaluator.h). Every comparison is exec/tensor_compare.h's rule.
#include <string>
#include <vector>

#include "exec/tensor_compare.h"
#include "numeric/step_evaluator.h"

namespace passscope::numeric {

struct ValueDivergence {
    std::string graph;  // the body it is in ("If_0/then_branch"); empty for the main graph
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

// One value of a graph at a step and how far it is from the original's value it stands for.
struct ValueDistance {
    ValueRef value;         // in the step's graph
    ValueRef original;      // in the original graph; invalid when no value there pairs with it
    std::string name;       // the value's name in the step's graph
    bool compared = false;  // both values were computed (false: no partner, or a value is missing)
    TensorComparison comparison;
};

// `body` (a path, empty for none) is compared first: a pass run inside a body starts its
// difference there. Then the main graph.
ValueComparison compareValues(const Graph& before, const StepValues& valuesBefore, const Graph& after,
                              const StepValues& valuesAfter, double rtol, double atol, size_t limit,
                              const GraphPath& body = {});

// Every output of every node of `step` (but NetOutput) against the original, in the topological
// order of `step`. Tolerance as compareValues'.
std::vector<ValueDistance> compareWithOriginal(const Graph& original, const StepValues& originalValues,
                                               const Graph& step, const StepValues& stepValues, double rtol,
                                               double atol);

// The same inside every If/Loop/Scan body of `step` (at any depth), each against the body of the
// same path in `original`: values of a body that did not run (the If branch not taken), or that
// the original lacks, are not compared.
struct BodyDistances {
    GraphPath path;
    std::vector<ValueDistance> rows;
};
std::vector<BodyDistances> compareBodiesWithOriginal(const Graph& original, const StepValues& originalValues,
                                                     const Graph& step, const StepValues& stepValues,
                                                     double rtol, double atol);

}  // namespace passscope::numeric

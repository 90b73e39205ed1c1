#pragma once
// What the GUI knows of the values at one step of a run (docs/bisect.md §6): each output of each
// node of the graph at that position against the original's (engine/numeric/value_compare.h,
// compareWithOriginal), with the statistics of both values for the properties panel. Made on a
// worker (NumericSession) and read on the UI thread: plain numbers and text, no tensors.
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include <QString>

#include "graph/overlay.h"
#include "ir/graph_path.h"
#include "ir/node.h"
#include "text/tensor_stats.h"

namespace passscope::views {

struct ValueNumbers {
    uint32_t output = 0;
    QString name;
    NumericLevel level = NumericLevel::Same;
    bool paired = false;    // the original has a value this one stands for
    bool compared = false;  // both values were computed
    bool equal = true;      // within bisect's tolerance
    double maxAbs = 0, maxRel = 0;
    QString detail;                              // the first mismatch in words (a dtype or shape change)
    std::optional<TensorStats> original, shown;  // min, max, mean of each side (when numeric)
};

// The numbers of one If/Loop/Scan body at the step (its last run, docs/bisect.md §6).
struct BodyNumbers {
    std::unordered_map<NodeId, std::vector<ValueNumbers>> values;  // by node id in the body
    std::shared_ptr<const NumericLevels> levels;
    size_t count = 0, compared = 0, differing = 0;
};

struct StepNumbers {
    size_t position = 0;
    // By producer id in the graph at `position`; each node's outputs in order.
    std::unordered_map<NodeId, std::vector<ValueNumbers>> values;
    std::shared_ptr<const NumericLevels> levels;  // each node's worst level (the overlay's colours)
    size_t count = 0;                             // values of the graph at `position`
    size_t compared = 0, differing = 0;           // values compared, and those beyond tolerance
    // Why some or all values are missing: a node without a kernel (the values before it are
    // compared), inputs that cannot be made.
    QString problem;
    double seconds = 0;
    size_t computed = 0, reused = 0;  // nodes computed by a kernel, taken from earlier evaluations

    // Every body of the graph at `position`, by path (a body that did not run: nothing compared).
    std::map<GraphPath, BodyNumbers> bodies;

    const std::vector<ValueNumbers>* of(NodeId id) const {
        const auto it = values.find(id);
        return it == values.end() ? nullptr : &it->second;
    }
    // The same in the body at `path` (empty: the main graph).
    const std::vector<ValueNumbers>* of(NodeId id, const GraphPath& body) const;
    std::shared_ptr<const NumericLevels> levelsOf(const GraphPath& body) const;
};

// What the properties panel shows of a node's values at the selected step.
struct NumericNote {
    bool computing = false;  // the numbers of this step are under way
    size_t position = 0;
    std::vector<ValueNumbers> outputs;
    QString problem;
};

// The legend's note for a step's numbers ("step 5 against the original, 3 values differ"); short:
// the problem, when there is one, is for the status bar and the properties panel.
// In a body (`body` not empty) the counts are that body's.
QString numericSummary(const StepNumbers& numbers, const GraphPath& body = {});

}  // namespace passscope::views

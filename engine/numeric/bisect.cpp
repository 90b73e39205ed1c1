#include "numeric/bisect.h"

#include <algorithm>

#include "diff/node_identity.h"
#include "exec/tensor_compare.h"
#include "pipeline/step_changes.h"

namespace passscope::numeric {
namespace {

// Each output of `reference` against the output of the same name at a step.
std::vector<OutputDivergence> compareOutputs(const StepValues& reference, const StepValues& at,
                                             const BisectOptions& options) {
    std::vector<OutputDivergence> rows;
    for (size_t i = 0; i < reference.outputNames.size(); ++i) {
        OutputDivergence row;
        row.name = reference.outputNames[i];
        auto it = std::find(at.outputNames.begin(), at.outputNames.end(), row.name);
        if (it == at.outputNames.end()) {
            row.equal = false;
            row.detail = "no longer a graph output";
        } else {
            const TensorComparison c = compareTensors(
                reference.outputs[i], at.outputs[static_cast<size_t>(it - at.outputNames.begin())],
                options.rtol, options.atol);
            row = OutputDivergence{row.name, c.maxAbsDiff, c.maxRelDiff, c.equal, c.detail};
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

bool anyDiffers(const std::vector<OutputDivergence>& rows) {
    return std::any_of(rows.begin(), rows.end(), [](const OutputDivergence& r) { return !r.equal; });
}

// Names of the nodes a step changed: those it added or edited as they are after it, those it
// removed as they were before it.
std::vector<std::string> changedNodes(const JournalStep& step, const ConstantNodes& constants,
                                      const Graph& before, const Graph& after) {
    const StepNodeChanges c = classifyStep(step, constants);
    std::vector<std::string> names;
    auto add = [&](const Graph& g, const std::vector<NodeId>& ids) {
        for (NodeId id : ids)
            if (const Node* n = g.findNode(id)) names.push_back(diff::shownName(*n));
    };
    add(after, c.added);
    add(after, c.edited);
    add(before, c.removed);
    for (NodeId id : c.constants) {
        const Node* n = after.findNode(id);
        if (!n) n = before.findNode(id);
        if (n) names.push_back(diff::shownName(*n));
    }
    return names;
}

}  // namespace

BisectResult bisectJournal(const Journal& journal, const Graph& finalGraph, StepEvaluator& evaluator,
                           const BisectOptions& options) {
    BisectResult result;
    result.steps = journal.steps().size();
    JournalCursor cursor(journal, finalGraph);
    auto evaluateAt = [&](size_t position) -> std::optional<StepValues> {
        if (options.evaluating) options.evaluating(position);
        cursor.moveTo(position);
        result.evaluated.push_back(position);
        StepValues v = evaluator.evaluate(cursor.graph(), options.cancel);
        result.computed += v.computed;
        result.reused += v.reused;
        if (v.cancelled) {
            result.cancelled = true;
            return std::nullopt;
        }
        if (v.failure) {
            result.problem = (position == 0 ? std::string("the original model")
                                            : "the graph after step " + std::to_string(position)) +
                             " cannot be evaluated: node '" + v.failure->nodeName + "' (" +
                             v.failure->opType + "): " + v.failure->reason;
            return std::nullopt;
        }
        return v;
    };
    const std::optional<StepValues> reference = evaluateAt(0);
    if (!reference || result.steps == 0) return result;
    auto diverges = [&](size_t position) -> std::optional<bool> {
        const std::optional<StepValues> v = evaluateAt(position);
        if (!v) return std::nullopt;
        return anyDiffers(compareOutputs(*reference, *v, options));
    };
    const std::optional<bool> atEnd = diverges(result.steps);
    if (!atEnd || !*atEnd) return result;
    size_t good = 0, bad = result.steps;  // outputs match at `good`, differ at `bad`
    while (bad - good > 1) {
        const size_t mid = good + (bad - good) / 2;
        const std::optional<bool> d = diverges(mid);
        if (!d) return result;
        (*d ? bad : good) = mid;
    }
    // The step itself: the graphs before and after it, value by value.
    JournalCursor beforeCursor(journal, finalGraph);
    beforeCursor.moveTo(bad - 1);
    const std::optional<StepValues> afterValues = evaluateAt(bad);
    if (!afterValues) return result;
    StepValues beforeValues = evaluator.evaluate(beforeCursor.graph(), options.cancel);
    result.computed += beforeValues.computed;
    result.reused += beforeValues.reused;
    if (beforeValues.cancelled) {
        result.cancelled = true;
        return result;
    }
    if (beforeValues.failure) {  // evaluated before, as `good` or inside the reference's nodes
        result.problem = "the graph before step " + std::to_string(bad) +
                         " cannot be evaluated: " + beforeValues.failure->reason;
        return result;
    }
    const JournalStep& step = journal.steps()[bad - 1];
    Divergence d;
    d.step = bad;
    d.pass = step.pass;
    d.stage = step.stage;
    d.graph = step.graphName;
    d.nodes = changedNodes(step, ConstantNodes(journal, finalGraph), beforeCursor.graph(), cursor.graph());
    d.outputs = compareOutputs(*reference, *afterValues, options);
    d.values = compareValues(beforeCursor.graph(), beforeValues, cursor.graph(), *afterValues, options.rtol,
                             options.atol, options.maxValues, step.graph);
    result.first = std::move(d);
    return result;
}

}  // namespace passscope::numeric

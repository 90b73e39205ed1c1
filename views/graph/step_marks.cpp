#include "step_marks.h"

namespace passscope::views {

StepMarks marksForPosition(const Journal& journal, size_t position, const ConstantNodes& constants,
                           const GraphPath& graph) {
    StepMarks marks;
    if (position == 0 || position > journal.steps().size()) return marks;
    const JournalStep& step = journal.steps()[position - 1];
    const StepNodeChanges changes = classifyStep(step, constants, graph);
    marks.added.insert(changes.added.begin(), changes.added.end());
    marks.removed.insert(changes.removed.begin(), changes.removed.end());
    marks.edited.insert(changes.edited.begin(), changes.edited.end());
    marks.constants.insert(changes.constants.begin(), changes.constants.end());
    for (const Change& c : step.changes) {
        const auto* removed = std::get_if<change::NodeRemoved>(&c);
        if (!removed || c.graph != graph || !marks.removed.count(removed->snapshot->id())) continue;
        std::vector<NodeId>& producers = marks.removedInputs[removed->snapshot->id()];
        for (const ValueRef& ref : removed->snapshot->inputs())
            if (ref.valid() && ref.depth == 0) producers.push_back(ref.node);
    }
    return marks;
}

}  // namespace passscope::views

#include "step_marks.h"

namespace passscope::views {

StepMarks marksForPosition(const Journal& journal, size_t position) {
    StepMarks marks;
    if (position == 0 || position > journal.steps().size()) return marks;
    const JournalStep& step = journal.steps()[position - 1];
    for (NodeId id : step.addedNodes()) marks.added.insert(id);
    for (NodeId id : step.editedNodes()) marks.edited.insert(id);
    for (const Change& c : step.changes) {
        const auto* removed = std::get_if<change::NodeRemoved>(&c);
        if (!removed) continue;
        const Node& snapshot = *removed->snapshot;
        // A node added and removed within the same step was never visible: no mark.
        if (marks.added.erase(snapshot.id())) continue;
        marks.removed.insert(snapshot.id());
        std::vector<NodeId>& producers = marks.removedInputs[snapshot.id()];
        for (const ValueRef& ref : snapshot.inputs())
            if (ref.valid() && ref.depth == 0) producers.push_back(ref.node);
    }
    return marks;
}

}  // namespace passscope::views

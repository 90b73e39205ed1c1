#include "comparison.h"

namespace passscope::views {

StepMarks marksForSide(const diff::GraphDiff& diff, CompareSide side) {
    StepMarks marks;
    if (side == CompareSide::Left) {
        for (const diff::NodeRef& r : diff.removed) marks.removed.insert(r.id);
        for (const diff::ChangedNode& c : diff.changed) marks.edited.insert(c.a);
    } else {
        for (const diff::NodeRef& r : diff.added) marks.added.insert(r.id);
        for (const diff::ChangedNode& c : diff.changed) marks.edited.insert(c.b);
    }
    return marks;
}

Counterparts::Counterparts(const diff::NodeMatching& matching) {
    aToB_.reserve(matching.matched.size());
    bToA_.reserve(matching.matched.size());
    for (const auto& [a, b] : matching.matched) {
        aToB_.emplace(a, b);
        bToA_.emplace(b, a);
    }
}

NodeId Counterparts::inB(NodeId a) const {
    const auto it = aToB_.find(a);
    return it == aToB_.end() ? kNoNode : it->second;
}

NodeId Counterparts::inA(NodeId b) const {
    const auto it = bToA_.find(b);
    return it == bToA_.end() ? kNoNode : it->second;
}

}  // namespace passscope::views

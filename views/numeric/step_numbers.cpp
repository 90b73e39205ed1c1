#include "numeric/step_numbers.h"

#include <QCoreApplication>

namespace passscope::views {
namespace {
// The context of this file's messages in the translations (a free tr() would file them under
// the namespace, which nothing asks for at run time).
struct NumericOverlay {
    Q_DECLARE_TR_FUNCTIONS(NumericOverlay)
};
}  // namespace

const std::vector<ValueNumbers>* StepNumbers::of(NodeId id, const GraphPath& body) const {
    if (body.empty()) return of(id);
    const auto b = bodies.find(body);
    if (b == bodies.end()) return nullptr;
    const auto it = b->second.values.find(id);
    return it == b->second.values.end() ? nullptr : &it->second;
}

std::shared_ptr<const NumericLevels> StepNumbers::levelsOf(const GraphPath& body) const {
    if (body.empty()) return levels;
    const auto b = bodies.find(body);
    return b == bodies.end() ? nullptr : b->second.levels;
}

QString numericSummary(const StepNumbers& numbers, const GraphPath& body) {
    size_t differing = numbers.differing, compared = numbers.compared, count = numbers.count;
    if (!body.empty()) {
        const auto b = numbers.bodies.find(body);
        differing = b == numbers.bodies.end() ? 0 : b->second.differing;
        compared = b == numbers.bodies.end() ? 0 : b->second.compared;
        count = b == numbers.bodies.end() ? 0 : b->second.count;
        // A body that did not run at this step (the If branch not taken, a Loop of no iteration).
        if (compared == 0 && numbers.problem.isEmpty())
            return NumericOverlay::tr("step %1: this body did not run on these inputs").arg(numbers.position);
    }
    QString text =
        differing
            ? NumericOverlay::tr("step %1 against the original, %n value(s) differ", nullptr,
                                 static_cast<int>(differing))
                  .arg(numbers.position)
            : NumericOverlay::tr("step %1 against the original, no value differs").arg(numbers.position);
    if (numbers.problem.isEmpty()) return text;
    if (compared == 0) return NumericOverlay::tr("step %1 cannot be evaluated").arg(numbers.position);
    return NumericOverlay::tr("%1 (%2 of %3 values evaluated)").arg(text).arg(compared).arg(count);
}

}  // namespace passscope::views

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

QString numericSummary(const StepNumbers& numbers) {
    QString text =
        numbers.differing
            ? NumericOverlay::tr("step %1 against the original, %n value(s) differ", nullptr,
                                 static_cast<int>(numbers.differing))
                  .arg(numbers.position)
            : NumericOverlay::tr("step %1 against the original, no value differs").arg(numbers.position);
    if (numbers.problem.isEmpty()) return text;
    if (numbers.compared == 0) return NumericOverlay::tr("step %1 cannot be evaluated").arg(numbers.position);
    return NumericOverlay::tr("%1 (%2 of %3 values evaluated)")
        .arg(text)
        .arg(numbers.compared)
        .arg(numbers.count);
}

}  // namespace passscope::views

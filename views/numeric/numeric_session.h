#pragma once
// The numeric work of one pipeline run, done on a worker thread (NumericController's jobs): the
// inputs (the files of Pipeline ▸ Numeric Inputs… where given, seeded random as `passscope-cli
// bisect` makes them for the others, docs/bisect.md §1), one
// StepEvaluator whose cache every evaluation of the run shares (a step after the first computes
// only what its passes touched, docs/bisect.md §4), the original's values, and a journal cursor.
// Jobs take turns (a mutex): the evaluator and the cursor are not for two threads at once.
#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "numeric/bisect.h"
#include "numeric/step_evaluator.h"
#include "numeric/step_numbers.h"
#include "runner/pipeline_result.h"

namespace passscope::views {

class NumericSession {
  public:
    // `inputFiles`: a file for each graph input named (the others get seeded random values).
    NumericSession(std::shared_ptr<const PipelineResult> result,
                   std::map<std::string, std::filesystem::path> inputFiles = {});
    ~NumericSession();

    // The values at `position` against the original's; null when `cancel` stopped it. Failures
    // (inputs that cannot be made, a node without a kernel) are the numbers' `problem`; throws
    // only what errorOf turns into a message (out of memory).
    std::shared_ptr<const StepNumbers> measure(size_t position, const std::atomic<bool>& cancel);
    // The first pass run whose graph outputs differ from the original's (numeric/bisect.h);
    // `evaluating` is set to each position before it is evaluated (progress).
    numeric::BisectResult bisect(const std::atomic<bool>& cancel, std::atomic<size_t>& evaluating);

  private:
    void prepare();  // inputs, evaluator and cursors, once
    std::shared_ptr<StepNumbers> numbersAt(size_t position, const numeric::StepValues& values) const;

    std::mutex mutex_;
    std::shared_ptr<const PipelineResult> result_;
    std::map<std::string, std::filesystem::path> inputFiles_;
    numeric::BisectOptions tolerance_;  // bisect's defaults: the overlay marks what bisect counts
    QString inputsProblem_;             // set when the inputs cannot be made: nothing is evaluated
    bool dimsGuessed_ = false;          // a symbolic input dim was set to 1 (not pinned)
    std::unique_ptr<numeric::StepEvaluator> evaluator_;
    std::unique_ptr<JournalCursor> original_, cursor_;
    std::optional<numeric::StepValues> reference_;  // the values at position 0
};

}  // namespace passscope::views

#pragma once
// Numeric debugging in the GUI (docs/bisect.md §6): the numbers of the step shown for the numeric
// overlay and the properties panel, computed in the background, one step at a time (a newer
// request supersedes and cancels an older one), and cached per step; and the bisection that finds
// the first pass run whose outputs differ from the original's. Both run as BackgroundJobs on a
// pool of their own (one thread: evaluations are long and must not hold up loading or layout),
// sharing one NumericSession per pipeline run so that each evaluation reuses what earlier ones
// computed. A new run or model (setResult) stops them and forgets everything.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include <QObject>
#include <QStringList>

#include "numeric/step_numbers.h"
#include "runner/background_job.h"
#include "runner/pipeline_result.h"

class QTimer;

namespace passscope::views {

class NumericSession;

// What a bisection found, in the timeline's and the status bar's terms.
struct BisectFinding {
    std::optional<size_t> first;      // the first divergent pass run's position; none: no run did
    QString pass, stage;              // of that run
    std::map<size_t, bool> verdicts;  // each position evaluated -> its outputs differ from the original's
    QStringList outputs;              // "y: max |diff| inf, max rel. diff inf" of the outputs that differ
    QString problem;                  // the bisection could not finish (a graph cannot be evaluated)
};

class NumericController : public QObject {
    Q_OBJECT
  public:
    explicit NumericController(QObject* parent = nullptr);
    ~NumericController() override;

    // The run whose steps are measured (null: none). Stops every job and forgets the numbers and
    // the bisection of the previous run.
    void setResult(std::shared_ptr<const PipelineResult> result);
    // The files fed to the graph inputs they name (Pipeline ▸ Numeric Inputs…; the others get
    // seeded random values). Stops every job and forgets the numbers and the bisection: they were
    // of other inputs.
    void setInputFiles(std::map<std::string, std::filesystem::path> files);
    bool hasInputFiles() const { return !inputFiles_.empty(); }

    // The numbers of `position`: the cached ones, or null after starting to compute them
    // (numbersReady() follows). Asking for another position before they arrive cancels them.
    std::shared_ptr<const StepNumbers> request(size_t position);
    std::shared_ptr<const StepNumbers> numbersAt(size_t position) const;
    // Stops computing numbers (the overlay was switched off); the cache stays.
    void cancelNumbers();
    bool isComputing() const { return numbersJob_.isBusy(); }
    size_t computingPosition() const { return computing_; }

    // Starts the bisection (bisectFinished() or bisectFailed() follows); a bisection of this run
    // already found is not repeated (bisectFinished() follows at once).
    void findFirstDivergent();
    void cancelBisect();
    bool isBisecting() const { return bisectJob_.isBusy(); }
    const std::optional<BisectFinding>& finding() const { return finding_; }

  signals:
    void numbersReady(size_t position);
    void bisectStarted();
    void bisectProgress(size_t position);  // the position being evaluated
    void bisectFinished();
    void bisectFailed(const QString& message);
    void bisectCancelled();

  private:
    struct BisectOutcome {
        std::optional<BisectFinding> finding;  // none: cancelled, or `error`
        QString error;
    };
    struct NumbersOutcome {
        std::shared_ptr<const StepNumbers> numbers;  // null: cancelled
        QString error;
    };
    void deliverNumbers(size_t position, const NumbersOutcome& outcome);
    void deliverBisect(const BisectOutcome& outcome, bool stopped);
    std::shared_ptr<NumericSession> session();

    std::shared_ptr<const PipelineResult> result_;
    std::map<std::string, std::filesystem::path> inputFiles_;
    std::shared_ptr<NumericSession> session_;  // made on first use, shared with the jobs
    std::map<size_t, std::shared_ptr<const StepNumbers>> cache_;
    size_t computing_ = 0;
    std::optional<BisectFinding> finding_;
    std::shared_ptr<std::atomic<size_t>> bisectAt_;  // written by the bisection, read by the timer
    QTimer* progressTimer_;
    BackgroundJob<NumbersOutcome> numbersJob_;  // last: destroyed first, which stops the jobs
    BackgroundJob<BisectOutcome> bisectJob_;
};

}  // namespace passscope::views

#include "runner/pipeline_runner.h"

#include <mutex>

#include <QElapsedTimer>
#include <QTimer>

#include "compile/run_pipeline.h"

namespace passscope::views {

// What the worker of one run shares with the UI thread besides its cancel flag (the job's). The
// worker only writes the progress fields (under the mutex); the UI thread samples them on a timer.
struct PipelineRunner::RunState {
    std::mutex mutex;
    int steps = 0;
    QString pass;
    int reportedSteps = -1;  // UI thread only: the last value progress() carried
};

PipelineRunner::PipelineRunner(QObject* parent) : QObject(parent), progressTimer_(new QTimer(this)) {
    qRegisterMetaType<std::shared_ptr<const PipelineResult>>();
    progressTimer_->setInterval(kProgressIntervalMs);
    connect(progressTimer_, &QTimer::timeout, this, &PipelineRunner::reportProgress);
}

PipelineRunner::~PipelineRunner() = default;

void PipelineRunner::run(std::shared_ptr<const LoadedModel> source, PipelineOptions options) {
    auto state = std::make_shared<RunState>();
    current_ = state;
    // A run under way is superseded: the job stops it and drops its outcome.
    job_.start(
        [state, source = std::move(source), options = std::move(options)](const std::atomic<bool>& cancel) {
            return runInBackground(cancel, state, source, options);
        },
        [this](const Outcome& outcome, bool stopped) { deliver(outcome, stopped); });
    emit started();
    progressTimer_->start();
}

void PipelineRunner::cancel() {
    job_.stop();
}

// Runs on a pool thread: touches only its own copy of the model and `state`. The pipeline stops
// at the cancel flag, which it checks before every pass and between nodes.
PipelineRunner::Outcome PipelineRunner::runInBackground(const std::atomic<bool>& cancel,
                                                        std::shared_ptr<RunState> state,
                                                        std::shared_ptr<const LoadedModel> source,
                                                        PipelineOptions options) {
    Outcome out;
    QElapsedTimer clock;
    clock.start();
    // Bad pins (std::invalid_argument) and what passes throw become the message.
    out.error = errorOf(
        [&] {
            if (!source || !source->model.graph)
                throw std::invalid_argument(tr("No model to optimise.").toStdString());
            auto result = std::make_shared<PipelineResult>();
            result->source = source;
            result->options = options;
            result->optimized = source->model.clone();  // shares the weights, copies the structure

            PipelineHooks hooks;
            hooks.cancel = &cancel;
            hooks.progress = [&state](size_t steps, const std::string& what) {
                std::lock_guard lock(state->mutex);
                state->steps = static_cast<int>(steps);
                state->pass = QString::fromStdString(what);
            };
            result->run = runPipeline(result->optimized, options, &result->journal, hooks);
            if (result->run.cancelled || cancel) {
                out.cancelled = true;
                return;
            }
            result->series = computeSeries(*result);
            result->wallSeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
            out.result = std::move(result);
        },
        tr("Not enough memory to run the pipeline."), tr("Unknown error while running the pipeline."));
    return out;
}

void PipelineRunner::reportProgress() {
    if (!current_) return;
    RunState& state = *current_;
    int steps = 0;
    QString pass;
    {
        std::lock_guard lock(state.mutex);
        steps = state.steps;
        pass = state.pass;
    }
    if (steps == state.reportedSteps) return;
    state.reportedSteps = steps;
    emit progress(steps, pass);
}

void PipelineRunner::deliver(const Outcome& outcome, bool stopped) {
    progressTimer_->stop();
    // A cancel the user asked for wins even when the worker had already finished: the result
    // is what they said they no longer want.
    const bool wasCancelled = outcome.cancelled || stopped;
    if (!wasCancelled && outcome.result) reportProgress();  // the final count, however fast the run was
    current_.reset();
    if (wasCancelled)
        emit cancelled();
    else if (outcome.result)
        emit finished(outcome.result);
    else
        emit failed(outcome.error.isEmpty() ? tr("The pipeline failed.") : outcome.error);
}

}  // namespace passscope::views

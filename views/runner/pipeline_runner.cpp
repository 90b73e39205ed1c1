#include "runner/pipeline_runner.h"

#include <atomic>
#include <exception>
#include <mutex>
#include <new>

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace passscope::views {

// What the worker of one run shares with the UI thread. The worker only writes the progress
// fields (under the mutex) and reads `cancel`; the UI thread samples the progress on a timer.
struct PipelineRunner::RunState {
    std::atomic<bool> cancel{false};
    std::mutex mutex;
    int steps = 0;
    QString pass;
    int reportedSteps = -1;  // UI thread only: the last value progress() carried
};

struct PipelineRunner::Outcome {
    std::shared_ptr<const PipelineResult> result;
    QString error;
    bool cancelled = false;
};

namespace {

// The worker's own way out once the pipeline has returned cancelled; the pipeline itself is
// stopped by the one cancel flag it checks before every pass and between nodes.
struct RunCancelled {};

}  // namespace

PipelineRunner::PipelineRunner(QObject* parent) : QObject(parent), progressTimer_(new QTimer(this)) {
    qRegisterMetaType<std::shared_ptr<const PipelineResult>>();
    progressTimer_->setInterval(kProgressIntervalMs);
    connect(progressTimer_, &QTimer::timeout, this, &PipelineRunner::reportProgress);
}

// Watchers are children: destroying them detaches from a worker still running, which stops at
// its next pass (cancel) and whose outcome the pool then drops.
PipelineRunner::~PipelineRunner() {
    if (current_) current_->cancel = true;
}

void PipelineRunner::run(std::shared_ptr<const LoadedModel> source, PipelineOptions options) {
    if (current_) current_->cancel = true;  // superseded: stop it, and deliver() drops its outcome
    auto state = std::make_shared<RunState>();
    current_ = state;
    busy_ = true;

    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, state] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        if (state != current_) return;  // superseded by a newer run
        deliver(outcome);
    });
    emit started();
    progressTimer_->start();
    watcher->setFuture(
        QtConcurrent::run(&PipelineRunner::runInBackground, state, std::move(source), std::move(options)));
}

void PipelineRunner::cancel() {
    if (current_) current_->cancel = true;
}

// Runs on a pool thread: touches only its own copy of the model and `state`.
PipelineRunner::Outcome PipelineRunner::runInBackground(std::shared_ptr<RunState> state,
                                                        std::shared_ptr<const LoadedModel> source,
                                                        PipelineOptions options) {
    Outcome out;
    QElapsedTimer clock;
    clock.start();
    try {
        if (!source || !source->model.graph)
            throw std::invalid_argument(tr("No model to optimise.").toStdString());
        auto result = std::make_shared<PipelineResult>();
        result->source = source;
        result->options = options;
        result->optimized = source->model.clone();  // shares the weights, copies the structure

        PipelineHooks hooks;
        hooks.cancel = &state->cancel;
        hooks.progress = [&state](size_t steps, const std::string& what) {
            std::lock_guard lock(state->mutex);
            state->steps = static_cast<int>(steps);
            state->pass = QString::fromStdString(what);
        };
        result->run = runPipeline(result->optimized, options, &result->journal, hooks);
        if (result->run.cancelled || state->cancel) throw RunCancelled{};
        result->series = computeSeries(*result);
        result->wallSeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
        out.result = std::move(result);
    } catch (const RunCancelled&) {
        out.cancelled = true;
    } catch (const std::bad_alloc&) {
        out.error = tr("Not enough memory to run the pipeline.");
    } catch (const std::exception& e) {  // bad pins (std::invalid_argument) and what passes throw
        out.error = QString::fromUtf8(e.what());
    } catch (...) {
        out.error = tr("Unknown error while running the pipeline.");
    }
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

void PipelineRunner::deliver(const Outcome& outcome) {
    progressTimer_->stop();
    // A cancel the user asked for wins even when the worker had already finished: the result
    // is what they said they no longer want.
    const bool wasCancelled = outcome.cancelled || current_->cancel;
    if (!wasCancelled && outcome.result) reportProgress();  // the final count, however fast the run was
    current_.reset();
    busy_ = false;
    if (wasCancelled)
        emit cancelled();
    else if (outcome.result)
        emit finished(outcome.result);
    else
        emit failed(outcome.error.isEmpty() ? tr("The pipeline failed.") : outcome.error);
}

}  // namespace passscope::views

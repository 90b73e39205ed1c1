#pragma once
// Runs the optimisation pipeline off the UI thread (a BackgroundJob) on a copy of a loaded model and
// hands back a shared, read-only PipelineResult. Progress is sampled on the UI thread at a fixed
// rate rather than posted per pass, so a run of thousands of passes never floods the event loop.
// A new run supersedes one still running: the older one is cancelled and its outcome dropped.
#include <memory>

#include <QObject>
#include <QString>

#include "document/loaded_model.h"
#include "pipeline/options.h"
#include "runner/background_job.h"
#include "runner/pipeline_result.h"

class QTimer;

namespace passscope::views {

class PipelineRunner : public QObject {
    Q_OBJECT
  public:
    // How often progress() may be emitted while a run is busy.
    static constexpr int kProgressIntervalMs = 50;

    explicit PipelineRunner(QObject* parent = nullptr);
    ~PipelineRunner() override;

    // Starts a run over a copy of source->model (the source is never modified). started() is
    // emitted before this returns; finished(), failed() or cancelled() follows, once per run
    // that is not superseded.
    void run(std::shared_ptr<const LoadedModel> source, PipelineOptions options);
    // Asks the current run to stop: cancelled() follows instead of finished(), even when the
    // pipeline had already completed on the worker.
    void cancel();
    bool isBusy() const { return job_.isBusy(); }

  signals:
    void started();
    void progress(int stepsDone, const QString& passName);
    void finished(std::shared_ptr<const passscope::views::PipelineResult> result);
    void failed(const QString& message);
    void cancelled();

  private:
    struct RunState;
    struct Outcome {
        std::shared_ptr<const PipelineResult> result;
        QString error;
        bool cancelled = false;
    };
    static Outcome runInBackground(const std::atomic<bool>& cancel, std::shared_ptr<RunState> state,
                                   std::shared_ptr<const LoadedModel> source, PipelineOptions options);
    void reportProgress();
    void deliver(const Outcome& outcome, bool stopped);

    std::shared_ptr<RunState> current_;  // the progress of the current run, shared with its worker
    QTimer* progressTimer_;
    BackgroundJob<Outcome> job_{this};  // last: destroyed first, which stops the run
};

}  // namespace passscope::views

#pragma once
// Loads models off the UI thread (a BackgroundJob). A new load supersedes one still running: the
// older result is dropped when it arrives. Errors of any kind become a message.
#include <memory>

#include <QObject>
#include <QString>

#include "document/loaded_model.h"
#include "runner/background_job.h"
#include "runner/pipeline_result.h"  // its Q_DECLARE_METATYPE must precede the signal's use in moc

namespace passscope::views {

// Reads one model file (or GE dump file) into what the window holds, on the calling thread; throws
// what io::loadModel throws. ModelLoader and the comparison window load through it.
std::shared_ptr<LoadedModel> readModelFile(const QString& path);

class ModelLoader : public QObject {
    Q_OBJECT
  public:
    explicit ModelLoader(QObject* parent = nullptr);
    ~ModelLoader() override;

    // `path`: a model file, or a folder of GE dumps (docs/ge-dumps.md §6).
    void load(const QString& path);
    // Drops the load under way and emits cancelled() now: a dump folder's replay stops before its
    // next stage; a file's parse cannot be interrupted, its result is discarded when it arrives.
    // Nothing happens when no load runs.
    void cancel();
    bool isBusy() const { return job_.isBusy(); }

  signals:
    void started(const QString& path);
    // `replayed`: for a folder of GE dumps, its stages as the steps of a run (else null).
    void loaded(std::shared_ptr<const passscope::views::LoadedModel> model,
                std::shared_ptr<const passscope::views::PipelineResult> replayed);
    void cancelled();
    void failed(const QString& path, const QString& message);

  private:
    struct Outcome {
        std::shared_ptr<const LoadedModel> model;
        std::shared_ptr<const PipelineResult> replayed;  // a dump folder's stages as steps
        QString error;
    };
    static Outcome loadInBackground(const QString& path, const std::atomic<bool>& cancel);

    BackgroundJob<Outcome> job_{this};
};

}  // namespace passscope::views

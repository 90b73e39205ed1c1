#include "model_loader.h"

#include <exception>
#include <new>

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include "report/model_info.h"
#include "runner/pipeline_result.h"

namespace passscope::views {
namespace {

struct Outcome {
    std::shared_ptr<const LoadedModel> model;
    std::shared_ptr<const PipelineResult> replayed;  // a dump folder's stages as steps
    QString error;
};

// A folder of GE dumps: its stages replayed into a journal (docs/ge-dumps.md §6). Returns the first
// stage; `replayed` receives the ready "run" whose steps are the later stages.
std::shared_ptr<LoadedModel> loadDumpTimeline(const QString& path,
                                              std::shared_ptr<const PipelineResult>& replayed) {
    QElapsedTimer clock;
    clock.start();
    const dump::GeDumpSet set =
        dump::listGeDumpStages({std::filesystem::path(QFile::encodeName(path).toStdString())});
    auto result = std::make_shared<PipelineResult>();
    dump::StageTimeline timeline = dump::replayStages(set, result->optimized, result->journal);
    auto loaded = std::make_shared<LoadedModel>();
    loaded->summary = summarize(timeline.first);
    loaded->model = std::move(timeline.first);
    loaded->diagnostics = std::move(timeline.diagnostics);
    loaded->stages = std::move(timeline.stages);
    loaded->preview = DiagramModel::fromGraph(*loaded->model.graph);
    result->source = loaded;
    result->series = computeSeries(*result);
    replayed = std::move(result);
    loaded->path = QFileInfo(path).absoluteFilePath();
    loaded->wallSeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    return loaded;
}

}  // namespace

std::shared_ptr<LoadedModel> readModelFile(const QString& path) {
    QElapsedTimer clock;
    clock.start();
    io::LoadResult result = io::loadModel(std::filesystem::path(QFile::encodeName(path).toStdString()));
    auto loaded = std::make_shared<LoadedModel>();
    loaded->path = QFileInfo(path).absoluteFilePath();
    loaded->summary = summarize(result.model);
    loaded->model = std::move(result.model);
    loaded->preview = DiagramModel::fromGraph(*loaded->model.graph);
    loaded->diagnostics = std::move(result.diagnostics);
    loaded->timings = result.timings;
    loaded->wallSeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    return loaded;
}

namespace {

// Runs on a pool thread: nothing here touches a widget.
Outcome loadInBackground(const QString& path) {
    Outcome out;
    try {
        out.model = QFileInfo(path).isDir() ? loadDumpTimeline(path, out.replayed) : readModelFile(path);
    } catch (const std::bad_alloc&) {
        out.error = ModelLoader::tr("Not enough memory to load %1.").arg(path);
    } catch (const std::exception& e) {  // ModelError and anything the libraries throw
        out.error = QString::fromUtf8(e.what());
    } catch (...) {
        out.error = ModelLoader::tr("Unknown error while loading %1.").arg(path);
    }
    if (!out.model && out.error.isEmpty()) out.error = ModelLoader::tr("Could not load %1.").arg(path);
    return out;
}

}  // namespace

ModelLoader::ModelLoader(QObject* parent) : QObject(parent) {}

// Watchers are children: destroying them detaches from futures still running, whose results are
// then dropped by the pool.
ModelLoader::~ModelLoader() = default;

void ModelLoader::load(const QString& path) {
    const quint64 generation = ++generation_;
    busy_ = true;
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, path] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        if (generation != generation_) return;  // superseded by a newer load
        busy_ = false;
        if (outcome.model)
            emit loaded(outcome.model, outcome.replayed);
        else
            emit failed(path, outcome.error);
    });
    emit started(path);
    watcher->setFuture(QtConcurrent::run(loadInBackground, path));
}

void ModelLoader::cancel() {
    if (!busy_) return;
    ++generation_;  // the running load's result will not match any more
    busy_ = false;
    emit cancelled();
}

}  // namespace passscope::views

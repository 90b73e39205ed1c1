#include "document/model_loader.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include "report/model_info.h"
#include "runner/pipeline_result.h"

namespace passscope::views {
namespace {

// A folder of GE dumps: its stages replayed into a journal (docs/ge-dumps.md §6). Returns the first
// stage; `replayed` receives the ready "run" whose steps are the later stages. Null when `cancel`
// stopped the replay.
std::shared_ptr<LoadedModel> loadDumpTimeline(const QString& path,
                                              std::shared_ptr<const PipelineResult>& replayed,
                                              const std::atomic<bool>& cancel) {
    QElapsedTimer clock;
    clock.start();
    const dump::GeDumpSet set =
        dump::listGeDumpStages({std::filesystem::path(QFile::encodeName(path).toStdString())});
    auto result = std::make_shared<PipelineResult>();
    dump::StageTimeline timeline = dump::replayStages(set, result->optimized, result->journal, &cancel);
    if (timeline.cancelled) return nullptr;
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

// Runs on a pool thread: nothing here touches a widget.
ModelLoader::Outcome ModelLoader::loadInBackground(const QString& path, const std::atomic<bool>& cancel) {
    Outcome out;
    out.error = errorOf(
        [&] {
            out.model =
                QFileInfo(path).isDir() ? loadDumpTimeline(path, out.replayed, cancel) : readModelFile(path);
        },
        tr("Not enough memory to load %1.").arg(path), tr("Unknown error while loading %1.").arg(path));
    if (!out.model && out.error.isEmpty()) out.error = tr("Could not load %1.").arg(path);
    return out;
}

ModelLoader::ModelLoader(QObject* parent) : QObject(parent) {}

ModelLoader::~ModelLoader() = default;

void ModelLoader::load(const QString& path) {
    job_.start([path](const std::atomic<bool>& cancel) { return loadInBackground(path, cancel); },
               [this, path](const Outcome& outcome, bool) {
                   if (outcome.model)
                       emit loaded(outcome.model, outcome.replayed);
                   else
                       emit failed(path, outcome.error);
               });
    emit started(path);
}

void ModelLoader::cancel() {
    if (job_.abandon()) emit cancelled();  // the running load's result will not be delivered
}

}  // namespace passscope::views

#include "compare_loader.h"

#include <exception>
#include <new>

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace passscope::views {
namespace {

struct Outcome {
    std::shared_ptr<const Comparison> comparison;
    QString error;
};

double secondsOf(const QElapsedTimer& clock) {
    return static_cast<double>(clock.nsecsElapsed()) / 1e9;
}

// Runs on a pool thread: nothing here touches a widget. Throws what io::loadModel throws.
std::shared_ptr<LoadedModel> loadOne(const QString& path) {
    QElapsedTimer clock;
    clock.start();
    const QByteArray encoded = QFile::encodeName(path);
    io::LoadResult result = io::loadModel(std::filesystem::path(encoded.toStdString()));
    auto loaded = std::make_shared<LoadedModel>();
    loaded->path = QFileInfo(path).absoluteFilePath();
    loaded->model = std::move(result.model);
    loaded->preview = DiagramModel::fromGraph(*loaded->model.graph);
    loaded->diagnostics = std::move(result.diagnostics);
    loaded->timings = result.timings;
    loaded->wallSeconds = secondsOf(clock);
    return loaded;
}

// The error of one file, prefixed with its name unless the message already names it.
QString fileError(const QString& path, const QString& message) {
    const QString name = QFileInfo(path).fileName();
    return message.contains(name) ? message : QStringLiteral("%1: %2").arg(name, message);
}

Outcome compareInBackground(const QString& pathA, const QString& pathB) {
    Outcome out;
    auto comparison = std::make_shared<Comparison>();
    QString current = pathA;
    try {
        QElapsedTimer clock;
        clock.start();
        comparison->a = loadOne(pathA);
        current = pathB;
        comparison->b = loadOne(pathB);
        comparison->loadSeconds = secondsOf(clock);
        current.clear();
        clock.restart();
        const Graph& a = *comparison->a->model.graph;
        const Graph& b = *comparison->b->model.graph;
        comparison->matching = diff::matchNodes(a, b);
        comparison->diff = diff::diffGraphs(a, b, comparison->matching);
        comparison->diffSeconds = secondsOf(clock);
        out.comparison = std::move(comparison);
    } catch (const std::bad_alloc&) {
        out.error = CompareLoader::tr("Not enough memory to compare %1 and %2.").arg(pathA, pathB);
    } catch (const std::exception& e) {  // ModelError and anything the libraries throw
        out.error = current.isEmpty()
                        ? CompareLoader::tr("Could not diff the models: %1").arg(QString::fromUtf8(e.what()))
                        : fileError(current, QString::fromUtf8(e.what()));
    } catch (...) {
        out.error = CompareLoader::tr("Unknown error while comparing %1 and %2.").arg(pathA, pathB);
    }
    return out;
}

}  // namespace

CompareLoader::CompareLoader(QObject* parent) : QObject(parent) {}

// Watchers are children: destroying them detaches from futures still running, whose results are
// then dropped by the pool.
CompareLoader::~CompareLoader() = default;

void CompareLoader::compare(const QString& pathA, const QString& pathB) {
    const quint64 generation = ++generation_;
    busy_ = true;
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        if (generation != generation_) return;  // superseded by a newer comparison
        busy_ = false;
        if (outcome.comparison)
            emit ready(outcome.comparison);
        else
            emit failed(outcome.error);
    });
    emit started(pathA, pathB);
    watcher->setFuture(QtConcurrent::run(compareInBackground, pathA, pathB));
}

}  // namespace passscope::views

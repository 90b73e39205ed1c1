#include "compare_loader.h"

#include <exception>
#include <future>
#include <new>
#include <system_error>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include "model_loader.h"

namespace passscope::views {
namespace {

struct Outcome {
    std::shared_ptr<const Comparison> comparison;
    QString error;
};

double secondsOf(const QElapsedTimer& clock) {
    return static_cast<double>(clock.nsecsElapsed()) / 1e9;
}

struct Loaded {
    std::shared_ptr<const LoadedModel> model;
    QString error;  // names the file
};

// The error of one file, prefixed with its name unless the message already names it.
QString fileError(const QString& path, const QString& message) {
    const QString name = QFileInfo(path).fileName();
    return message.contains(name) ? message : QStringLiteral("%1: %2").arg(name, message);
}

// Runs off the UI thread: nothing here touches a widget. Errors of any kind become a message.
Loaded loadOne(const QString& path) {
    Loaded out;
    try {
        out.model = readModelFile(path);
    } catch (const std::bad_alloc&) {
        out.error = CompareLoader::tr("Not enough memory to load %1.").arg(path);
    } catch (const std::exception& e) {  // ModelError and anything the libraries throw
        out.error = fileError(path, QString::fromUtf8(e.what()));
    } catch (...) {
        out.error = CompareLoader::tr("Unknown error while loading %1.").arg(path);
    }
    return out;
}

// Both files load at once (a large model spends most of its load parsing protobuf on one core),
// then the diff runs.
Outcome compareInBackground(const QString& pathA, const QString& pathB) {
    Outcome out;
    QElapsedTimer clock;
    clock.start();
    std::future<Loaded> loadingB;
    try {
        loadingB = std::async(std::launch::async, loadOne, pathB);
    } catch (const std::system_error&) {  // no thread to be had: one after the other
    }
    const Loaded a = loadOne(pathA);
    const Loaded b = loadingB.valid() ? loadingB.get() : loadOne(pathB);
    if (!a.model || !b.model) {
        out.error = !a.model ? a.error : b.error;
        return out;
    }
    auto comparison = std::make_shared<Comparison>();
    comparison->a = a.model;
    comparison->b = b.model;
    comparison->loadSeconds = secondsOf(clock);
    try {
        clock.restart();
        const Graph& graphA = *comparison->a->model.graph;
        const Graph& graphB = *comparison->b->model.graph;
        comparison->matching = diff::matchNodes(graphA, graphB);
        comparison->diff = diff::diffGraphs(graphA, graphB, comparison->matching);
        comparison->diffSeconds = secondsOf(clock);
        out.comparison = std::move(comparison);
    } catch (const std::bad_alloc&) {
        out.error = CompareLoader::tr("Not enough memory to compare %1 and %2.").arg(pathA, pathB);
    } catch (const std::exception& e) {
        out.error = CompareLoader::tr("Could not diff the models: %1").arg(QString::fromUtf8(e.what()));
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

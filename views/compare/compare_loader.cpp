#include "compare_loader.h"

#include <future>
#include <system_error>

#include <QElapsedTimer>
#include <QFileInfo>

#include "document/model_loader.h"

namespace passscope::views {
namespace {

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
    out.error = errorOf([&] { out.model = readModelFile(path); },
                        CompareLoader::tr("Not enough memory to load %1.").arg(path),
                        CompareLoader::tr("Unknown error while loading %1.").arg(path),
                        [&](const QString& what) { return fileError(path, what); });
    return out;
}

}  // namespace

CompareLoader::CompareLoader(QObject* parent) : QObject(parent) {}

CompareLoader::~CompareLoader() = default;

// Both files load at once (a large model spends most of its load parsing protobuf on one core),
// then the diff runs.
CompareLoader::Outcome CompareLoader::compareInBackground(const QString& pathA, const QString& pathB) {
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
    out.error = errorOf(
        [&] {
            clock.restart();
            const Graph& graphA = *comparison->a->model.graph;
            const Graph& graphB = *comparison->b->model.graph;
            comparison->diff = diff::diffGraphs(graphA, graphB, comparison->options, &comparison->matching);
            comparison->diffSeconds = secondsOf(clock);
            out.comparison = std::move(comparison);
        },
        tr("Not enough memory to compare %1 and %2.").arg(pathA, pathB),
        tr("Unknown error while comparing %1 and %2.").arg(pathA, pathB),
        [](const QString& what) { return tr("Could not diff the models: %1").arg(what); });
    return out;
}

void CompareLoader::compare(const QString& pathA, const QString& pathB) {
    job_.start([pathA, pathB](const std::atomic<bool>&) { return compareInBackground(pathA, pathB); },
               [this](const Outcome& outcome, bool) {
                   if (outcome.comparison)
                       emit ready(outcome.comparison);
                   else
                       emit failed(outcome.error);
               });
    emit started(pathA, pathB);
}

}  // namespace passscope::views

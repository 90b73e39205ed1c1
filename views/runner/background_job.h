#pragma once
// The one way the views run long work off the UI thread (docs/architecture.md §6.1): loading a
// model or a dump folder (ModelLoader), loading and diffing two models (CompareLoader), running
// the pipeline (PipelineRunner), preparing a run's steps (StepController), laying out a diagram
// (LayoutWorker), evaluating steps numerically (NumericController). A job runs on Qt's pool
// (QtConcurrent::run), or on a pool of its own kind's (a layout waits for Graphviz's lock and
// numeric evaluations hold their thread for long: neither must starve loading), and hands its
// outcome back on the owner's thread through a QFutureWatcher. A newer job supersedes the one
// under way: that one's cancel flag is set and its outcome is dropped when it arrives (a
// generation counter), or handed to a `superseded` callback that wants it (a layout still fills
// the cache). What the work throws must not reach the owner's thread: the work turns it into a
// message with errorOf. A job may use threads of its own inside its work (CompareLoader reads its
// two files at once); it is still one job, cancelled and delivered as one.
#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <new>
#include <utility>

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

namespace passscope::views {

// Runs `body`; returns "" when it returns, or what went wrong as a message: `outOfMemory` for
// std::bad_alloc, `describe(what())` for any other std::exception (ModelError, PipelineError,
// anything the libraries throw), `unknown` for anything else. Safe on any thread.
template <class Body, class Describe>
QString errorOf(Body&& body, const QString& outOfMemory, const QString& unknown, Describe describe) {
    try {
        body();
    } catch (const std::bad_alloc&) {
        return outOfMemory;
    } catch (const std::exception& e) {
        return describe(QString::fromUtf8(e.what()));
    } catch (...) {
        return unknown;
    }
    return {};
}

template <class Body>
QString errorOf(Body&& body, const QString& outOfMemory, const QString& unknown) {
    return errorOf(std::forward<Body>(body), outOfMemory, unknown, [](const QString& what) { return what; });
}

// One kind of background job of one owner, at most one under way. `Outcome` is what the work
// returns (copied to the owner's thread).
template <class Outcome>
class BackgroundJob {
  public:
    // The flag the work polls (and passes to the engine: runPipeline, replayStages).
    using CancelFlag = std::atomic<bool>;

    // Watchers are children of `owner`: destroying the owner detaches them from work still
    // running, whose outcome the pool then drops; the destructor sets its cancel flag. `pool`:
    // where the work runs (null: Qt's global pool).
    explicit BackgroundJob(QObject* owner, QThreadPool* pool = nullptr) : owner_(owner), pool_(pool) {}
    ~BackgroundJob() { stop(); }
    BackgroundJob(const BackgroundJob&) = delete;
    BackgroundJob& operator=(const BackgroundJob&) = delete;

    // Starts `work(const CancelFlag&) -> Outcome` on a pool thread; `done(Outcome, bool stopped)`
    // runs on the owner's thread when it finishes, unless a later start() or abandon() came
    // first. `stopped`: stop() was called for this job (the outcome may be complete anyway).
    template <class Work, class Done>
    void start(Work work, Done done) {
        start(std::move(work), std::move(done), [](const Outcome&) {});
    }
    // As above; `superseded(Outcome)` runs on the owner's thread with the outcome of this job if a
    // later start() or abandon() came first (instead of dropping it).
    template <class Work, class Done, class Superseded>
    void start(Work work, Done done, Superseded superseded) {
        stop();  // the job under way is superseded: stop it, and its outcome is dropped below
        const quint64 generation = ++generation_;
        auto cancel = std::make_shared<CancelFlag>(false);
        cancel_ = cancel;
        busy_ = true;
        auto* watcher = new QFutureWatcher<Outcome>(owner_);
        QObject::connect(
            watcher, &QFutureWatcherBase::finished, owner_,
            [this, watcher, generation, cancel, done = std::move(done), superseded = std::move(superseded)] {
                const Outcome outcome = watcher->result();
                watcher->deleteLater();
                if (generation != generation_) {  // superseded or abandoned
                    superseded(outcome);
                    return;
                }
                busy_ = false;
                cancel_.reset();
                done(outcome, cancel->load());
            });
        auto run = [cancel, work = std::move(work)] { return work(*cancel); };
        watcher->setFuture(pool_ ? QtConcurrent::run(pool_, std::move(run))
                                 : QtConcurrent::run(std::move(run)));
    }

    // Asks the job under way to stop; its outcome is still delivered (with stopped = true).
    void stop() {
        if (cancel_) *cancel_ = true;
    }
    // Stops the job under way and drops its outcome now. Returns whether a job was under way.
    bool abandon() {
        if (!busy_) return false;
        stop();
        ++generation_;
        cancel_.reset();
        busy_ = false;
        return true;
    }
    bool isBusy() const { return busy_; }

  private:
    QObject* owner_;
    QThreadPool* pool_;
    quint64 generation_ = 0;
    bool busy_ = false;
    std::shared_ptr<CancelFlag> cancel_;  // the flag of the job under way
};

}  // namespace passscope::views

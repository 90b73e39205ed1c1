// Waiting for background jobs instead of waiting a fixed time. The model loader, the pipeline
// runner and the layout worker each start a job with a QFutureWatcher child that hands the
// job's outcome back on the UI thread and then deletes itself (deleteLater). Once an object has
// no watcher children left and the posted events are processed, none of its jobs can still emit
// anything: a test may then assert that a signal was NOT emitted.
#pragma once

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEvent>
#include <QFutureWatcherBase>
#include <QObject>

namespace passscope::test {

// True once every job `owner` started has delivered its outcome (or false after `timeoutMs`).
inline bool allJobsDelivered(QObject& owner, int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        if (owner.findChildren<QFutureWatcherBase*>().isEmpty()) break;
        if (deadline.hasExpired()) return false;
    }
    // Outcomes queued by the last handlers (queued connections, cache hits) arrive now.
    QCoreApplication::processEvents();
    return true;
}

}  // namespace passscope::test

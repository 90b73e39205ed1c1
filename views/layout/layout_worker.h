#pragma once
// Runs layouts off the UI thread for the graph view, as a BackgroundJob on a one-thread pool of
// its own: one request at a time matters, the newest; older ones still queued skip Graphviz, one
// already running only fills the cache, and finished layouts go into a LayoutCache.
#include <memory>

#include <QMetaType>
#include <QObject>

#include "layout/layout_cache.h"
#include "layout/layout_types.h"
#include "runner/background_job.h"

namespace passscope::views {

class LayoutWorker : public QObject {
    Q_OBJECT
  public:
    // `cache` may be null (no caching); it is not owned and must outlive the worker. It is only
    // touched on the worker's thread, so a cache may be shared by several workers.
    explicit LayoutWorker(LayoutCache* cache = nullptr, QObject* parent = nullptr);
    ~LayoutWorker() override;

    // Starts laying out `request` and returns its ticket (> 0, increasing). Supersedes any
    // earlier request: only this ticket's `finished` will be emitted. A cache hit is emitted
    // too, but never from inside this call (always through the event loop).
    int request(LayoutRequest request);
    // Drops the pending request: its result is not emitted. A Graphviz run already under way
    // cannot be interrupted; it finishes in the background and only fills the cache.
    void cancel();
    // True from request() until its `finished` is emitted or it is cancelled or superseded.
    bool busy() const { return m_job.isBusy() || m_hitTicket != 0; }

    // Synchronous layout through the same cache, for the headless CLI renderer. Never null.
    static std::shared_ptr<const LayoutResult> layoutNow(const LayoutRequest& request, LayoutCache* cache);

  signals:
    // On the worker's thread. `result->ok` is false when Graphviz failed (see `result->error`).
    void finished(int ticket, std::shared_ptr<const passscope::views::LayoutResult> result);

  private:
    void keep(const QString& cacheKey, const std::shared_ptr<const LayoutResult>& result);

    LayoutCache* m_cache;
    int m_lastTicket = 0;
    int m_hitTicket = 0;  // a cache hit on its way through the event loop (0 = none)
    // Null when a superseded job was still queued (it skipped Graphviz).
    BackgroundJob<std::shared_ptr<const LayoutResult>> m_job;
};

}  // namespace passscope::views

Q_DECLARE_METATYPE(std::shared_ptr<const passscope::views::LayoutResult>)

#include "layout/layout_worker.h"

#include <utility>

#include <QThreadPool>

#include "layout/graphviz_layout.h"

namespace passscope::views {
namespace {

using ResultPtr = std::shared_ptr<const LayoutResult>;

// Layouts run one at a time anyway (Graphviz's lock), so they get their own single thread:
// in the global pool, queued layouts would sit on its threads waiting for the lock and starve
// model loading and the pipeline runner. Destroyed at exit, after waiting for a running layout,
// like Qt's own global pool.
struct LayoutPool : QThreadPool {
    LayoutPool() {
        setMaxThreadCount(1);
        // dot recurses about once per node along a chain (a 10,000-node chain needs between
        // 256 KB and 1 MB); do not depend on the platform's default thread stack.
        setStackSize(16u << 20);
        setObjectName(QStringLiteral("passscope-layout"));
    }
};
Q_GLOBAL_STATIC(LayoutPool, theLayoutPool)

QThreadPool* layoutPool() {
    return theLayoutPool();
}

}  // namespace

LayoutWorker::LayoutWorker(LayoutCache* cache, QObject* parent)
    : QObject(parent), m_cache(cache), m_job(this, layoutPool()) {
    // By name too, for queued connections made with SIGNAL()/SLOT() and for QSignalSpy.
    qRegisterMetaType<ResultPtr>("std::shared_ptr<const passscope::views::LayoutResult>");
}

// Jobs still queued skip Graphviz (their cancel flag is set); a running one finishes on its own
// (it holds only copies) and its outcome is dropped with the job's watcher.
LayoutWorker::~LayoutWorker() = default;

int LayoutWorker::request(LayoutRequest request) {
    const int ticket = ++m_lastTicket;
    m_hitTicket = 0;
    m_job.abandon();  // superseded: still queued, it skips Graphviz; running, it only fills the cache

    const QString key = LayoutCache::keyFor(request);
    if (m_cache && !key.isEmpty()) {
        if (ResultPtr hit = m_cache->find(key)) {
            // Queued so the caller has its ticket before `finished` arrives.
            m_hitTicket = ticket;
            QMetaObject::invokeMethod(
                this,
                [this, ticket, hit] {
                    if (ticket != m_hitTicket) return;  // superseded or cancelled meanwhile
                    m_hitTicket = 0;
                    emit finished(ticket, hit);
                },
                Qt::QueuedConnection);
            return ticket;
        }
    }

    m_job.start(
        [request = std::move(request)](const std::atomic<bool>& cancel) -> ResultPtr {
            if (cancel) return nullptr;  // superseded or cancelled while queued
            LayoutResult result;
            const QString error =
                errorOf([&] { result = layoutGraph(request); }, tr("Not enough memory for the layout."),
                        tr("Unknown error in the layout."));
            if (!error.isEmpty()) {
                result = LayoutResult{};
                result.error = error;
            }
            return std::make_shared<const LayoutResult>(std::move(result));
        },
        [this, ticket, key](const ResultPtr& result, bool) {
            keep(key, result);
            if (result) emit finished(ticket, result);
        },
        // A superseded layout is still worth keeping: the user often steps back to it.
        [this, key](const ResultPtr& result) { keep(key, result); });
    return ticket;
}

void LayoutWorker::cancel() {
    m_hitTicket = 0;
    m_job.abandon();
}

void LayoutWorker::keep(const QString& cacheKey, const ResultPtr& result) {
    if (m_cache && !cacheKey.isEmpty() && result && result->ok) m_cache->insert(cacheKey, result);
}

std::shared_ptr<const LayoutResult> LayoutWorker::layoutNow(const LayoutRequest& request,
                                                            LayoutCache* cache) {
    const QString key = LayoutCache::keyFor(request);
    if (cache && !key.isEmpty()) {
        if (ResultPtr hit = cache->find(key)) return hit;
    }
    auto result = std::make_shared<const LayoutResult>(layoutGraph(request));
    if (cache && result->ok) cache->insert(key, result);
    return result;
}

}  // namespace passscope::views

#include "layout/layout_worker.h"

#include <utility>

#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

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

LayoutWorker::LayoutWorker(LayoutCache* cache, QObject* parent) : QObject(parent), m_cache(cache) {
    // By name too, for queued connections made with SIGNAL()/SLOT() and for QSignalSpy.
    qRegisterMetaType<ResultPtr>("std::shared_ptr<const passscope::views::LayoutResult>");
}

LayoutWorker::~LayoutWorker() {
    // Jobs still queued skip Graphviz; a running one finishes on its own (it holds only copies).
    m_wanted->store(0);
}

int LayoutWorker::request(LayoutRequest request) {
    const int ticket = ++m_lastTicket;
    m_pendingTicket = ticket;
    m_wanted->store(ticket);

    const QString key = LayoutCache::keyFor(request);
    if (m_cache && !key.isEmpty()) {
        if (ResultPtr hit = m_cache->find(key)) {
            // Queued so the caller has its ticket before `finished` arrives.
            QMetaObject::invokeMethod(
                this, [this, ticket, hit] { deliver(ticket, QString(), hit); }, Qt::QueuedConnection);
            return ticket;
        }
    }

    auto job = [request = std::move(request), wanted = m_wanted, ticket]() -> ResultPtr {
        if (wanted->load() != ticket) return nullptr;  // superseded or cancelled while queued
        return std::make_shared<const LayoutResult>(layoutGraph(request));
    };
    // The watcher is a child: if the worker goes first, the result is simply never delivered.
    auto* watcher = new QFutureWatcher<ResultPtr>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, ticket, key] {
        ResultPtr result = watcher->future().resultCount() > 0 ? watcher->result() : nullptr;
        watcher->deleteLater();
        deliver(ticket, key, std::move(result));
    });
    watcher->setFuture(QtConcurrent::run(layoutPool(), std::move(job)));
    return ticket;
}

void LayoutWorker::cancel() {
    m_pendingTicket = 0;
    m_wanted->store(0);
}

void LayoutWorker::deliver(int ticket, const QString& cacheKey, ResultPtr result) {
    if (!result) return;
    // A superseded layout is still worth keeping: the user often steps back to it.
    if (m_cache && !cacheKey.isEmpty() && result->ok) m_cache->insert(cacheKey, result);
    if (ticket != m_pendingTicket) return;
    m_pendingTicket = 0;
    emit finished(ticket, std::move(result));
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

#include "layout/layout_cache.h"

#include <utility>

namespace passscope::views {

LayoutCache::LayoutCache(std::size_t maxEntries, std::size_t maxBytes)
    : m_maxEntries(maxEntries > 0 ? maxEntries : 1), m_maxBytes(maxBytes) {}

QString LayoutCache::keyFor(const LayoutRequest& request) {
    if (request.cacheKey.isEmpty()) return {};
    // The same graph drawn left to right is a different layout.
    return request.cacheKey + (request.leftToRight ? QStringLiteral("|LR") : QStringLiteral("|TB"));
}

std::shared_ptr<const LayoutResult> LayoutCache::find(const QString& key) {
    std::lock_guard lock(m_mutex);
    const auto it = m_index.find(key);
    if (it == m_index.end()) return nullptr;
    m_entries.splice(m_entries.begin(), m_entries, it->second);
    return it->second->result;
}

void LayoutCache::insert(const QString& key, std::shared_ptr<const LayoutResult> result) {
    if (key.isEmpty() || !result) return;
    const std::size_t bytes =
        approximateBytes(*result) + static_cast<std::size_t>(key.size()) * sizeof(QChar);
    std::lock_guard lock(m_mutex);
    if (const auto it = m_index.find(key); it != m_index.end()) {
        m_bytes -= it->second->bytes;
        m_entries.erase(it->second);
        m_index.erase(it);
    }
    m_entries.push_front(Entry{key, std::move(result), bytes});
    m_index.emplace(key, m_entries.begin());
    m_bytes += bytes;
    evictLocked();
}

void LayoutCache::evictLocked() {
    while (m_entries.size() > 1 && (m_entries.size() > m_maxEntries || m_bytes > m_maxBytes)) {
        const Entry& last = m_entries.back();
        m_bytes -= last.bytes;
        m_index.erase(last.key);
        m_entries.pop_back();
    }
}

void LayoutCache::clear() {
    std::lock_guard lock(m_mutex);
    m_entries.clear();
    m_index.clear();
    m_bytes = 0;
}

std::size_t LayoutCache::size() const {
    std::lock_guard lock(m_mutex);
    return m_entries.size();
}

std::size_t LayoutCache::bytes() const {
    std::lock_guard lock(m_mutex);
    return m_bytes;
}

std::size_t LayoutCache::approximateBytes(const LayoutResult& r) {
    std::size_t bytes = sizeof(LayoutResult);
    bytes += r.centers.capacity() * sizeof(QPointF);
    bytes += r.clusterRects.capacity() * sizeof(QRectF);
    bytes += r.arrowTips.capacity() * sizeof(QPointF);
    bytes += r.edgeSplines.capacity() * sizeof(std::vector<QPointF>);
    for (const auto& spline : r.edgeSplines) bytes += spline.capacity() * sizeof(QPointF);
    bytes += static_cast<std::size_t>(r.error.capacity() + r.warnings.capacity()) * sizeof(QChar);
    return bytes;
}

}  // namespace passscope::views

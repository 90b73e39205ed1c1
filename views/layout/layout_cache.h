#pragma once
// Finished layouts by request identity, least recently used dropped first, so stepping back and
// forth through passes or collapsing and re-expanding a group does not run Graphviz again.
#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>

#include <QString>

#include "layout/layout_types.h"

namespace passscope::views {

// Thread-safe. Entries are shared and immutable, so a hit costs no copy and a caller may keep
// a result after the cache has dropped it.
class LayoutCache {
  public:
    explicit LayoutCache(std::size_t maxEntries = 64, std::size_t maxBytes = 64u << 20);

    // The key a request is cached under: its cacheKey plus what else changes the drawing
    // (orientation). Empty when the request has no cacheKey, which means "do not cache".
    static QString keyFor(const LayoutRequest& request);

    // nullptr on a miss; a hit becomes the most recently used entry.
    std::shared_ptr<const LayoutResult> find(const QString& key);
    // Replaces an entry under the same key; an empty key or a null result is ignored. Evicts
    // from the least recently used end until both bounds hold (the newest entry always stays).
    void insert(const QString& key, std::shared_ptr<const LayoutResult> result);
    void clear();

    std::size_t size() const;
    std::size_t bytes() const;  // approximate, see approximateBytes()

    // Heap held by a result: its vectors' elements and the strings. Approximate on purpose
    // (allocator overhead is ignored); it only has to keep the cache's memory in bounds.
    static std::size_t approximateBytes(const LayoutResult& result);

  private:
    struct Entry {
        QString key;
        std::shared_ptr<const LayoutResult> result;
        std::size_t bytes = 0;
    };
    struct KeyHash {
        std::size_t operator()(const QString& s) const noexcept { return qHash(s); }
    };
    void evictLocked();

    const std::size_t m_maxEntries;
    const std::size_t m_maxBytes;
    mutable std::mutex m_mutex;
    std::list<Entry> m_entries;  // front = most recently used
    std::unordered_map<QString, std::list<Entry>::iterator, KeyHash> m_index;
    std::size_t m_bytes = 0;
};

}  // namespace passscope::views

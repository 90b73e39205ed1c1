#pragma once
// The one door to Graphviz: a process-wide lock held for one layout, the shared GVC context
// behind it, and the messages cgraph reported while the lock was held.
// Graphviz keeps global state (error level and handler, network-simplex statics, the context),
// so every use of it in the process goes through a GraphvizSession (docs/architecture.md §6.2).
#include <mutex>

#include <QString>
#include <QStringList>

struct GVC_s;

namespace passscope::views {

class GraphvizSession {
  public:
    // Blocks until no other thread is in a session; creates the context on first use.
    GraphvizSession();
    ~GraphvizSession();
    GraphvizSession(const GraphvizSession&) = delete;
    GraphvizSession& operator=(const GraphvizSession&) = delete;

    // nullptr only if Graphviz could not create a context at all.
    GVC_s* context() const;
    // Why the dot plugin could not be installed from our own table (empty when it was); a
    // layout that fails should include it.
    QString contextError() const;

    // Messages cgraph reported since this session began (its agerr level "Error" or "Warning").
    QStringList errors() const;
    QStringList warnings() const;

  private:
    std::unique_lock<std::mutex> m_lock;
};

}  // namespace passscope::views

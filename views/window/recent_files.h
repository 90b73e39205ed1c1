#pragma once
// The most recently opened models, newest first, kept in QSettings under "recentFiles".
#include <QObject>
#include <QStringList>

namespace passscope::views {

class RecentFiles : public QObject {
    Q_OBJECT
  public:
    static constexpr int kMaxFiles = 10;

    explicit RecentFiles(QObject* parent = nullptr);

    QStringList files() const;
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

  signals:
    void changed();

  private:
    void store(const QStringList& files);
};

}  // namespace passscope::views

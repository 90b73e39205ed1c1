#pragma once
// File ▸ Open Recent: the models of RecentFiles, newest first, numbered as mnemonics, and a way to
// clear the list; rebuilt whenever the list changes.
#include <QMenu>

namespace passscope::views {

class RecentFiles;

class RecentMenu : public QMenu {
    Q_OBJECT
  public:
    RecentMenu(RecentFiles* recent, QWidget* parent = nullptr);

  signals:
    void openRequested(const QString& path);

  private:
    void rebuild();

    RecentFiles* recent_;
};

}  // namespace passscope::views

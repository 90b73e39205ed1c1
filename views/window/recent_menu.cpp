#include "window/recent_menu.h"

#include <QDir>

#include "window/recent_files.h"

namespace passscope::views {

RecentMenu::RecentMenu(RecentFiles* recent, QWidget* parent) : QMenu(parent), recent_(recent) {
    setObjectName(QStringLiteral("recentMenu"));
    connect(recent_, &RecentFiles::changed, this, &RecentMenu::rebuild);
    rebuild();
}

void RecentMenu::rebuild() {
    clear();
    const QStringList files = recent_->files();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files[i];
        const QString number = i < 9 ? QStringLiteral("&%1").arg(i + 1) : QStringLiteral("1&0");
        QString shown = QDir::toNativeSeparators(path);
        shown.replace(QLatin1Char('&'), QStringLiteral("&&"));  // not a mnemonic
        QAction* action = addAction(number + QLatin1Char(' ') + shown);
        action->setData(path);
        connect(action, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    if (files.isEmpty()) {
        addAction(tr("No Recent Models"))->setEnabled(false);
    } else {
        addSeparator();
        addAction(tr("&Clear List"), recent_, &RecentFiles::clear);
    }
}

}  // namespace passscope::views

#pragma once
// What the main window shows before a model is open: the icon, what PassScope is for, how to open
// a model, and a button that does.
#include <QWidget>

class QAction;

namespace passscope::views {

class WelcomePage : public QWidget {
    Q_OBJECT
  public:
    // `open`: the window's File ▸ Open… (its icon and what the button does).
    WelcomePage(QAction* open, const QIcon& icon, QWidget* parent = nullptr);
};

}  // namespace passscope::views

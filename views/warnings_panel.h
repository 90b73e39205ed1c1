#pragma once
// The warnings the engine reported while loading (checker findings, shape inference problems, ...).
#include <QListWidget>

#include "util/diagnostics.h"

namespace passscope::views {

class WarningsPanel : public QListWidget {
    Q_OBJECT
  public:
    explicit WarningsPanel(QWidget* parent = nullptr);

    void showWarnings(const Diagnostics& diagnostics);
    void clearWarnings();
};

}  // namespace passscope::views

#pragma once
// The warnings the engine reported while loading (checker findings, shape inference problems, ...).
#include <QListWidget>

#include "util/diagnostics.h"

namespace passscope::views {

class ModelDocument;

class WarningsPanel : public QListWidget {
    Q_OBJECT
  public:
    explicit WarningsPanel(QWidget* parent = nullptr);
    // Shows the warnings of each model `document` loads; warningsShown() follows.
    void attach(const ModelDocument& document);

    void showWarnings(const Diagnostics& diagnostics);
    void clearWarnings();

  signals:
    void warningsShown(int count);
};

}  // namespace passscope::views

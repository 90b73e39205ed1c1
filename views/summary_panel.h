#pragma once
// The "Model" panel: the engine's text summary of the loaded model (what `passscope-cli info` prints).
#include <QPlainTextEdit>

namespace passscope::views {

class SummaryPanel : public QPlainTextEdit {
    Q_OBJECT
  public:
    explicit SummaryPanel(QWidget* parent = nullptr);

    void showSummary(const QString& path, const QString& summary);
    void clearSummary();
};

}  // namespace passscope::views

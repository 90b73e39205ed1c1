#pragma once
// The "Model" panel: what `passscope-cli info` prints about the loaded model (report/model_info.h),
// with its labels in the user's language.
#include <QPlainTextEdit>

#include "report/model_info.h"

namespace passscope::views {

class ModelDocument;

class SummaryPanel : public QPlainTextEdit {
    Q_OBJECT
  public:
    explicit SummaryPanel(QWidget* parent = nullptr);
    // Shows the summary of each model `document` loads.
    void attach(const ModelDocument& document);

    void showSummary(const QString& path, const ModelInfo& info);
    void clearSummary();
};

}  // namespace passscope::views

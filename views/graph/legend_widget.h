#pragma once
// The key to the current overlay's colours, drawn over the top-left corner of the graph view.
#include <vector>

#include <QFrame>

#include "overlay.h"

namespace passscope::views {

class LegendWidget : public QFrame {
    Q_OBJECT
  public:
    explicit LegendWidget(QWidget* parent = nullptr);
    void setEntries(const QString& title, std::vector<LegendEntry> entries);
    const std::vector<LegendEntry>& entries() const { return entries_; }
    QSize sizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    QString title_;
    std::vector<LegendEntry> entries_;
};

}  // namespace passscope::views

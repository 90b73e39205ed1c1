#pragma once
// The key to the current overlay's colours: a strip above the graph view (in the view's top
// margin, so it never covers a node), its entries flowing left to right and wrapping.
#include <vector>

#include <QFrame>

#include "overlay.h"

class QPainter;

namespace passscope::views {

// The strip's height when it is `width` wide (0 without entries), and its painting into `area`:
// the widget and the pictures `passscope-cli render` writes draw the same key.
int legendHeight(const QString& title, const std::vector<LegendEntry>& entries, int width);
void paintLegend(QPainter& p, const QRect& area, const QString& title,
                 const std::vector<LegendEntry>& entries);

class LegendWidget : public QFrame {
    Q_OBJECT
  public:
    explicit LegendWidget(QWidget* parent = nullptr);
    void setEntries(const QString& title, std::vector<LegendEntry> entries);
    const QString& title() const { return title_; }
    const std::vector<LegendEntry>& entries() const { return entries_; }
    QSize sizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

  signals:
    void entriesChanged();

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    QString title_;
    std::vector<LegendEntry> entries_;
};

}  // namespace passscope::views

#pragma once
// A scroll bar that shows where things are along the whole scrolled length, as editors mark
// search hits and diagnostics beside the text: the graph view's vertical bar carries the nodes the
// selected step changed, in the overlay's colours, so that changes far out of the window are seen.
#include <vector>

#include <QColor>
#include <QScrollBar>

namespace passscope::views {

class MarkedScrollBar : public QScrollBar {
    Q_OBJECT
  public:
    // A stretch of the scrolled length: `from` and `to` are fractions of it (0 = the start).
    struct Mark {
        double from = 0;
        double to = 0;
        QColor color;
    };
    explicit MarkedScrollBar(Qt::Orientation orientation, QWidget* parent = nullptr);
    void setMarks(std::vector<Mark> marks);
    const std::vector<Mark>& marks() const { return marks_; }
    // Where a mark is drawn, in the bar's coordinates (at least 3 pixels long).
    QRect markRect(const Mark& mark) const;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    std::vector<Mark> marks_;
};

}  // namespace passscope::views

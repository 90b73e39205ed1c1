#include "marked_scroll_bar.h"

#include <algorithm>

#include <QPainter>
#include <QStyle>
#include <QStyleOptionSlider>

namespace passscope::views {

MarkedScrollBar::MarkedScrollBar(Qt::Orientation orientation, QWidget* parent)
    : QScrollBar(orientation, parent) {}

void MarkedScrollBar::setMarks(std::vector<Mark> marks) {
    marks_ = std::move(marks);
    update();
}

QRect MarkedScrollBar::markRect(const Mark& mark) const {
    QStyleOptionSlider option;
    initStyleOption(&option);
    const QRect groove =
        style()->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarGroove, this);
    const bool vertical = orientation() == Qt::Vertical;
    const int length = vertical ? groove.height() : groove.width();
    const int start = vertical ? groove.top() : groove.left();
    const double from = std::clamp(mark.from, 0.0, 1.0), to = std::clamp(mark.to, from, 1.0);
    int a = start + static_cast<int>(from * length);
    int extent = std::max(3, static_cast<int>((to - from) * length + 0.5));
    a = std::min(a, start + length - extent);
    return vertical ? QRect(groove.left() + 2, a, std::max(1, groove.width() - 4), extent)
                    : QRect(a, groove.top() + 2, extent, std::max(1, groove.height() - 4));
}

void MarkedScrollBar::paintEvent(QPaintEvent* event) {
    QScrollBar::paintEvent(event);
    if (marks_.empty()) return;
    QPainter painter(this);
    for (const Mark& mark : marks_) {
        const QRect r = markRect(mark);
        painter.fillRect(r, mark.color);
    }
}

}  // namespace passscope::views

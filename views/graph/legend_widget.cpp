#include "legend_widget.h"

#include <QFontMetrics>
#include <QPainter>

#include "item_style.h"

namespace passscope::views {

namespace {
constexpr int kRow = 17;
constexpr int kPad = 8;
}  // namespace

LegendWidget::LegendWidget(QWidget* parent) : QFrame(parent) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
}

void LegendWidget::setEntries(const QString& title, std::vector<LegendEntry> entries) {
    title_ = title;
    entries_ = std::move(entries);
    resize(sizeHint());
    setVisible(!entries_.empty());
    update();
}

QSize LegendWidget::sizeHint() const {
    const QFontMetrics fm(style::textFont());
    int width = QFontMetrics(style::titleFont()).horizontalAdvance(title_);
    for (const LegendEntry& e : entries_) width = std::max(width, 26 + fm.horizontalAdvance(e.text));
    return {width + 2 * kPad, kPad * 2 + kRow * (1 + static_cast<int>(entries_.size()))};
}

void LegendWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QColor(0xbb, 0xbb, 0xbb));
    p.setBrush(QColor(255, 255, 255, 235));
    p.drawRoundedRect(rect().adjusted(0, 0, -1, -1), 5, 5);
    p.setPen(QColor(0x22, 0x22, 0x22));
    p.setFont(style::titleFont());
    p.drawText(QRect(kPad, kPad, width() - 2 * kPad, kRow), Qt::AlignVCenter | Qt::AlignLeft, title_);
    p.setFont(style::textFont());
    int y = kPad + kRow;
    for (const LegendEntry& e : entries_) {
        const QRectF swatch(kPad, y + 3, 18, kRow - 6);
        switch (e.swatch) {
        case LegendEntry::Swatch::Fill:
            p.setPen(QColor(0x77, 0x77, 0x77));
            p.setBrush(e.color.lighter(130));
            p.drawRect(swatch);
            break;
        case LegendEntry::Swatch::Border:
            p.setPen(QPen(e.color, 2.5));
            p.setBrush(Qt::white);
            p.drawRect(swatch);
            break;
        case LegendEntry::Swatch::Dashed:
            p.setPen(QPen(e.color, 2, Qt::DashLine));
            p.setBrush(QColor(0xf2, 0xf2, 0xf2));
            p.drawRect(swatch);
            break;
        case LegendEntry::Swatch::Badge:
            p.setPen(Qt::NoPen);
            p.setBrush(e.color);
            p.drawEllipse(QRectF(swatch.center().x() - 6, swatch.center().y() - 6, 12, 12));
            break;
        }
        p.setPen(QColor(0x22, 0x22, 0x22));
        p.drawText(QRect(kPad + 26, y, width() - kPad * 2 - 26, kRow), Qt::AlignVCenter | Qt::AlignLeft, e.text);
        y += kRow;
    }
}

}  // namespace passscope::views

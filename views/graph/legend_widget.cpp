#include "legend_widget.h"

#include <QFontMetrics>
#include <QPainter>

#include "item_style.h"

namespace passscope::views {

namespace {
constexpr int kRow = 18;
constexpr int kLegendPad = 6;
constexpr int kSwatch = 18;
constexpr int kGap = 14;  // between entries
}  // namespace

LegendWidget::LegendWidget(QWidget* parent) : QFrame(parent) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
}

void LegendWidget::setEntries(const QString& title, std::vector<LegendEntry> entries) {
    title_ = title;
    entries_ = std::move(entries);
    updateGeometry();
    update();
    emit entriesChanged();
}

namespace {

// Where each piece goes in a strip `width` wide: the title first, then the entries, wrapping.
struct Flow {
    QRect title;
    std::vector<QRect> entries;  // swatch + text
    int height = 0;
};

Flow flow(const QString& title, const std::vector<LegendEntry>& entries, int width) {
    const QFontMetrics text(style::textFont()), bold(style::titleFont());
    Flow f;
    int x = kLegendPad, y = kLegendPad;
    f.title = QRect(x, y, bold.horizontalAdvance(title), kRow);
    x += f.title.width() + kGap;
    for (const LegendEntry& e : entries) {
        const int w = kSwatch + 6 + text.horizontalAdvance(e.text);
        if (x + w > width - kLegendPad && x > kLegendPad) {
            x = kLegendPad;
            y += kRow;
        }
        f.entries.emplace_back(x, y, w, kRow);
        x += w + kGap;
    }
    f.height = y + kRow + kLegendPad;
    return f;
}

}  // namespace

int legendHeight(const QString& title, const std::vector<LegendEntry>& entries, int width) {
    return entries.empty() ? 0 : flow(title, entries, width).height;
}

int LegendWidget::heightForWidth(int width) const {
    return legendHeight(title_, entries_, width);
}

QSize LegendWidget::sizeHint() const {
    const Flow f = flow(title_, entries_, 1 << 20);
    const int right = f.entries.empty() ? f.title.right() : f.entries.back().right();
    return {right + kLegendPad, entries_.empty() ? 0 : f.height};
}

void paintLegend(QPainter& p, const QRect& area, const QString& title,
                 const std::vector<LegendEntry>& entries) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(area, QColor(0xf4, 0xf6, 0xf8));
    p.setPen(QColor(0xd0, 0xd4, 0xd8));
    p.drawLine(area.bottomLeft(), area.bottomRight());
    p.translate(area.topLeft());
    const Flow f = flow(title, entries, area.width());
    p.setPen(QColor(0x22, 0x22, 0x22));
    p.setFont(style::titleFont());
    p.drawText(f.title, Qt::AlignVCenter | Qt::AlignLeft, title);
    p.setFont(style::textFont());
    for (size_t i = 0; i < entries.size(); ++i) {
        const LegendEntry& e = entries[i];
        const QRect& at = f.entries[i];
        const QRectF swatch(at.left(), at.top() + 3, kSwatch, kRow - 6);
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
        p.drawText(QRect(at.left() + kSwatch + 6, at.top(), at.width() - kSwatch - 6, kRow),
                   Qt::AlignVCenter | Qt::AlignLeft, e.text);
    }
    p.restore();
}

void LegendWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    paintLegend(p, rect(), title_, entries_);
}

}  // namespace passscope::views

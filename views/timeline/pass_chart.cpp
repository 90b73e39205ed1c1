#include "timeline/pass_chart.h"

#include <algorithm>
#include <cmath>

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

namespace passscope::views {
namespace {

const QColor kNodeColor(0x2e, 0x86, 0xc1);
const QColor kByteColor(0xd3, 0x54, 0x00);
const QColor kMarkerColor(0xc0, 0x39, 0x2b);
constexpr int kYTicks = 4;
constexpr int kChartPad = 4;

// 1, 2 or 5 times a power of ten: axis steps a reader can add up at a glance.
double niceStep(double rough) {
    if (rough <= 0) return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    const double n = rough / magnitude;
    return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * magnitude;
}

template <typename T>
auto niceRange(const std::vector<T>& values) {
    struct R {
        double low, high, step;
    };
    if (values.empty()) return R{0, 1, 1};
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    double low = static_cast<double>(*lo), high = static_cast<double>(*hi);
    if (high - low < 1) {  // a flat curve: centre it rather than glue it to an edge
        low = std::max(0.0, low - 1);
        high += 1;
    }
    const double step = std::max(1.0, niceStep((high - low) / kYTicks));
    return R{std::floor(low / step) * step, std::ceil(high / step) * step, step};
}

// Enough decimals to tell two ticks `resolution` bytes apart in the unit formattedDataSize picks
// for `bytes` (1024-based), so a curve moving by a few hundred bytes on 6 KiB keeps distinct labels.
QString byteText(double bytes, double resolution = 1024) {
    double unit = 1;
    while (unit * 1024 <= bytes && unit < std::pow(1024.0, 4)) unit *= 1024;
    const int decimals = resolution >= unit ? 0 : std::min(3, int(std::ceil(std::log10(unit / resolution))));
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), decimals);
}

QString countText(double count) {
    return QLocale().toString(static_cast<qlonglong>(count));
}

}  // namespace

PassChart::PassChart(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QSize PassChart::sizeHint() const {
    return {480, 160};
}

QSize PassChart::minimumSizeHint() const {
    return {200, 4 * fontMetrics().height() + 20};
}

void PassChart::setResult(std::shared_ptr<const PipelineResult> result) {
    result_ = std::move(result);
    series_ = {};
    if (result_) {
        const size_t positions = result_->journal.steps().size() + 1;
        series_ = result_->series.positions() == positions ? result_->series : computeSeries(*result_);
    }
    const auto nodes = niceRange(series_.nodeCounts);
    const auto bytes = niceRange(series_.constantBytes);
    nodeRange_ = {nodes.low, nodes.high, nodes.step};
    byteRange_ = {bytes.low, bytes.high, bytes.step};
    position_ = lastPosition();
    hovered_ = -1;
    update();
}

void PassChart::setPosition(size_t position) {
    position = std::min(position, lastPosition());
    if (position == position_) return;
    position_ = position;
    update();
}

// Margins leave room for the tick labels of both axes, their rotated titles, the stage names
// above the plot and the step numbers below it.
QRectF PassChart::plotRect() const {
    const QFontMetrics fm = fontMetrics();
    const int left = fm.height() + fm.horizontalAdvance(countText(nodeRange_.high)) + 3 * kChartPad;
    const int right =
        fm.height() + fm.horizontalAdvance(byteText(byteRange_.high, byteRange_.step)) + 3 * kChartPad;
    const int top = 2 * fm.height() + kChartPad;
    const int bottom = fm.height() + 2 * kChartPad;
    return QRectF(rect()).adjusted(left, top, -right, -bottom);
}

qreal PassChart::xForPosition(size_t position) const {
    const QRectF plot = plotRect();
    const size_t last = lastPosition();
    if (last == 0) return plot.center().x();
    return plot.left() +
           plot.width() * static_cast<qreal>(std::min(position, last)) / static_cast<qreal>(last);
}

size_t PassChart::positionAt(const QPointF& point) const {
    const QRectF plot = plotRect();
    const size_t last = lastPosition();
    if (last == 0 || plot.width() <= 0) return 0;
    const qreal t = std::clamp((point.x() - plot.left()) / plot.width(), 0.0, 1.0);
    return static_cast<size_t>(std::lround(t * static_cast<qreal>(last)));
}

qreal PassChart::yFor(double value, const Range& range) const {
    const QRectF plot = plotRect();
    const double t = (value - range.low) / std::max(1e-9, range.high - range.low);
    return plot.bottom() - plot.height() * t;
}

QString PassChart::stageOfPosition(size_t position) const {
    if (!result_ || position == 0) return {};
    return QString::fromStdString(result_->journal.steps()[position - 1].stage);
}

QString PassChart::toolTipFor(size_t position) const {
    if (series_.empty()) return {};
    position = std::min(position, lastPosition());
    QString head = tr("Original model");
    if (position > 0) {
        const JournalStep& s = result_->journal.steps()[position - 1];
        head = tr("Step %1: %2 (%3, iteration %4)")
                   .arg(position)
                   .arg(QString::fromStdString(s.pass), QString::fromStdString(s.stage))
                   .arg(s.iteration);
        if (!s.changed) head += QLatin1Char('\n') + tr("changed nothing");
    }
    const auto bytes = static_cast<qlonglong>(series_.constantBytes[position]);
    return head + QLatin1Char('\n') +
           tr("Nodes: %1").arg(countText(static_cast<double>(series_.nodeCounts[position]))) +
           QLatin1Char('\n') +
           tr("Constant bytes: %1 (%2)").arg(byteText(static_cast<double>(bytes)), QLocale().toString(bytes));
}

// ---- painting ----

void PassChart::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (series_.empty() || plotRect().width() < 10 || plotRect().height() < 10) {
        paintEmpty(p);
        return;
    }
    p.setRenderHint(QPainter::Antialiasing);
    paintStages(p);
    paintAxes(p);
    paintSeries(p);
    paintMarkers(p);
    paintLegend(p);
}

void PassChart::paintEmpty(QPainter& p) const {
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(rect().adjusted(kChartPad, kChartPad, -kChartPad, -kChartPad),
               Qt::AlignCenter | Qt::TextWordWrap,
               tr("Run the pipeline to chart nodes and constant bytes after every pass."));
}

// Alternate shading per stage, a line where a stage starts and its name above the plot.
void PassChart::paintStages(QPainter& p) const {
    const QRectF plot = plotRect();
    const size_t last = lastPosition();
    const qreal half = last ? plot.width() / static_cast<qreal>(last) / 2 : plot.width() / 2;
    const QFontMetrics fm = fontMetrics();
    int band = 0;
    size_t first = 1;
    while (first <= last) {
        size_t end = first;
        while (end + 1 <= last && stageOfPosition(end + 1) == stageOfPosition(first)) ++end;
        const qreal x0 = std::max(plot.left(), xForPosition(first) - half);
        const qreal x1 = std::min(plot.right(), xForPosition(end) + half);
        if (band++ % 2) p.fillRect(QRectF(x0, plot.top(), x1 - x0, plot.height()), palette().alternateBase());
        p.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
        p.drawLine(QPointF(x0, plot.top() - fm.height()), QPointF(x0, plot.bottom()));
        p.setPen(palette().color(QPalette::WindowText));
        const QString name = fm.elidedText(stageOfPosition(first), Qt::ElideRight, int(x1 - x0) - kChartPad);
        p.drawText(QPointF(x0 + kChartPad / 2.0, plot.top() - kChartPad), name);
        first = end + 1;
    }
}

void PassChart::paintAxes(QPainter& p) const {
    const QRectF plot = plotRect();
    const QFontMetrics fm = fontMetrics();
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(plot);
    // Ticks at multiples of each axis's own step; the grid follows the node axis. In a short
    // chart a label is skipped when it would touch the one drawn before it.
    qreal lastLabelY = 1e9;
    for (double v = nodeRange_.low; v <= nodeRange_.high + nodeRange_.step / 2; v += nodeRange_.step) {
        const qreal y = yFor(v, nodeRange_);
        p.setPen(QPen(palette().color(QPalette::Midlight), 1, Qt::DotLine));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        if (lastLabelY - y < fm.height()) continue;
        lastLabelY = y;
        const QString label = countText(v);
        p.setPen(kNodeColor);
        p.drawText(QPointF(plot.left() - kChartPad - fm.horizontalAdvance(label), y + fm.ascent() / 2.0),
                   label);
    }
    p.setPen(kByteColor);
    lastLabelY = 1e9;
    for (double v = byteRange_.low; v <= byteRange_.high + byteRange_.step / 2; v += byteRange_.step) {
        const qreal y = yFor(v, byteRange_);
        p.drawLine(QPointF(plot.right(), y), QPointF(plot.right() + kChartPad / 2.0, y));
        if (lastLabelY - y < fm.height()) continue;
        lastLabelY = y;
        p.drawText(QPointF(plot.right() + kChartPad, y + fm.ascent() / 2.0), byteText(v, byteRange_.step));
    }
    // Step numbers along the bottom, spaced so labels never overlap.
    const size_t last = lastPosition();
    const qreal labelWidth = fm.horizontalAdvance(QString::number(last)) + 3 * kChartPad;
    const size_t every =
        std::max<size_t>(1, static_cast<size_t>(niceStep(static_cast<double>(last) * labelWidth /
                                                         std::max<qreal>(1, plot.width()))));
    p.setPen(palette().color(QPalette::WindowText));
    for (size_t k = 0; k <= last; k += every) {
        const QString label = QString::number(k);
        const qreal x = xForPosition(k);
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + kChartPad / 2.0));
        p.drawText(QPointF(x - fm.horizontalAdvance(label) / 2.0, plot.bottom() + kChartPad + fm.ascent()),
                   label);
    }
    // Axis titles, rotated along the outer edges in the colour of their curve.
    p.save();
    p.setPen(kNodeColor);
    p.translate(fm.ascent(), plot.center().y());
    p.rotate(-90);
    const QString nodeTitle = tr("Nodes");
    p.drawText(QPointF(-fm.horizontalAdvance(nodeTitle) / 2.0, 0), nodeTitle);
    p.restore();
    p.save();
    p.setPen(kByteColor);
    p.translate(width() - fm.descent() - 1, plot.center().y());
    p.rotate(-90);
    const QString byteTitle = tr("Constant bytes");
    p.drawText(QPointF(-fm.horizontalAdvance(byteTitle) / 2.0, 0), byteTitle);
    p.restore();
}

void PassChart::paintSeries(QPainter& p) const {
    QPainterPath nodes, bytes;
    for (size_t k = 0; k <= lastPosition(); ++k) {
        const qreal x = xForPosition(k);
        const QPointF n(x, yFor(static_cast<double>(series_.nodeCounts[k]), nodeRange_));
        const QPointF b(x, yFor(static_cast<double>(series_.constantBytes[k]), byteRange_));
        if (k == 0) {
            nodes.moveTo(n);
            bytes.moveTo(b);
        } else {
            nodes.lineTo(n);
            bytes.lineTo(b);
        }
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(kByteColor, 1.5));
    p.drawPath(bytes);
    p.setPen(QPen(kNodeColor, 2));
    p.drawPath(nodes);
}

void PassChart::paintMarkers(QPainter& p) const {
    const QRectF plot = plotRect();
    if (hovered_ >= 0 && static_cast<size_t>(hovered_) != position_) {
        const qreal x = xForPosition(static_cast<size_t>(hovered_));
        p.setPen(QPen(palette().color(QPalette::Mid), 1));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
    const qreal x = xForPosition(position_);
    p.setPen(QPen(kMarkerColor, 2));
    p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    p.setBrush(kNodeColor);
    p.setPen(Qt::NoPen);
    p.drawEllipse(QPointF(x, yFor(static_cast<double>(series_.nodeCounts[position_]), nodeRange_)), 3.5, 3.5);
    p.setBrush(kByteColor);
    p.drawEllipse(QPointF(x, yFor(static_cast<double>(series_.constantBytes[position_]), byteRange_)), 3.5,
                  3.5);
}

void PassChart::paintLegend(QPainter& p) const {
    const QFontMetrics fm = fontMetrics();
    const QRectF plot = plotRect();
    qreal x = plot.right();
    const qreal y = kChartPad + fm.ascent();
    const std::pair<QColor, QString> entries[] = {{kByteColor, tr("Constant bytes")},
                                                  {kNodeColor, tr("Nodes")}};
    for (const auto& [color, text] : entries) {
        x -= fm.horizontalAdvance(text);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QPointF(x, y), text);
        x -= 18 + kChartPad;
        p.setPen(QPen(color, 2));
        p.drawLine(QPointF(x, y - fm.ascent() / 2.0 + 1), QPointF(x + 14, y - fm.ascent() / 2.0 + 1));
        x -= 3 * kChartPad;
    }
}

// ---- interaction ----

void PassChart::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || series_.empty()) return QWidget::mousePressEvent(event);
    const size_t position = positionAt(event->position());
    setPosition(position);
    emit positionSelected(position);
    event->accept();
}

void PassChart::mouseMoveEvent(QMouseEvent* event) {
    const long long hovered = series_.empty() ? -1 : static_cast<long long>(positionAt(event->position()));
    if (hovered != hovered_) {
        hovered_ = hovered;
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void PassChart::leaveEvent(QEvent* event) {
    hovered_ = -1;
    update();
    QWidget::leaveEvent(event);
}

bool PassChart::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipFor(positionAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

}  // namespace passscope::views

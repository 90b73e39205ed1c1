#include "memory/memory_map_view.h"

#include <QApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "memory/memory_labels.h"

namespace passscope::views {
namespace {

constexpr double kLeftMargin = 124;  // band captions
constexpr double kRightMargin = 16;
constexpr double kTopPadding = 8;
constexpr double kLegendHeight = 28;
constexpr double kOwnerLaneHeight = 30;
constexpr double kReuseLaneHeight = 20;
constexpr double kLaneGap = 4;
constexpr double kAxisHeight = 22;
constexpr double kBandGap = 14;
constexpr double kZoomStep = 1.25;
constexpr double kMinTickSpacing = 110;  // pixels between address labels

// Smallest power of two of at least `units` (address ticks fall on round hexadecimal numbers).
double tickStep(double units) {
    return std::exp2(std::ceil(std::log2(std::max(units, 1.0))));
}

QColor hatchColor(const QColor& kind) {
    return kind.darker(135);
}

}  // namespace

double MemoryMapView::BandRows::laneTop(int lane) const {
    if (lane == 0) return top;
    return top + kOwnerLaneHeight + kLaneGap + (lane - 1) * (kReuseLaneHeight + kLaneGap);
}

double MemoryMapView::BandRows::laneHeight(int lane) {
    return lane == 0 ? kOwnerLaneHeight : kReuseLaneHeight;
}

MemoryMapView::MemoryMapView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setAccessibleName(tr("Variable memory map"));
    relayout();
}

// ---- plan, scale, selection ----

void MemoryMapView::setPlan(VarMemoryPlan plan) {
    plan_ = std::move(plan);
    selected_ = hovered_ = -1;
    zoom_ = 1.0;
    pan_ = 0.0;
    relayout();
}

void MemoryMapView::setScale(Scale scale) {
    if (scale == scale_) return;
    scale_ = scale;
    zoom_ = 1.0;
    pan_ = 0.0;
    relayout();
}

void MemoryMapView::relayout() {
    layout_.build(plan_, scale_);
    rows_.clear();
    double y = kTopPadding + kLegendHeight;
    for (const MemoryMapLayout::Band& band : layout_.bands()) {
        BandRows rows;
        rows.top = y;
        rows.axisTop = rows.laneTop(band.reuseLanes) + BandRows::laneHeight(band.reuseLanes);
        rows.bottom = rows.axisTop + kAxisHeight;
        rows_.push_back(rows);
        y = rows.bottom + kBandGap;
    }
    updateGeometry();
    update();
}

void MemoryMapView::setSelectedEntry(int entry) {
    selected_ = (entry >= 0 && entry < barCount()) ? entry : -1;
    if (selected_ >= 0) {
        const QRectF bar = barRect(selected_);
        const QRectF plot = plotRect();
        if (bar.right() < plot.left() || bar.left() > plot.right())
            panBy(bar.center().x() - plot.center().x());
    }
    update();
}

QString MemoryMapView::emptyMessage() const {
    return tr("This model has no variables or constants in device memory.");
}

QString MemoryMapView::toolTipFor(int entry) const {
    if (entry < 0 || entry >= barCount()) return {};
    return MemoryLabels::toolTip(plan_, static_cast<size_t>(entry));
}

// ---- geometry ----

QRectF MemoryMapView::plotRect() const {
    const double top = kTopPadding + kLegendHeight;
    const double bottom = rows_.empty() ? top : rows_.back().bottom;
    return QRectF(kLeftMargin, top, std::max(1.0, width() - kLeftMargin - kRightMargin), bottom - top);
}

double MemoryMapView::pixelsPerUnit() const {
    return plotRect().width() / layout_.extent() * zoom_;
}
double MemoryMapView::unitToX(double unit) const {
    return plotRect().left() + (unit - pan_) * pixelsPerUnit();
}
double MemoryMapView::xToUnit(double x) const {
    return pan_ + (x - plotRect().left()) / pixelsPerUnit();
}

// Zoom in until 64 bytes (or two log units) span the plot, no further.
double MemoryMapView::maxZoom() const {
    const double minVisible = scale_ == Scale::Linear ? 64.0 : 2.0;
    return std::max(1.0, layout_.extent() / minVisible);
}

void MemoryMapView::clampPan() {
    const double visible = layout_.extent() / zoom_;
    pan_ = std::clamp(pan_, 0.0, std::max(0.0, layout_.extent() - visible));
}

void MemoryMapView::zoomAround(double x, double factor) {
    const double unit = xToUnit(x);
    zoom_ = std::clamp(zoom_ * factor, 1.0, maxZoom());
    pan_ = unit - (x - plotRect().left()) / pixelsPerUnit();
    clampPan();
    update();
}

void MemoryMapView::panBy(double pixels) {
    pan_ += pixels / pixelsPerUnit();
    clampPan();
    update();
}

void MemoryMapView::zoomIn() {
    zoomAround(plotRect().center().x(), kZoomStep);
}
void MemoryMapView::zoomOut() {
    zoomAround(plotRect().center().x(), 1.0 / kZoomStep);
}
void MemoryMapView::resetZoom() {
    zoom_ = 1.0;
    pan_ = 0.0;
    update();
}

QRectF MemoryMapView::barRect(int entry) const {
    if (entry < 0 || entry >= barCount()) return {};
    const MemoryMapLayout::Span& span = layout_.spans()[static_cast<size_t>(entry)];
    const BandRows& rows = rows_[static_cast<size_t>(span.band)];
    const double x0 = unitToX(span.x0);
    const double width = std::max(kMinBarWidth, unitToX(span.x1) - x0);
    return QRectF(x0, rows.laneTop(span.lane), width, BandRows::laneHeight(span.lane));
}

int MemoryMapView::entryAt(const QPointF& pos) const {
    const QRectF plot = plotRect();
    if (pos.x() < plot.left() || pos.x() > plot.right()) return -1;
    for (int i = barCount() - 1; i >= 0; --i)  // later bars are painted on top
        if (barRect(i).contains(pos)) return i;
    return -1;
}

int MemoryMapView::contentHeight() const {
    if (rows_.empty()) return 120;
    return static_cast<int>(std::ceil(rows_.back().bottom + kTopPadding));
}

QSize MemoryMapView::sizeHint() const {
    return QSize(720, contentHeight());
}
QSize MemoryMapView::minimumSizeHint() const {
    return QSize(static_cast<int>(kLeftMargin + kRightMargin) + 160, contentHeight());
}

// ---- painting ----

QFont MemoryMapView::smallFont() const {
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    return small;
}

void MemoryMapView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (plan_.empty()) {
        paintEmpty(p);
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    paintLegend(p);
    for (size_t b = 0; b < rows_.size(); ++b) paintBand(p, b, rows_[b]);
    const QRectF plot = plotRect();
    p.setClipRect(QRectF(plot.left(), 0, plot.width(), height()));
    for (int i = 0; i < barCount(); ++i)
        if (plan_.entries[static_cast<size_t>(i)].reused()) paintLink(p, i);
    for (int i = 0; i < barCount(); ++i) paintBar(p, i);
}

void MemoryMapView::paintEmpty(QPainter& p) const {
    const QRectF area = QRectF(rect()).adjusted(16, 16, -16, -16);
    QFont title = font();
    title.setPointSizeF(title.pointSizeF() * 1.15);
    p.setFont(title);
    p.setPen(palette().color(QPalette::Text));
    const double mid = area.center().y();
    p.drawText(QRectF(area.left(), area.top(), area.width(), mid - area.top() - 2),
               Qt::AlignHCenter | Qt::AlignBottom | Qt::TextWordWrap, emptyMessage());
    p.setFont(font());
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(
        QRectF(area.left(), mid + 4, area.width(), area.bottom() - mid - 4),
        Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
        tr("Variables, constants and file constants appear here at the addresses GE's variable manager "
           "would give them."));
}

// Swatches for the kinds present, the hatch for reuse, and the scale on the right.
void MemoryMapView::paintLegend(QPainter& p) const {
    const QFontMetricsF fm(font());
    const double y = kTopPadding + (kLegendHeight - 12) / 2 - 2;
    double x = kLeftMargin;
    auto swatch = [&](const QColor& fill, bool hatched, const QString& label) {
        const QRectF box(x, y, 18, 12);
        p.fillRect(box, fill);
        if (hatched) p.fillRect(box, QBrush(hatchColor(fill.darker(150)), Qt::BDiagPattern));
        p.setPen(fill.darker(150));
        p.drawRect(box);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QPointF(box.right() + 5, box.bottom()), label);
        x = box.right() + 5 + fm.horizontalAdvance(label) + 16;
    };
    bool present[4] = {};
    for (const VarMemoryEntry& e : plan_.entries) present[static_cast<int>(e.kind)] = true;
    for (VarKind k :
         {VarKind::Variable, VarKind::ConstantOp, VarKind::FileConstant, VarKind::ConstPlaceHolder})
        if (present[static_cast<int>(k)]) swatch(MemoryLabels::kindColor(k), false, MemoryLabels::kind(k));
    if (plan_.reusedCount() > 0) swatch(QColor(0xBB, 0xBB, 0xBB), true, tr("Reuses the memory above it"));

    // The scale and zoom sit in the margin above the band captions, clear of a long legend.
    const int percent = qRound(zoom_ * 100);
    const QString scale =
        scale_ == Scale::Linear ? tr("Linear, %1%").arg(percent) : tr("Log size, %1%").arg(percent);
    p.setFont(smallFont());
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(QRectF(8, y - 1, kLeftMargin - 14, 14), Qt::AlignLeft | Qt::AlignVCenter, scale);
    p.setFont(font());
}

// In the left margin: the memory type and its pool size, the entry count, and the reuse lanes' label.
void MemoryMapView::paintCaption(QPainter& p, size_t band, const BandRows& rows) const {
    const MemoryMapLayout::Band& b = layout_.bands()[band];
    const MemoryTypeTotals& totals = plan_.totalsFor(b.type);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(palette().color(QPalette::Text));
    const QString name = MemoryLabels::memoryType(b.type);
    p.drawText(QRectF(8, rows.top, kLeftMargin - 14, 15), Qt::AlignLeft | Qt::AlignVCenter, name);
    const double sizeLeft = 8 + QFontMetricsF(bold).horizontalAdvance(name) + 6;
    p.setFont(font());
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(QRectF(sizeLeft, rows.top, kLeftMargin - 6 - sizeLeft, 15), Qt::AlignLeft | Qt::AlignVCenter,
               MemoryLabels::size(totals.poolBytes));
    QFont small = smallFont();
    p.setFont(small);
    p.drawText(QRectF(8, rows.top + 15, kLeftMargin - 14, 14), Qt::AlignLeft | Qt::AlignVCenter,
               tr("entries: %1").arg(totals.entries));
    if (b.reuseLanes > 0) {
        small.setItalic(true);
        p.setFont(small);
        p.drawText(QRectF(8, rows.laneTop(1), kLeftMargin - 14, kReuseLaneHeight),
                   Qt::AlignLeft | Qt::AlignVCenter, tr("reused"));
    }
    p.setFont(font());
}

// Lane backgrounds, the pool's end and the address axis.
void MemoryMapView::paintBand(QPainter& p, size_t band, const BandRows& rows) const {
    const MemoryMapLayout::Band& b = layout_.bands()[band];
    const QRectF plot = plotRect();
    paintCaption(p, band, rows);
    const QColor laneFill = palette().color(QPalette::AlternateBase);
    p.fillRect(QRectF(plot.left(), rows.laneTop(0), plot.width(), kOwnerLaneHeight), laneFill);
    if (b.reuseLanes > 0) {
        const double top = rows.laneTop(1);
        p.fillRect(QRectF(plot.left(), top, plot.width(), rows.axisTop - kLaneGap - top),
                   laneFill.lighter(103));
    }
    const double end = unitToX(b.extent);
    if (end >= plot.left() && end <= plot.right()) {
        p.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
        p.drawLine(QPointF(end, rows.top - 2), QPointF(end, rows.axisTop));
    }
    paintAxis(p, band, rows);
}

void MemoryMapView::paintAxis(QPainter& p, size_t band, const BandRows& rows) const {
    const MemoryMapLayout::Band& b = layout_.bands()[band];
    const QRectF plot = plotRect();
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(QPointF(plot.left(), rows.axisTop), QPointF(plot.right(), rows.axisTop));
    p.setFont(smallFont());
    p.setPen(palette().color(QPalette::PlaceholderText));
    if (scale_ == Scale::LogSize) {
        p.drawText(QRectF(plot.left(), rows.axisTop + 2, plot.width(), kAxisHeight - 2),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   tr("Blocks in address order from %1; widths grow with log2 of the size")
                       .arg(MemoryLabels::address(b.base)));
        p.setFont(font());
        return;
    }
    const double step = tickStep(kMinTickSpacing / pixelsPerUnit());
    const double last = std::min(xToUnit(plot.right()), b.extent);
    const QFontMetricsF fm(smallFont());
    for (double u = std::ceil(pan_ / step) * step; u <= last; u += step) {
        const double x = unitToX(u);
        const QString label = MemoryLabels::address(b.base + static_cast<uint64_t>(u));
        p.setPen(palette().color(QPalette::Mid));
        p.drawLine(QPointF(x, rows.axisTop), QPointF(x, rows.axisTop + 4));
        if (x + 2 + fm.horizontalAdvance(label) > width() - 2) break;  // no half-cut address at the edge
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QPointF(x + 2, rows.axisTop + 15), label);
    }
    p.setFont(font());
}

void MemoryMapView::paintBar(QPainter& p, int entry) const {
    const QRectF r = barRect(entry);
    const QRectF plot = plotRect();
    if (r.right() < plot.left() || r.left() > plot.right()) return;
    const VarMemoryEntry& e = plan_.entries[static_cast<size_t>(entry)];
    const QColor color = MemoryLabels::kindColor(e.kind);
    if (e.reused()) {
        p.fillRect(r, color.lighter(160));
        p.fillRect(r, QBrush(hatchColor(color), Qt::BDiagPattern));
    } else {
        p.fillRect(r, color);
    }
    const bool hoveredOwner =
        hovered_ >= 0 && plan_.entries[static_cast<size_t>(hovered_)].reusedFrom == size_t(entry);
    QPen pen(color.darker(150), 1);
    if (entry == hovered_ || hoveredOwner) pen = QPen(palette().color(QPalette::Highlight), 2);
    if (entry == selected_) pen = QPen(palette().color(QPalette::Text), 2.5);
    p.setPen(pen);
    p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));

    // The name goes in the visible part of the bar, so a bar cut by the plot's edge still says it.
    const QRectF visible = r.intersected(QRectF(plot.left(), r.top(), plot.width(), r.height()));
    if (visible.width() < 36) return;
    const QString name = QString::fromStdString(e.nodeName);
    p.setPen(e.reused() ? palette().color(QPalette::Text) : QColor(Qt::white));
    const QRectF text = visible.adjusted(4, 0, -3, 0);
    p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(font()).elidedText(name, Qt::ElideMiddle, text.width()));
}

// A dashed stroke from a reused entry up to the owner whose memory it shares.
void MemoryMapView::paintLink(QPainter& p, int entry) const {
    const VarMemoryEntry& e = plan_.entries[static_cast<size_t>(entry)];
    const QRectF r = barRect(entry);
    const QRectF owner = barRect(static_cast<int>(*e.reusedFrom));
    const double x = r.left() + std::min(6.0, r.width() / 2);
    p.setPen(QPen(palette().color(QPalette::Dark), 1, Qt::DashLine));
    p.drawLine(QPointF(x, r.top()), QPointF(x, owner.bottom()));
}

// ---- interaction ----

bool MemoryMapView::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const int entry = entryAt(help->pos());
    if (entry < 0) {
        QToolTip::hideText();
        event->ignore();
    } else {
        QToolTip::showText(help->globalPos(), toolTipFor(entry), this, barRect(entry).toAlignedRect());
    }
    return true;
}

void MemoryMapView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    clampPan();
}

void MemoryMapView::wheelEvent(QWheelEvent* event) {
    const QPoint delta = event->angleDelta();
    if (plan_.empty() || delta.isNull()) return QWidget::wheelEvent(event);
    if (event->modifiers() & Qt::ShiftModifier || std::abs(delta.x()) > std::abs(delta.y())) {
        const int d = delta.x() != 0 ? delta.x() : delta.y();
        panBy(-d / 120.0 * plotRect().width() / 8);
    } else {
        zoomAround(event->position().x(), std::pow(kZoomStep, delta.y() / 120.0));
    }
    event->accept();
}

void MemoryMapView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return QWidget::mousePressEvent(event);
    pressed_ = true;
    dragging_ = false;
    pressPos_ = event->position();
    pressPan_ = pan_;
}

void MemoryMapView::mouseMoveEvent(QMouseEvent* event) {
    if (pressed_) {
        const double dx = event->position().x() - pressPos_.x();
        if (!dragging_ && std::abs(dx) >= QApplication::startDragDistance()) {
            dragging_ = true;
            setCursor(Qt::ClosedHandCursor);
        }
        if (dragging_) {
            pan_ = pressPan_ - dx / pixelsPerUnit();
            clampPan();
            update();
            return;
        }
    }
    const int entry = entryAt(event->position());
    if (entry != hovered_) {
        hovered_ = entry;
        update();
    }
}

void MemoryMapView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !pressed_) return QWidget::mouseReleaseEvent(event);
    const bool wasDrag = dragging_;
    pressed_ = dragging_ = false;
    unsetCursor();
    if (wasDrag) return;
    const int entry = entryAt(event->position());
    if (entry < 0) return;
    selected_ = entry;
    update();
    emit entryActivated(entry);
    emit nodeActivated(plan_.entries[static_cast<size_t>(entry)].node);
}

void MemoryMapView::leaveEvent(QEvent* event) {
    hovered_ = -1;
    update();
    QWidget::leaveEvent(event);
}

void MemoryMapView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomIn();
            break;
        case Qt::Key_Minus:
            zoomOut();
            break;
        case Qt::Key_0:
        case Qt::Key_Home:
            resetZoom();
            break;
        case Qt::Key_Left:
            panBy(-plotRect().width() / 4);
            break;
        case Qt::Key_Right:
            panBy(plotRect().width() / 4);
            break;
        default:
            QWidget::keyPressEvent(event);
            return;
    }
    event->accept();
}

}  // namespace passscope::views

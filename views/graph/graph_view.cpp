#include "graph_view.h"

#include <algorithm>
#include <cmath>

#include <QKeyEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include "legend_widget.h"
#include "marked_scroll_bar.h"
#include "minimap.h"

namespace passscope::views {

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent) {
    setDragMode(QGraphicsView::ScrollHandDrag);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setBackgroundBrush(QColor(0xfa, 0xfb, 0xfc));
    setFocusPolicy(Qt::StrongFocus);
    legend_ = new LegendWidget(this);  // in the top margin, outside the viewport
    minimap_ = new Minimap(this, viewport());
    markedBar_ = new MarkedScrollBar(Qt::Vertical, this);
    setVerticalScrollBar(markedBar_);
    connect(legend_, &LegendWidget::entriesChanged, this, &GraphView::placeOverlays);
    placeOverlays();
}

void GraphView::setZoom(double factor) {
    factor = std::clamp(factor, 0.02, 8.0);
    const double current = zoom();
    if (current > 0) scale(factor / current, factor / current);
    emit viewChanged();
    minimap_->update();
}

void GraphView::zoomBy(double factor) {
    setZoom(zoom() * factor);
}

void GraphView::fitAll() {
    if (!scene()) return;
    fitInView(sceneRect(), Qt::KeepAspectRatio);
    if (zoom() > 1.0) setZoom(1.0);  // a small graph is shown at its natural size, not blown up
    emit viewChanged();
    minimap_->update();
}

QRectF GraphView::visibleSceneRect() const {
    return mapToScene(viewport()->rect()).boundingRect();
}

void GraphView::showStart(const QRectF& anchor) {
    if (!scene()) return;
    fitAll();
    if (zoom() >= kReadableZoom) return;
    // Too big to read whole: start legible on the inputs, as Netron does; the minimap shows the rest.
    setZoom(kReadableZoom);
    showAnchor(anchor);
}

void GraphView::showAnchor(const QRectF& anchor) {
    if (!scene()) return;
    if (zoom() < kReadableZoom) setZoom(kReadableZoom);
    const QRectF visible = visibleSceneRect();
    const QRectF r = sceneRect();
    if (r.width() <= visible.width() && r.height() <= visible.height()) {  // all of it fits: show all
        centerOn(r.center());
        emit viewChanged();
        minimap_->update();
        return;
    }
    QRectF target = anchor.isNull() ? QRectF(r.center().x(), r.top(), 0, 0) : anchor;
    // Inputs spread wider than the view: start on the first (leftmost) one's side.
    const double x = target.width() > visible.width() * 0.9 ? target.left() + visible.width() / 2 - 20
                                                            : target.center().x();
    centerOn(x, target.top() - 8 + visible.height() / 2);
    emit viewChanged();
    minimap_->update();
}

void GraphView::centerOnItem(const QGraphicsItem* item) {
    if (!item) return;
    if (zoom() < 0.5) setZoom(0.8);  // jump close enough to read the box
    centerOn(item);
    emit viewChanged();
}

void GraphView::bringIntoView(const std::vector<QRectF>& boxes) {
    if (!scene() || boxes.empty()) return;
    QRectF all;
    for (const QRectF& box : boxes) all = all.isNull() ? box : all.united(box);
    const QSizeF area = viewport()->size();
    if (area.isEmpty() || all.isEmpty()) return;
    const double current = zoom();
    const double exactFit = std::min(area.width() / all.width(), area.height() / all.height());
    if (exactFit >=
        kReadableZoom) {  // they fit at a legible zoom: all of them, with a margin if there is room
        constexpr double kMargin = 24;  // screen pixels around them
        const double marginFit = std::min((area.width() - 2 * kMargin) / all.width(),
                                          (area.height() - 2 * kMargin) / all.height());
        double target = std::max(current, kReadableZoom);
        if (marginFit < target) target = std::max(kReadableZoom, std::min(marginFit, exactFit));
        if (std::abs(target - current) < 1e-9 && visibleSceneRect().contains(all)) return;  // in view already
        if (std::abs(target - current) >= 1e-9) setZoom(target);
        centerOn(all.center());
    } else {  // too far apart: the first, at the zoom that shows the most of the others legibly
        if (std::abs(current - kReadableZoom) >= 1e-9) setZoom(kReadableZoom);
        centerOn(boxes.front().center());
    }
    emit viewChanged();
    minimap_->viewport()->update();
}

void GraphView::setMarks(std::vector<ViewMark> marks) {
    marks_ = std::move(marks);
    updateScrollBarMarks();
    minimap_->viewport()->update();
}

// The scroll bar's length stands for the scene rectangle's height.
void GraphView::updateScrollBarMarks() {
    std::vector<MarkedScrollBar::Mark> bar;
    const QRectF r = scene() ? sceneRect() : QRectF();
    if (r.height() > 0)
        for (const ViewMark& m : marks_)
            bar.push_back(
                {(m.rect.top() - r.top()) / r.height(), (m.rect.bottom() - r.top()) / r.height(), m.color});
    markedBar_->setMarks(std::move(bar));
}

void GraphView::setMinimapVisible(bool visible) {
    minimap_->setVisible(visible);
}

void GraphView::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ShiftModifier) {  // shift+wheel scrolls sideways, as elsewhere
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void GraphView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomBy(1.25);
            return;
        case Qt::Key_Minus:
            zoomBy(0.8);
            return;
        case Qt::Key_0:
            fitAll();
            return;
        default:
            QGraphicsView::keyPressEvent(event);
    }
}

void GraphView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    placeOverlays();
}

void GraphView::scrollContentsBy(int dx, int dy) {
    QGraphicsView::scrollContentsBy(dx, dy);
    placeMinimap();  // the viewport scrolled its child widgets along: the minimap goes back to its corner
    emit viewChanged();
    minimap_->update();
}

void GraphView::placeOverlays() {
    const int frame = frameWidth();
    const int stripWidth = width() - 2 * frame;
    const int strip = legend_->entries().empty() ? 0 : legend_->heightForWidth(stripWidth);
    legend_->setVisible(strip > 0);
    if (strip > 0) legend_->setGeometry(frame, frame, stripWidth, strip);
    if (viewportMargins().top() != strip) setViewportMargins(0, strip, 0, 0);
    placeMinimap();
}

void GraphView::placeMinimap() {
    const QSize area = viewport()->size();
    const QSize map(std::min(180, area.width() / 5), std::min(130, area.height() / 5));
    minimap_->setGeometry(area.width() - map.width() - 10, area.height() - map.height() - 10, map.width(),
                          map.height());
}

}  // namespace passscope::views

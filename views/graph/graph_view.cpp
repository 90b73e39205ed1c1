#include "graph_view.h"

#include <algorithm>
#include <cmath>

#include <QKeyEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include "legend_widget.h"
#include "minimap.h"

namespace passscope::views {

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent) {
    setDragMode(QGraphicsView::ScrollHandDrag);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setBackgroundBrush(QColor(0xfa, 0xfb, 0xfc));
    setFocusPolicy(Qt::StrongFocus);
    legend_ = new LegendWidget(viewport());
    minimap_ = new Minimap(this, viewport());
    placeOverlays();
}

void GraphView::setZoom(double factor) {
    factor = std::clamp(factor, 0.02, 8.0);
    const double current = zoom();
    if (current > 0) scale(factor / current, factor / current);
    emit viewChanged();
    minimap_->update();
}

void GraphView::zoomBy(double factor) { setZoom(zoom() * factor); }

void GraphView::fitAll() {
    if (!scene()) return;
    fitInView(sceneRect(), Qt::KeepAspectRatio);
    if (zoom() > 1.0) setZoom(1.0);  // a small graph is shown at its natural size, not blown up
    emit viewChanged();
    minimap_->update();
}

void GraphView::showStart() {
    if (!scene()) return;
    fitAll();
    if (zoom() >= kReadableZoom) return;
    // Too big to read whole: start readable at the top (the inputs), as Netron does; the minimap
    // shows the rest.
    setZoom(kReadableZoom);
    const QRectF r = sceneRect();
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    centerOn(r.center().x(), r.top() + visible.height() / 2);
    emit viewChanged();
}

void GraphView::centerOnItem(const QGraphicsItem* item) {
    if (!item) return;
    if (zoom() < 0.5) setZoom(0.8);  // jump close enough to read the box
    centerOn(item);
    emit viewChanged();
}

void GraphView::setMinimapVisible(bool visible) { minimap_->setVisible(visible); }

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
    case Qt::Key_Equal: zoomBy(1.25); return;
    case Qt::Key_Minus: zoomBy(0.8); return;
    case Qt::Key_0: fitAll(); return;
    default: QGraphicsView::keyPressEvent(event);
    }
}

void GraphView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    placeOverlays();
}

void GraphView::scrollContentsBy(int dx, int dy) {
    QGraphicsView::scrollContentsBy(dx, dy);
    emit viewChanged();
    minimap_->update();
}

void GraphView::placeOverlays() {
    const QSize area = viewport()->size();
    const QSize map(std::min(180, area.width() / 5), std::min(130, area.height() / 5));
    minimap_->setGeometry(area.width() - map.width() - 10, area.height() - map.height() - 10, map.width(), map.height());
    legend_->move(10, 10);
}

}  // namespace passscope::views

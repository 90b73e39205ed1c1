#include "minimap.h"

#include <QMouseEvent>

#include "graph_view.h"

namespace passscope::views {

Minimap::Minimap(GraphView* main, QWidget* parent) : QGraphicsView(parent), main_(main) {
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setInteractive(false);
    setFrameShape(QFrame::Box);
    setBackgroundBrush(QColor(255, 255, 255, 230));
    setRenderHint(QPainter::Antialiasing, false);
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Overview: click or drag to move the view"));
}

void Minimap::fitScene() {
    if (main_->scene() != scene()) setScene(main_->scene());
    if (scene()) fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
}

void Minimap::drawForeground(QPainter* painter, const QRectF&) {
    const QRectF visible = main_->mapToScene(main_->viewport()->rect()).boundingRect();
    painter->setPen(QPen(QColor(0xd0, 0x3a, 0x2f), 0));
    painter->setBrush(QColor(0xd0, 0x3a, 0x2f, 30));
    painter->drawRect(visible);
}

void Minimap::mousePressEvent(QMouseEvent* event) {
    follow(event->pos());
}

void Minimap::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & Qt::LeftButton) follow(event->pos());
}

void Minimap::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    fitScene();
}

void Minimap::showEvent(QShowEvent* event) {
    QGraphicsView::showEvent(event);
    fitScene();
}

void Minimap::follow(const QPoint& pos) {
    main_->centerOn(mapToScene(pos));
    viewport()->update();
}

}  // namespace passscope::views

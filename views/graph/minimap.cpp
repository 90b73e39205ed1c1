#include "minimap.h"

#include <QMouseEvent>
#include <QPainter>

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
    // The window's frame in slate blue: red is the colour of removed nodes.
    // Its tint under the step's changes, its outline over them.
    const QColor frame(0x2f, 0x4f, 0x8f);
    const QRectF visible = main_->mapToScene(main_->viewport()->rect()).boundingRect();
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(frame.red(), frame.green(), frame.blue(), 30));
    painter->drawRect(visible);
    // The changes, each at least kMarkPixels wide so that one box among thousands shows.
    const double scale = transform().m11();
    if (scale > 0) {
        constexpr double kMarkPixels = 5;
        const double least = kMarkPixels / scale;
        for (const ViewMark& mark : main_->marks()) {
            QRectF r = mark.rect;
            if (r.width() < least) r.adjust(-(least - r.width()) / 2, 0, (least - r.width()) / 2, 0);
            if (r.height() < least) r.adjust(0, -(least - r.height()) / 2, 0, (least - r.height()) / 2);
            painter->setBrush(mark.color);
            painter->drawRect(r);
        }
    }
    painter->setPen(QPen(frame, 0));
    painter->setBrush(Qt::NoBrush);
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

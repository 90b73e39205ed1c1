#include "edge_item.h"

#include <cmath>

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include "item_style.h"
#include "layout/layout_types.h"

namespace passscope::views {

EdgeItem::EdgeItem(int fromItem, int toItem, const std::vector<QPointF>& spline, QPointF arrowTip)
    : from_(fromItem), to_(toItem) {
    setZValue(1);
    setFlag(ItemIsSelectable);  // the properties panel shows the values it carries
    if (spline.empty()) return;
    path_.moveTo(spline.front());
    for (size_t i = 1; i + 2 < spline.size(); i += 3) path_.cubicTo(spline[i], spline[i + 1], spline[i + 2]);
    if (spline.size() < 4 && spline.size() > 1) path_.lineTo(spline.back());
    const QPointF end = spline.back();
    QPointF tip = arrowTip;
    if (QLineF(end, tip).length() < 0.5) {  // no separate arrow tip: point along the last segment
        const QPointF before = spline.size() > 1 ? spline[spline.size() - 2] : end - QPointF(0, 1);
        const QLineF dir(before, end);
        tip = end;
        const double len = std::max(dir.length(), 1e-6);
        const QPointF unit = (end - before) / len;
        arrow_ << tip << tip - unit * kArrowLength + QPointF(-unit.y(), unit.x()) * 3.5
               << tip - unit * kArrowLength - QPointF(-unit.y(), unit.x()) * 3.5;
    } else {
        const QLineF dir(end, tip);
        const QPointF unit = (tip - end) / std::max(dir.length(), 1e-6);
        const QPointF normal(-unit.y(), unit.x());
        arrow_ << tip << end + normal * 3.5 << end - normal * 3.5;
    }
    labelAt_ = path_.pointAtPercent(0.5);
}

void EdgeItem::setState(State state) {
    if (state == state_) return;
    state_ = state;
    update();
}

void EdgeItem::setLabel(const QString& label) {
    if (label == label_) return;
    prepareGeometryChange();
    label_ = label;
    update();
}

void EdgeItem::setStubTag(const QRectF& tag, const QString& text) {
    prepareGeometryChange();
    tag_ = tag;
    tagText_ = text;
    setToolTip(text);
    update();
}

QRectF EdgeItem::boundingRect() const {
    QRectF r = path_.boundingRect().united(arrow_.boundingRect()).adjusted(-3, -3, 3, 3);
    if (isStub()) r = r.united(tag_.adjusted(-1, -1, 1, 1));
    if (!label_.isEmpty()) r = r.united(QRectF(labelAt_ + QPointF(3, -8), QSizeF(110, 14)));
    return r;
}

QPainterPath EdgeItem::shape() const {
    QPainterPathStroker stroker;
    stroker.setWidth(6);
    QPainterPath shape = stroker.createStroke(path_);
    if (isStub()) shape.addRect(tag_);
    return shape;
}

void EdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setRenderHint(QPainter::Antialiasing, lod > 0.3);
    QColor color(0x60, 0x60, 0x60);
    QPen pen(color, 1.2);
    if (state_ == State::Added) pen = QPen(color = style::addedColor(), 2);
    if (state_ == State::Ghost) pen = QPen(color = style::ghostColor(), 1.2, Qt::DashLine);
    if (isSelected()) pen.setWidthF(pen.widthF() + 1.5);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path_);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawPolygon(arrow_);
    if (isStub()) {
        painter->setPen(pen);
        painter->setBrush(QColor(0xee, 0xf1, 0xf5));
        painter->drawRoundedRect(tag_, 3, 3);
        if (lod > 0.3) {
            painter->setPen(color);
            painter->setFont(style::smallFont());
            const QRectF text = tag_.adjusted(3, 0, -2, 0);
            painter->drawText(
                text, Qt::AlignVCenter | Qt::AlignLeft,
                painter->fontMetrics().elidedText(tagText_, Qt::ElideMiddle, int(text.width())));
        }
        return;
    }
    if (!label_.isEmpty() && lod > 0.9) {
        painter->setPen(QColor(0x55, 0x55, 0x55));
        painter->setFont(style::smallFont());
        painter->drawText(labelAt_ + QPointF(4, 3), label_);
    }
}

}  // namespace passscope::views

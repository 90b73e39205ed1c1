#include "group_item.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "item_style.h"

namespace passscope::views {

GroupItem::GroupItem(int group, QString label, QString path, QSizeF size)
    : group_(group),
      label_(std::move(label)),
      box_(-size.width() / 2, -size.height() / 2, size.width(), size.height()) {
    setFlag(ItemIsSelectable);
    setToolTip(QCoreApplication::translate("GraphScene", "%1\nDouble-click to open this scope.").arg(path));
    setZValue(2);
}

void GroupItem::setLook(const GroupLook& look) {
    if (look == look_) return;
    look_ = look;
    setVisible(look.visible);
    update();
}

QRectF GroupItem::boundingRect() const {
    return box_.adjusted(-2, -2, 6, 6);
}

void GroupItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setRenderHint(QPainter::Antialiasing, lod > 0.3);
    // A second frame offset behind the box reads as "a stack of nodes".
    painter->setPen(QPen(QColor(0x88, 0x99, 0xaa), 1));
    painter->setBrush(QColor(0xdd, 0xe6, 0xef));
    painter->drawRoundedRect(box_.translated(4, 4), 6, 6);
    const bool changed = look_.added + look_.removed + look_.edited > 0;
    painter->setBrush(look_.fill.isValid() ? look_.fill
                      : changed            ? QColor(0xff, 0xf4, 0xdc)
                                           : QColor(0xee, 0xf3, 0xf8));
    QPen pen(changed ? style::editedColor() : QColor(0x55, 0x66, 0x77), changed ? 2.5 : 1.2);
    if (look_.searchHit) pen = QPen(style::searchColor(), 4);
    if (isSelected()) pen = QPen(Qt::black, 3, Qt::DashLine);
    painter->setPen(pen);
    painter->drawRoundedRect(box_, 6, 6);
    painter->setBrush(Qt::NoBrush);
    if (lod < 0.35) return;

    painter->setPen(QColor(0x1f, 0x2d, 0x3a));
    painter->setFont(style::titleFont());
    const QRectF titleRect(box_.left() + 8, box_.top() + 3, box_.width() - 16, 20);
    painter->drawText(
        titleRect, Qt::AlignCenter,
        QFontMetricsF(style::titleFont()).elidedText(label_, Qt::ElideMiddle, titleRect.width()));
    painter->setFont(style::smallFont());
    QString counts = QCoreApplication::translate("GraphScene", "%n node(s)", nullptr, look_.nodes);
    if (look_.added) counts += QStringLiteral("  +%1").arg(look_.added);
    if (look_.removed) counts += QStringLiteral("  −%1").arg(look_.removed);
    if (look_.edited) counts += QStringLiteral("  ~%1").arg(look_.edited);
    painter->drawText(QRectF(box_.left() + 8, box_.top() + 23, box_.width() - 16, 16), Qt::AlignCenter,
                      counts);
}

ClusterItem::ClusterItem(int group, QString label, QRectF rect, int depth)
    : group_(group), label_(std::move(label)), rect_(rect), depth_(depth) {
    setZValue(-10 + depth);
    setToolTip(
        QCoreApplication::translate("GraphScene", "%1\nDouble-click to close this scope.").arg(label_));
}

void ClusterItem::setRect(const QRectF& rect) {
    if (rect == rect_) return;
    prepareGeometryChange();
    rect_ = rect;
}

void ClusterItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const int shade = std::max(0xe4, 0xf6 - 6 * depth_);
    painter->setPen(QPen(QColor(0x9a, 0xa8, 0xb6), 1, Qt::DashLine));
    painter->setBrush(QColor(shade, shade + (0xff - shade) / 3, 0xff));
    painter->drawRoundedRect(rect_, 8, 8);
    if (lod < 0.3) return;
    painter->setPen(QColor(0x44, 0x55, 0x66));
    painter->setFont(style::textFont());
    painter->drawText(rect_.adjusted(8, 2, -8, 0), Qt::AlignTop | Qt::AlignLeft, label_);
}

}  // namespace passscope::views

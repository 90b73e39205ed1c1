#include "node_item.h"

#include <QFontInfo>
#include <QFontMetricsF>

#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>

#include "item_style.h"

namespace passscope::views {

namespace {
constexpr double kSimplifiedHeader = 6;  // the op colour as a strip on top of a simplified box
}  // namespace

NodeItem::NodeItem(NodeId id, QString opType, QString name, QColor headerColor, QSizeF size)
    : id_(id),
      opType_(std::move(opType)),
      name_(std::move(name)),
      header_(headerColor),
      box_(-size.width() / 2, -size.height() / 2, size.width(), size.height()) {
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setToolTip(name_.isEmpty() ? opType_ : opType_ + QStringLiteral("\n") + name_);
    setZValue(2);
}

void NodeItem::setLook(const NodeLook& look) {
    if (look == look_) return;
    look_ = look;
    setVisible(look.presence != NodeLook::Presence::Hidden);
    setOpacity(look.presence == NodeLook::Presence::Ghost ? 0.55 : 1.0);
    update();
}

QRectF NodeItem::boundingRect() const {
    return box_.adjusted(-6, -10, 10, 6);
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const bool ghost = look_.presence == NodeLook::Presence::Ghost;
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setRenderHint(QPainter::Antialiasing, lod > 0.3);
    const bool simplified = lod < kSimplifiedBelow;
    const double headerHeight = simplified ? kSimplifiedHeader : 17;
    QPainterPath shape;
    shape.addRoundedRect(box_, 5, 5);

    painter->fillPath(
        shape, ghost ? QColor(0xf2, 0xf2, 0xf2) : (look_.fill.isValid() ? look_.fill : QColor(Qt::white)));
    QPainterPath header;
    header.addRoundedRect(QRectF(box_.left(), box_.top(), box_.width(), headerHeight + 5), 5, 5);
    header = header.intersected([&] {
        QPainterPath clip;
        clip.addRect(QRectF(box_.left(), box_.top(), box_.width(), headerHeight));
        return clip;
    }());
    painter->fillPath(header, ghost ? style::ghostColor() : header_);

    // Border: the change mark wins over an overlay's border; the search hit over both.
    QPen pen(QColor(0x55, 0x55, 0x55), 1);
    if (look_.border.isValid()) pen = QPen(look_.border, 2.5);
    if (look_.mark == NodeLook::Mark::Added) pen = QPen(style::addedColor(), 3);
    if (look_.mark == NodeLook::Mark::Edited) pen = QPen(style::editedColor(), 3);
    if (look_.mark == NodeLook::Mark::Removed) pen = QPen(style::removedColor(), 2.5, Qt::DashLine);
    if (look_.searchHit) pen = QPen(style::searchColor(), 4);
    if (isSelected()) pen = QPen(Qt::black, 3, Qt::DashLine);
    painter->setPen(pen);
    painter->drawPath(shape);
    // An overlay's border under a mark (a TransData the step inserted) stays visible as an inner
    // ring, so the box says both what the step did and what the overlay knows.
    if (look_.border.isValid() && pen.color() != look_.border) {
        QPainterPath inner;
        inner.addRoundedRect(box_.adjusted(3.5, 3.5, -3.5, -3.5), 3, 3);
        painter->setPen(QPen(look_.border, 2));
        painter->drawPath(inner);
    }

    if (simplified) {  // too small for the full box: the op type alone, large
        if (lod < kNoTextBelow) return;
        QFont big = style::titleFont();
        big.setPixelSize(std::max(1, static_cast<int>(simplifiedTitlePixels())));
        painter->setFont(big);
        painter->setPen(ghost ? QColor(0x80, 0x80, 0x80) : QColor(0x22, 0x22, 0x22));
        painter->drawText(box_.adjusted(2, headerHeight, -2, 0), Qt::AlignCenter, opType_);
        return;
    }
    painter->setPen(Qt::white);
    painter->setFont(style::titleFont());
    painter->drawText(QRectF(box_.left() + 4, box_.top(), box_.width() - 8, headerHeight), Qt::AlignCenter,
                      opType_);
    painter->setPen(ghost ? QColor(0x80, 0x80, 0x80) : QColor(0x22, 0x22, 0x22));
    painter->setFont(style::textFont());
    const QFontMetricsF text(style::textFont());
    const QRectF nameRect(box_.left() + 6, box_.top() + headerHeight + 1, box_.width() - 12, 15);
    painter->drawText(nameRect, Qt::AlignCenter, text.elidedText(name_, Qt::ElideMiddle, nameRect.width()));
    painter->setFont(style::smallFont());
    const QFontMetricsF small(style::smallFont());
    double y = nameRect.bottom();
    for (const QString& line : look_.weightLines) {
        if (y + 12 > box_.bottom()) break;
        const QRectF r(box_.left() + 6, y, box_.width() - 12, 12);
        painter->drawText(r, Qt::AlignLeft | Qt::AlignVCenter,
                          small.elidedText(line, Qt::ElideRight, r.width()));
        y += 12;
    }
    paintBadges(painter, box_);
}

double NodeItem::simplifiedTitlePixels() const {
    // Below the header's thin strip, as wide as the box allows (bold glyphs are ~0.62 em wide).
    const double byHeight = (box_.height() - kSimplifiedHeader) * 0.8;
    const double byWidth = (box_.width() - 4) / (0.62 * std::max<qsizetype>(1, opType_.size()));
    return std::clamp(std::min(byHeight, byWidth), 1.0, 48.0);
}

double NodeItem::titleScreenPixels(double zoom) const {
    if (zoom < kNoTextBelow) return 0;
    if (zoom < kSimplifiedBelow) return simplifiedTitlePixels() * zoom;
    return QFontInfo(style::titleFont()).pixelSize() * zoom;
}

// Small round letters at the top right corner: F folded, P potential constant, ✕ folding off, + added.
void NodeItem::paintBadges(QPainter* painter, const QRectF& box) const {
    struct Badge {
        QColor color;
        QString letter;
    };
    std::vector<Badge> badges;
    if (look_.folded) badges.push_back({style::foldedColor(), QStringLiteral("F")});
    if (look_.potentialConst) badges.push_back({style::potentialConstColor(), QStringLiteral("P")});
    if (look_.noFold) badges.push_back({style::removedColor(), QStringLiteral("✕")});
    if (look_.mark == NodeLook::Mark::Added) badges.push_back({style::addedColor(), QStringLiteral("+")});
    double x = box.right() - 4;
    painter->setFont(style::smallFont());
    for (const Badge& b : badges) {
        const QRectF circle(x - 7, box.top() - 7, 14, 14);
        painter->setPen(QPen(Qt::white, 1));
        painter->setBrush(b.color);
        painter->drawEllipse(circle);
        painter->drawText(circle, Qt::AlignCenter, b.letter);
        x -= 16;
    }
    painter->setBrush(Qt::NoBrush);
}

}  // namespace passscope::views

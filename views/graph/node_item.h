#pragma once
// A node's box: op type in a coloured header, the node name, and the weights it reads (drawn
// inside, as Netron does). Its look at the current step is set from outside (NodeLook); the item
// only paints it.
#include <QColor>
#include <QGraphicsItem>
#include <QStringList>

#include "ir/node.h"

namespace passscope::views {

struct NodeLook {
    enum class Presence { Hidden, Shown, Ghost };
    enum class Mark { None, Added, Removed, Edited };
    Presence presence = Presence::Shown;
    Mark mark = Mark::None;
    QColor fill;                    // overlay colour of the body; invalid = white
    QColor border;                  // an overlay's border (TransData); invalid = none
    QStringList weightLines;        // "W ⟨64×3×3×3⟩"
    bool folded = false;            // a constant made by folding
    bool potentialConst = false;    // _is_potential_const (docs/ge-constant-folding.md §5)
    bool noFold = false;            // _do_not_constant_folding set
    bool constantsTouched = false;  // reads a constant the step created, replaced or edited
    bool searchHit = false;
    bool operator==(const NodeLook&) const = default;
};

class NodeItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 1 };
    NodeItem(NodeId id, QString opType, QString name, QColor headerColor, QSizeF size);

    int type() const override { return Type; }
    NodeId nodeId() const { return id_; }
    const QString& opType() const { return opType_; }
    const QString& name() const { return name_; }
    const NodeLook& look() const { return look_; }
    void setLook(const NodeLook& look);

    // How tall, in screen pixels, the op type is drawn at `zoom`: the full box (op type, name,
    // weights) from kSimplifiedBelow up, else the op type alone, as large as the box allows, so
    // that a graph seen whole still says what its boxes are. 0 when no text is drawn.
    static constexpr double kSimplifiedBelow =
        0.55;  // below GraphView::kReadableZoom, with room for rounding
    static constexpr double kNoTextBelow = 0.1;
    double titleScreenPixels(double zoom) const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  private:
    void paintBadges(QPainter* painter, const QRectF& box) const;
    double simplifiedTitlePixels() const;  // scene pixels of the op type in the simplified form
    NodeId id_;
    QString opType_, name_;
    QColor header_;
    QRectF box_;
    NodeLook look_;
};

}  // namespace passscope::views

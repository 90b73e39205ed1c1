#pragma once
// A collapsed name-scope group: one box standing for all the nodes inside, with how many there
// are and how many the selected step added, removed or changed. Double-click opens it.
#include <QColor>
#include <QGraphicsItem>

namespace passscope::views {

struct GroupLook {
    bool visible = true;  // some member exists at this step (or was removed by it)
    int nodes = 0;        // members present at this step
    int added = 0, removed = 0, edited = 0;
    bool searchHit = false;
    QColor fill;  // an overlay's colour for the members (the numeric overlay's worst); invalid = none
    bool operator==(const GroupLook&) const = default;
};

class GroupItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 2 };
    GroupItem(int group, QString label, QString path, QSizeF size);

    int type() const override { return Type; }
    int group() const { return group_; }
    const QString& label() const { return label_; }
    const GroupLook& look() const { return look_; }
    void setLook(const GroupLook& look);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  private:
    int group_;
    QString label_;
    QRectF box_;
    GroupLook look_;
};

// The frame around an expanded group's contents; double-click on its title collapses it.
class ClusterItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 3 };
    ClusterItem(int group, QString label, QRectF rect, int depth);
    int type() const override { return Type; }
    int group() const { return group_; }
    QRectF boundingRect() const override { return rect_.adjusted(-1, -1, 1, 1); }
    const QRectF& rect() const { return rect_; }
    void setRect(const QRectF& rect);
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  private:
    int group_;
    QString label_;
    QRectF rect_;
    int depth_;
};

}  // namespace passscope::views

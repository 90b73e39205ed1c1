#pragma once
// A data edge between two boxes, along Graphviz's spline, with an arrow head and (when zoomed in
// far enough to read it) the shape of the value it carries. A stub (layout/shared_values.h) is
// a tag naming a shared value beside its reader, with a short arrow into the reader's side;
// clicking it goes to the value's producer (GraphScene).
#include <vector>

#include <QGraphicsItem>
#include <QPainterPath>

namespace passscope::views {

class EdgeItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 4 };
    enum class State { Normal, Added, Ghost };
    EdgeItem(int fromItem, int toItem, const std::vector<QPointF>& spline, QPointF arrowTip);

    int type() const override { return Type; }
    int fromItem() const { return from_; }
    int toItem() const { return to_; }
    void setState(State state);
    State state() const { return state_; }
    void setLabel(const QString& label);
    const QString& label() const { return label_; }
    // Makes the edge a stub: `tag` (scene coordinates) names the value, `text` its producer.
    void setStubTag(const QRectF& tag, const QString& text);
    bool isStub() const { return !tag_.isNull(); }
    const QString& stubText() const { return tagText_; }
    QRectF stubTag() const { return tag_; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  private:
    int from_, to_;
    QPainterPath path_;
    QPolygonF arrow_;
    QPointF labelAt_;
    QString label_;
    QRectF tag_;
    QString tagText_;
    State state_ = State::Normal;
};

}  // namespace passscope::views

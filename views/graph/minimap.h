#pragma once
// A small overview of the whole scene with the main view's visible area as a frame and the boxes
// the selected step changed marked in the overlay's colours (GraphView::marks()); clicking or
// dragging in it moves the main view there.
#include <QGraphicsView>

namespace passscope::views {

class GraphView;

class Minimap : public QGraphicsView {
    Q_OBJECT
  public:
    Minimap(GraphView* main, QWidget* parent);
    void fitScene();

  protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

  private:
    void follow(const QPoint& pos);
    GraphView* main_;
};

}  // namespace passscope::views

#pragma once
// The view on a GraphScene: wheel zooms around the mouse, dragging pans, + / - / 0 (fit) and the
// arrow keys work from the keyboard, a minimap sits in the bottom-right corner and a legend of
// the overlay in the top-left.
#include <QGraphicsView>

namespace passscope::views {

class LegendWidget;
class Minimap;

class GraphView : public QGraphicsView {
    Q_OBJECT
  public:
    explicit GraphView(QWidget* parent = nullptr);

    double zoom() const { return transform().m11(); }
    void setZoom(double factor);  // absolute scale, clamped to [0.02, 8]
    void zoomBy(double factor);
    void fitAll();
    // The first view of a graph: all of it when that is readable, else its top at a readable zoom.
    void showStart();
    static constexpr double kReadableZoom = 0.6;
    void centerOnItem(const QGraphicsItem* item);
    LegendWidget* legend() const { return legend_; }
    Minimap* minimap() const { return minimap_; }
    void setMinimapVisible(bool visible);

  signals:
    void viewChanged();  // zoom or scroll changed (side-by-side views follow each other)

  protected:
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

  private:
    void placeOverlays();
    LegendWidget* legend_;
    Minimap* minimap_;
};

}  // namespace passscope::views

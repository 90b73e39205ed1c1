#pragma once
// The view on a GraphScene: wheel zooms around the mouse, dragging pans, + / - / 0 (fit) and the
// arrow keys work from the keyboard, a minimap sits in the bottom-right corner and the legend of
// the overlay in a strip above the drawing (a margin of the view: it never covers a node).
// The nodes the selected step changed are marked on the minimap and the vertical scroll bar.
#include <vector>

#include <QColor>
#include <QGraphicsView>

namespace passscope::views {

class LegendWidget;
class MarkedScrollBar;
class Minimap;

// A box to mark on the overviews (minimap, scroll bar): where it is in the scene, and its colour.
struct ViewMark {
    QRectF rect;
    QColor color;
};

class GraphView : public QGraphicsView {
    Q_OBJECT
  public:
    explicit GraphView(QWidget* parent = nullptr);

    double zoom() const { return transform().m11(); }
    void setZoom(double factor);  // absolute scale, clamped to [0.02, 8]
    void zoomBy(double factor);
    void fitAll();
    // The first view of a graph: all of it when that is readable, else `anchor` (the graph's
    // inputs) at the top of the view at a zoom where labels are legible, as Netron opens a model.
    // An empty anchor stands for the top of the scene.
    void showStart(const QRectF& anchor = {});
    // Keeps the zoom (at least kReadableZoom) and brings `anchor` to the top of the view.
    void showAnchor(const QRectF& anchor);
    static constexpr double kReadableZoom = 0.6;
    // The scene rectangle the viewport shows.
    QRectF visibleSceneRect() const;
    void centerOnItem(const QGraphicsItem* item);
    // Brings `boxes` (scene rectangles, the first the most important) into view: all of them,
    // centred, when they fit the viewport at kReadableZoom (at the current zoom if they fit there,
    // else the largest from kReadableZoom up at which they do); else the first, centred, at
    // kReadableZoom. A view that shows them all already at a legible zoom does not move.
    void bringIntoView(const std::vector<QRectF>& boxes);
    // The boxes the minimap and the vertical scroll bar mark.
    void setMarks(std::vector<ViewMark> marks);
    const std::vector<ViewMark>& marks() const { return marks_; }
    MarkedScrollBar* markedScrollBar() const { return markedBar_; }
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
    void placeMinimap();  // in the bottom-right corner of the viewport
    void updateScrollBarMarks();
    LegendWidget* legend_;
    Minimap* minimap_;
    MarkedScrollBar* markedBar_;
    std::vector<ViewMark> marks_;
};

}  // namespace passscope::views

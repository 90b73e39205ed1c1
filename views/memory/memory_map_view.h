#pragma once
// The variable memory plan drawn as a memory map: one horizontal band per memory type (HBM, RDMA,
// host), each entry a bar at its address with a width proportional to its block (or to log2 of
// it), coloured by kind; entries that reuse another's memory are hatched and linked under their
// owner (docs/ge-variables.md §4, the reuse rules). The wheel zooms around the pointer, dragging pans,
// hovering explains a bar, clicking it activates its node.
#include <QWidget>

#include "memory/memory_map_layout.h"
#include "vars/var_memory_plan.h"

namespace passscope::views {

class MemoryMapView : public QWidget {
    Q_OBJECT
  public:
    using Scale = MemoryMapLayout::Scale;
    static constexpr double kMinBarWidth = 3.0;  // pixels: a 512-byte block in a 1 GiB pool stays visible

    explicit MemoryMapView(QWidget* parent = nullptr);

    void setPlan(VarMemoryPlan plan);
    const VarMemoryPlan& plan() const { return plan_; }

    int barCount() const { return static_cast<int>(plan_.entries.size()); }
    // The bar of a plan entry in widget coordinates (at least kMinBarWidth wide); empty for an
    // invalid entry. It may lie outside the visible plot when zoomed in.
    QRectF barRect(int entry) const;
    int entryAt(const QPointF& pos) const;  // the topmost visible bar under pos, or -1
    QString toolTipFor(int entry) const;
    QString emptyMessage() const;

    Scale scale() const { return scale_; }
    void setScale(Scale scale);
    double zoom() const { return zoom_; }
    int selectedEntry() const { return selected_; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  public slots:
    void setSelectedEntry(int entry);  // highlights the bar and scrolls it into view; emits nothing
    void zoomIn();
    void zoomOut();
    void resetZoom();

  signals:
    void nodeActivated(passscope::NodeId id);
    void entryActivated(int entry);

  protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    // Vertical geometry of a band, in widget coordinates.
    struct BandRows {
        double top = 0;
        double axisTop = 0;
        double bottom = 0;
        double laneTop(int lane) const;
        static double laneHeight(int lane);
    };

    // Horizontal transform: abstract layout units <-> widget x.
    QRectF plotRect() const;
    double pixelsPerUnit() const;
    double unitToX(double unit) const;
    double xToUnit(double x) const;
    double maxZoom() const;
    void zoomAround(double x, double factor);
    void panBy(double pixels);
    void clampPan();
    void relayout();
    int contentHeight() const;

    void paintEmpty(QPainter& p) const;
    void paintLegend(QPainter& p) const;
    QFont smallFont() const;
    void paintCaption(QPainter& p, size_t band, const BandRows& rows) const;
    void paintBand(QPainter& p, size_t band, const BandRows& rows) const;
    void paintAxis(QPainter& p, size_t band, const BandRows& rows) const;
    void paintBar(QPainter& p, int entry) const;
    void paintLink(QPainter& p, int entry) const;

    VarMemoryPlan plan_;
    MemoryMapLayout layout_;
    std::vector<BandRows> rows_;  // one per layout band
    Scale scale_ = Scale::Linear;
    double zoom_ = 1.0;  // 1 = the widest pool fits the plot
    double pan_ = 0.0;   // layout unit at the plot's left edge
    int selected_ = -1;
    int hovered_ = -1;
    // Drag to pan: a press becomes a drag once it moves past the platform's drag distance.
    bool pressed_ = false;
    bool dragging_ = false;
    QPointF pressPos_;
    double pressPan_ = 0.0;
};

}  // namespace passscope::views

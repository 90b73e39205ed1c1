#pragma once
// A chart of the pipeline over its positions: live nodes (left axis) and bytes of constant tensors
// (right axis), stage boundaries marked, a vertical marker at the position shown. Hovering names
// the pass and its values; clicking picks a position. Painted with QPainter (Qt Charts is not a
// dependency).
#include <memory>

#include <QWidget>

#include "runner/pipeline_result.h"
#include "timeline/pipeline_series.h"

namespace passscope::views {

class PassChart : public QWidget {
    Q_OBJECT
  public:
    explicit PassChart(QWidget* parent = nullptr);

    // Uses result->series when it covers every position, otherwise computes it here.
    void setResult(std::shared_ptr<const PipelineResult> result);
    const PipelineSeries& series() const { return series_; }
    // The position the marker shows; does not emit positionSelected.
    void setPosition(size_t position);
    size_t position() const { return position_; }

    // Where a position is drawn, and the position nearest to a point (clamped to the plot).
    QRectF plotRect() const;
    qreal xForPosition(size_t position) const;
    size_t positionAt(const QPointF& point) const;
    // The hover text for a position: the pass that led to it and both values.
    QString toolTipFor(size_t position) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  signals:
    void positionSelected(size_t position);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool event(QEvent* event) override;

  private:
    struct Range {
        double low = 0;
        double high = 1;
        double step = 1;
    };
    size_t lastPosition() const { return series_.empty() ? 0 : series_.positions() - 1; }
    qreal yFor(double value, const Range& range) const;
    void paintEmpty(QPainter& p) const;
    void paintStages(QPainter& p) const;
    void paintAxes(QPainter& p) const;
    void paintSeries(QPainter& p) const;
    void paintMarkers(QPainter& p) const;
    void paintLegend(QPainter& p) const;
    QString stageOfPosition(size_t position) const;

    std::shared_ptr<const PipelineResult> result_;
    PipelineSeries series_;
    Range nodeRange_;
    Range byteRange_;
    size_t position_ = 0;
    long long hovered_ = -1;  // position under the mouse, or -1
};

}  // namespace passscope::views

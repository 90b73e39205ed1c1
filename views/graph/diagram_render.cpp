#include "diagram_render.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include "legend_widget.h"

namespace passscope::views {

namespace {
constexpr double kMaxPixels = 16000;  // per side; QImage and viewers struggle beyond
// The context of this file's messages in the translations. A free tr() would be filed by lupdate
// under the namespace, a context nothing asks for at run time.
struct DiagramRender {
    Q_DECLARE_TR_FUNCTIONS(DiagramRender)
};
}  // namespace

bool renderSceneToFile(QGraphicsScene& scene, const QString& path, QString* error,
                       const PictureLegend* legend) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    QRectF source = scene.itemsBoundingRect().adjusted(-20, -20, 20, 20);
    if (source.isEmpty()) {
        if (error) *error = DiagramRender::tr("there is nothing to draw");
        return false;
    }
    // The legend strip, in scene units above the drawing; a narrow graph widens the picture so the
    // key stays readable.
    int strip = 0;
    if (legend && !legend->entries.empty()) {
        const int width = std::max(static_cast<int>(std::ceil(source.width())), 480);
        source.setWidth(width);
        strip = legendHeight(legend->title, legend->entries, width);
    }
    const QSizeF drawing = source.size();
    const QSizeF total(drawing.width(), drawing.height() + strip);
    auto drawLegend = [&](QPainter& painter) {
        if (strip > 0)
            paintLegend(painter, QRect(0, 0, static_cast<int>(drawing.width()), strip), legend->title,
                        legend->entries);
    };
    if (suffix == QStringLiteral("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(total.toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), total));
        svg.setTitle(QStringLiteral("PassScope"));
        QPainter painter;
        if (!painter.begin(&svg)) {
            if (error) *error = DiagramRender::tr("could not write %1").arg(path);
            return false;
        }
        drawLegend(painter);
        scene.render(&painter, QRectF(QPointF(0, strip), drawing), source);
        painter.end();
        if (!QFileInfo::exists(path)) {
            if (error) *error = DiagramRender::tr("could not write %1").arg(path);
            return false;
        }
        return true;
    }
    if (suffix == QStringLiteral("png")) {
        // Sharp on screens (up to 2x) for small drawings, at most ~4,000 px for large ones, and
        // never beyond what QImage can hold.
        const double side = std::max(total.width(), total.height());
        const double scale = std::min(
            {std::clamp(4096.0 / side, 1.0, 2.0), kMaxPixels / total.width(), kMaxPixels / total.height()});
        QImage image((total * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        if (image.isNull()) {
            if (error) *error = DiagramRender::tr("the picture is too large to draw");
            return false;
        }
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        painter.scale(scale, scale);
        drawLegend(painter);
        painter.resetTransform();
        scene.render(&painter, QRectF(QPointF(0, strip * scale), drawing * scale), source);
        painter.end();
        if (!image.save(path, "PNG")) {
            if (error) *error = DiagramRender::tr("could not write %1").arg(path);
            return false;
        }
        return true;
    }
    if (error) *error = DiagramRender::tr("unknown picture format “%1” (use .svg or .png)").arg(suffix);
    return false;
}

}  // namespace passscope::views

#include "diagram_render.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

namespace passscope::views {

namespace {
constexpr double kMaxPixels = 16000;  // per side; QImage and viewers struggle beyond
QString tr(const char* text) {
    return QCoreApplication::translate("DiagramRender", text);
}
}  // namespace

bool renderSceneToFile(QGraphicsScene& scene, const QString& path, QString* error) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QRectF source = scene.itemsBoundingRect().adjusted(-20, -20, 20, 20);
    if (source.isEmpty()) {
        if (error) *error = tr("there is nothing to draw");
        return false;
    }
    if (suffix == QStringLiteral("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(source.size().toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
        svg.setTitle(QStringLiteral("PassScope"));
        QPainter painter;
        if (!painter.begin(&svg)) {
            if (error) *error = tr("could not write %1").arg(path);
            return false;
        }
        scene.render(&painter, QRectF(QPointF(0, 0), source.size()), source);
        painter.end();
        if (!QFileInfo::exists(path)) {
            if (error) *error = tr("could not write %1").arg(path);
            return false;
        }
        return true;
    }
    if (suffix == QStringLiteral("png")) {
        // Sharp on screens (up to 2x) for small drawings, at most ~4,000 px for large ones, and
        // never beyond what QImage can hold.
        const double side = std::max(source.width(), source.height());
        const double scale = std::min(
            {std::clamp(4096.0 / side, 1.0, 2.0), kMaxPixels / source.width(), kMaxPixels / source.height()});
        QImage image((source.size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        if (image.isNull()) {
            if (error) *error = tr("the picture is too large to draw");
            return false;
        }
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        scene.render(&painter, QRectF(QPointF(0, 0), image.size()), source);
        painter.end();
        if (!image.save(path, "PNG")) {
            if (error) *error = tr("could not write %1").arg(path);
            return false;
        }
        return true;
    }
    if (error) *error = tr("unknown picture format “%1” (use .svg or .png)").arg(suffix);
    return false;
}

}  // namespace passscope::views

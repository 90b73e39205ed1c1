#pragma once
// Writes a scene as a picture: SVG (vector, through QSvgGenerator) or PNG (raster, scaled down
// when the drawing would exceed 16,000 pixels on a side). Used by the GUI's export and by
// `passscope-cli render`, so both draw the same picture.
#include <vector>

#include <QString>

#include "overlay.h"

class QGraphicsScene;

namespace passscope::views {

// The key drawn above the graph in a picture (the view shows it as a widget, which a picture of
// the scene alone would lack).
struct PictureLegend {
    QString title;
    std::vector<LegendEntry> entries;
};

// The format comes from the extension (.svg or .png); false with a message otherwise. With a
// legend that has entries, the picture starts with its strip, as wide as the drawing.
bool renderSceneToFile(QGraphicsScene& scene, const QString& path, QString* error,
                       const PictureLegend* legend = nullptr);

}  // namespace passscope::views

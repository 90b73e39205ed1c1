#pragma once
// Writes a scene as a picture: SVG (vector, through QSvgGenerator) or PNG (raster, scaled down
// when the drawing would exceed 16,000 pixels on a side). Used by the GUI's export and by
// `passscope-cli render`, so both draw the same picture.
#include <QString>

class QGraphicsScene;

namespace passscope::views {

// The format comes from the extension (.svg or .png); false with a message otherwise.
bool renderSceneToFile(QGraphicsScene& scene, const QString& path, QString* error);

}  // namespace passscope::views

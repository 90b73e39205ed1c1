#pragma once
// What colours the boxes mean: the change marks of the selected step, the origin or storage
// format of each node's first output (docs/ge-formats.md §2), or the constant-folding marks
// (docs/ge-constant-folding.md §5, §6: potential and folded constants). The legend uses the same table.
#include <optional>
#include <vector>

#include <QColor>
#include <QString>

#include "ir/format.h"

namespace passscope::views {

enum class OverlayMode { Changes, OriginFormat, StorageFormat, Constants };

// "changes", "origin-format", "storage-format", "constants" (CLI and session files).
QString overlayKey(OverlayMode mode);
std::optional<OverlayMode> overlayFromKey(const QString& key);
QString overlayTitle(OverlayMode mode);  // translated, for menus
std::vector<OverlayMode> allOverlays();

struct LegendEntry {
    enum class Swatch { Fill, Border, Dashed, Badge };
    QColor color;
    Swatch swatch = Swatch::Fill;
    QString text;
};

// `formats` are the formats present in the graph shown (only those get a swatch).
std::vector<LegendEntry> legendFor(OverlayMode mode, const std::vector<Format>& formats);

}  // namespace passscope::views

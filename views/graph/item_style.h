#pragma once
// How boxes look: fonts, sizes and the colours of op categories, change marks and formats. One
// place, so the scene, the legend and the headless renderer agree.
#include <QColor>
#include <QFont>
#include <QSizeF>
#include <QString>

#include "diagram/visible_plan.h"
#include "graph/overlay.h"
#include "ir/format.h"

namespace passscope::views::style {

QFont titleFont();
QFont textFont();
QFont smallFont();

inline constexpr double kMinNodeWidth = 84;
inline constexpr double kMaxNodeWidth = 240;
inline constexpr int kMaxWeightLines = 3;

// The box size of a visible item (the ItemSizer of planVisible()).
QSizeF itemSize(const DiagramModel& diagram, const VisibleItem& item);

// Header colour of an op's box, by category (convolution, activation, normalisation, ...).
QColor opColor(const std::string& opType, const std::string& domain);

QColor addedColor();
QColor removedColor();
QColor editedColor();
QColor ghostColor();
QColor searchColor();
QColor potentialConstColor();
QColor foldedColor();
QColor transDataColor();
// The numeric overlay's colour of a level (a fill; Unpaired's is a border). Invalid for Same.
QColor numericColor(NumericLevel level);
// A distinct colour per tensor format (ND, NCHW, NC1HWC0, FRACTAL_Z, ...).
QColor formatColor(Format format);

// Text of a group box: a scope's label, or "first … last" node of a stretch of a large flat level.
QString groupLabel(const ScopeGroup& group);

}  // namespace passscope::views::style

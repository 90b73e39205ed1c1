#pragma once
// What colours the boxes mean: the change marks of the selected step, the origin or storage
// format of each node's first output (docs/ge-formats.md §2), the constant-folding marks
// (docs/ge-constant-folding.md §5, §6: potential and folded constants), or how far each node's
// outputs are from the original graph's (docs/bisect.md §6). The legend uses the same table.
#include <optional>
#include <unordered_map>
#include <vector>

#include <QColor>
#include <QString>

#include "ir/format.h"
#include "ir/node.h"

namespace passscope::views {

enum class OverlayMode { Changes, OriginFormat, StorageFormat, Constants, Numeric, NodeData };

// "changes", "origin-format", "storage-format", "constants", "numeric", "node-data" (CLI and
// session files).
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

// How far a node's outputs are from the original's values at the step shown (the numeric
// overlay): the worst of its outputs. Values that differ are those beyond bisect's tolerance
// (docs/bisect.md §1); the grades go by the largest relative difference.
enum class NumericLevel {
    Same,          // within tolerance (unmarked)
    Slight,        // differs, at most 1 % relative
    Moderate,      // differs, at most 100 % relative
    Large,         // more than 100 %, an infinity or NaN against a number, or another dtype or shape
    Unpaired,      // a value the original has nothing to compare with (a node a pass made)
    NotEvaluated,  // no value computed (a node without a kernel, or after one)
};
// `maxRel` as TensorComparison's: 0 when a value differs only where the original is 0, or differs
// in dtype, shape or integer values; such a difference is Large.
NumericLevel numericLevel(bool paired, bool compared, bool equal, double maxRel);
// The level a node shows for its outputs' levels: a difference beats "unpaired" beats "not evaluated".
NumericLevel worstLevel(NumericLevel a, NumericLevel b);
// Each node's level in the graph shown (absent: not known yet).
using NumericLevels = std::unordered_map<NodeId, NumericLevel>;
// The node data overlay's fill of each node of the graph shown (other tools' numbers,
// views/numeric/node_data_overlay.h); its legend comes with it.
using NodeColors = std::unordered_map<NodeId, QColor>;

// `formats` are the formats present in the graph shown (only those get a swatch). NodeData: none
// (its entries come with its colours).
std::vector<LegendEntry> legendFor(OverlayMode mode, const std::vector<Format>& formats);

}  // namespace passscope::views

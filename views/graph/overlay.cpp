#include "overlay.h"

#include <QCoreApplication>

#include "item_style.h"

namespace passscope::views {

namespace {
// The context of this file's messages in the translations. A free tr() would be filed by lupdate
// under the namespace, a context nothing asks for at run time.
struct Overlay {
    Q_DECLARE_TR_FUNCTIONS(Overlay)
};
}  // namespace

QString overlayKey(OverlayMode mode) {
    switch (mode) {
        case OverlayMode::Changes:
            return QStringLiteral("changes");
        case OverlayMode::OriginFormat:
            return QStringLiteral("origin-format");
        case OverlayMode::StorageFormat:
            return QStringLiteral("storage-format");
        case OverlayMode::Constants:
            return QStringLiteral("constants");
        case OverlayMode::Numeric:
            return QStringLiteral("numeric");
        case OverlayMode::NodeData:
            return QStringLiteral("node-data");
    }
    return {};
}

std::optional<OverlayMode> overlayFromKey(const QString& key) {
    for (OverlayMode mode : allOverlays())
        if (overlayKey(mode) == key) return mode;
    return std::nullopt;
}

QString overlayTitle(OverlayMode mode) {
    switch (mode) {
        case OverlayMode::Changes:
            return Overlay::tr("Changes of the step");
        case OverlayMode::OriginFormat:
            return Overlay::tr("Origin format");
        case OverlayMode::StorageFormat:
            return Overlay::tr("Storage format");
        case OverlayMode::Constants:
            return Overlay::tr("Constant folding marks");
        case OverlayMode::Numeric:
            return Overlay::tr("Numeric difference");
        case OverlayMode::NodeData:
            return Overlay::tr("Node data");
    }
    return {};
}

std::vector<OverlayMode> allOverlays() {
    return {OverlayMode::Changes,   OverlayMode::OriginFormat, OverlayMode::StorageFormat,
            OverlayMode::Constants, OverlayMode::Numeric,      OverlayMode::NodeData};
}

NumericLevel numericLevel(bool paired, bool compared, bool equal, double maxRel) {
    if (!paired) return NumericLevel::Unpaired;
    if (!compared) return NumericLevel::NotEvaluated;
    if (equal) return NumericLevel::Same;
    if (maxRel == 0 || !(maxRel <= 1.0)) return NumericLevel::Large;  // NaN and inf too
    return maxRel <= 0.01 ? NumericLevel::Slight : NumericLevel::Moderate;
}

NumericLevel worstLevel(NumericLevel a, NumericLevel b) {
    // By rank: Large > Moderate > Slight > Unpaired > NotEvaluated > Same.
    auto rank = [](NumericLevel l) {
        switch (l) {
            case NumericLevel::Same:
                return 0;
            case NumericLevel::NotEvaluated:
                return 1;
            case NumericLevel::Unpaired:
                return 2;
            case NumericLevel::Slight:
                return 3;
            case NumericLevel::Moderate:
                return 4;
            case NumericLevel::Large:
                return 5;
        }
        return 0;
    };
    return rank(a) >= rank(b) ? a : b;
}

std::vector<LegendEntry> legendFor(OverlayMode mode, const std::vector<Format>& formats) {
    using S = LegendEntry::Swatch;
    std::vector<LegendEntry> entries;
    switch (mode) {
        case OverlayMode::Changes:
            entries.push_back({style::addedColor(), S::Border, Overlay::tr("added by this step")});
            entries.push_back(
                {style::removedColor(), S::Dashed, Overlay::tr("removed by this step (ghost)")});
            entries.push_back({style::editedColor(), S::Border, Overlay::tr("changed by this step")});
            entries.push_back(
                {style::foldedColor(), S::Badge, Overlay::tr("F: reads a constant made by folding")});
            break;
        case OverlayMode::OriginFormat:
        case OverlayMode::StorageFormat:
            for (Format f : formats)
                entries.push_back({style::formatColor(f), S::Fill, QString::fromLatin1(formatName(f))});
            entries.push_back({style::transDataColor(), S::Border, Overlay::tr("TransData / ReFormat")});
            entries.push_back({style::addedColor(), S::Badge, Overlay::tr("+: inserted by this step")});
            entries.push_back(
                {style::removedColor(), S::Dashed, Overlay::tr("removed by this step (ghost)")});
            break;
        case OverlayMode::Constants:
            entries.push_back(
                {style::foldedColor(), S::Fill, Overlay::tr("reads a constant made by folding")});
            entries.push_back({style::foldedColor(), S::Border,
                               Overlay::tr("reads a constant this step made or replaced")});
            entries.push_back({style::potentialConstColor(), S::Fill,
                               Overlay::tr("potential constant (marked, not folded)")});
            entries.push_back(
                {style::removedColor(), S::Badge, Overlay::tr("✕: folding switched off for the node")});
            break;
        case OverlayMode::Numeric:
            entries.push_back({style::numericColor(NumericLevel::Slight), S::Fill,
                               Overlay::tr("differs from the original by at most 1 %")});
            entries.push_back(
                {style::numericColor(NumericLevel::Moderate), S::Fill, Overlay::tr("by at most 100 %")});
            entries.push_back({style::numericColor(NumericLevel::Large), S::Fill,
                               Overlay::tr("by more, inf/NaN, or another type or shape")});
            entries.push_back({style::numericColor(NumericLevel::Unpaired), S::Border,
                               Overlay::tr("new: nothing in the original to compare")});
            entries.push_back(
                {style::numericColor(NumericLevel::NotEvaluated), S::Fill, Overlay::tr("not evaluated")});
            break;
        case OverlayMode::NodeData:  // the entries come with the data (GraphPanel::setNodeData)
            break;
    }
    return entries;
}

}  // namespace passscope::views

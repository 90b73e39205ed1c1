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
    }
    return {};
}

std::vector<OverlayMode> allOverlays() {
    return {OverlayMode::Changes, OverlayMode::OriginFormat, OverlayMode::StorageFormat,
            OverlayMode::Constants};
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
    }
    return entries;
}

}  // namespace passscope::views

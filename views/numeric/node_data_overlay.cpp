#include "numeric/node_data_overlay.h"

#include <algorithm>
#include <cmath>

#include "graph/item_style.h"
#include "util/diagnostics.h"

namespace passscope::views {
namespace {

bool isTensorPath(const QString& s) {
    return s.endsWith(QLatin1String(".pb")) || s.endsWith(QLatin1String(".npy")) ||
           s.endsWith(QLatin1String(".tensorproto"));
}

QString numberText(double v) {
    return std::isfinite(v) ? QString::number(v, 'g', 4) : QString::number(v);
}

}  // namespace

void NodeDataOverlay::load(const QStringList& sources) {
    std::vector<numeric::NodeDataSet> sets;
    const bool oneFolderOfFiles =
        sources.size() > 2 && std::all_of(sources.begin(), sources.end(), isTensorPath);
    for (const QString& source : sources) {
        std::vector<numeric::NodeDataSet> read = numeric::readNodeData(source.toStdString());
        if (oneFolderOfFiles && !sets.empty()) {  // many tensor files picked: one set, as their folder
            for (auto& [name, tensor] : read.front().tensors)
                if (!sets.front().tensors.emplace(name, tensor).second)
                    throw ModelError("two files hold tensor '" + name + "'");
            continue;
        }
        for (numeric::NodeDataSet& s : read) sets.push_back(std::move(s));
    }
    if (oneFolderOfFiles)
        sets.front().label = tr("%n tensor file(s)", nullptr, int(sources.size())).toStdString();
    sets_ = std::move(sets);
    sources_ = sources;
}

void NodeDataOverlay::clear() {
    sets_.clear();
    sources_.clear();
    lastNotes_.clear();
}

QStringList NodeDataOverlay::notes() const {
    return lastNotes_;
}

NodeDataShown NodeDataOverlay::shownFor(const Graph& root, const GraphPath& body) const {
    NodeDataShown shown;
    if (sets_.empty()) {
        shown.note = tr("nothing loaded (View ▸ Node Data ▸ Load…)");
        return shown;
    }
    const numeric::NodeDataView view = numeric::nodeDataView(root, sets_);
    auto colors = std::make_shared<NodeColors>();
    const auto graph = view.nodes.find(body);
    size_t differing = 0;
    if (graph != view.nodes.end())
        for (const auto& [id, d] : graph->second) {
            QColor color;
            if (view.difference) {
                const NumericLevel level =
                    d.difference ? numericLevel(true, true, d.difference->equal, d.difference->maxRelDiff)
                                 : NumericLevel::Unpaired;
                differing += d.difference && !d.difference->equal ? 1 : 0;
                color = level == NumericLevel::Unpaired ? style::numericColor(level).lighter(160)
                                                        : style::numericColor(level);
            } else if (!d.color.empty()) {
                color = QColor(QString::fromStdString(d.color));
            }
            if (color.isValid()) (*colors)[id] = color;
            shown.texts[id] = QString::fromStdString(d.text);
        }
    using S = LegendEntry::Swatch;
    if (view.difference) {
        shown.legend = {
            {style::numericColor(NumericLevel::Slight), S::Fill, tr("differ by at most 1 %")},
            {style::numericColor(NumericLevel::Moderate), S::Fill, tr("by at most 100 %")},
            {style::numericColor(NumericLevel::Large), S::Fill,
             tr("by more, inf/NaN, or another type or shape")},
            {style::numericColor(NumericLevel::Unpaired).lighter(160), S::Fill, tr("in one file only")}};
    } else {
        const bool thresholds = !sets_.front().thresholds.empty();
        for (const numeric::ColorStop& stop : view.legend)
            shown.legend.push_back({QColor(QString::fromStdString(stop.color)), S::Fill,
                                    std::isnan(stop.at) ? tr("NaN or infinite")
                                    : thresholds        ? tr("≤ %1").arg(numberText(stop.at))
                                                        : numberText(stop.at)});
    }
    const QString title = QString::fromStdString(view.title);
    const size_t count = colors->size();
    shown.note = view.difference ? tr("%1, %n node(s) differ", nullptr, int(differing)).arg(title)
                                 : tr("%1, %n node(s)", nullptr, int(count)).arg(title);
    lastNotes_.clear();
    for (const std::string& n : view.notes) lastNotes_ << QString::fromStdString(n);
    if (!view.unmatchedKeys.empty()) {
        QStringList some;
        for (size_t i = 0; i < view.unmatchedKeys.size() && i < 5; ++i)
            some << QString::fromStdString(view.unmatchedKeys[i]);
        lastNotes_ << tr("%n key(s) name no node of this graph: %1%2", nullptr,
                         int(view.unmatchedKeys.size()))
                          .arg(some.join(QStringLiteral(", ")),
                               view.unmatchedKeys.size() > 5 ? QStringLiteral(", …") : QString());
    }
    shown.colors = std::move(colors);
    return shown;
}

}  // namespace passscope::views

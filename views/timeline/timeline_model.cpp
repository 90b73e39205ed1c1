#include "timeline/timeline_model.h"

#include <algorithm>
#include <map>

#include <QBrush>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include "ir/graph_path.h"
#include "pipeline/step_changes.h"

namespace passscope::views {
namespace {

// The descriptions of the statistics today's passes declare, for translation; a statistic not
// listed here (a new pass's) shows its engine description as it is.
[[maybe_unused]] constexpr const char* kKnownStatistics[] = {
    QT_TRANSLATE_NOOP("PassStatistic", "Nodes replaced by constants"),
    QT_TRANSLATE_NOOP("PassStatistic", "Operations removed (folded, dead, merged or bypassed)"),
    QT_TRANSLATE_NOOP("PassStatistic", "Bytes of constants created"),
    QT_TRANSLATE_NOOP("PassStatistic", "Bytes of constants deleted"),
    QT_TRANSLATE_NOOP("PassStatistic", "Potential constants marked"),
    QT_TRANSLATE_NOOP("PassStatistic", "Common subexpressions merged"),
    QT_TRANSLATE_NOOP("PassStatistic", "Potential-constant marks without a weight, cleared"),
    QT_TRANSLATE_NOOP("PassStatistic", "No-op dimension ops bypassed"),
    QT_TRANSLATE_NOOP("PassStatistic", "Pairs of dimension ops collapsed into one Reshape"),
    QT_TRANSLATE_NOOP("PassStatistic", "Nodes removed because nothing needs them"),
};

QString statisticLabel(const PassStatistic& stat) {
    const std::string& text = stat.description.empty() ? stat.name : stat.description;
    return QCoreApplication::translate("PassStatistic", text.c_str());
}

QString milliseconds(double seconds) {
    return QString::number(seconds * 1000.0, 'f', seconds < 0.001 ? 3 : 2);
}

// An empty cell for a zero count keeps the eye on the passes that did something.
QVariant countCell(int count) {
    return count ? QVariant(count) : QVariant();
}

}  // namespace

TimelineModel::TimelineModel(QObject* parent) : QAbstractTableModel(parent) {}

void TimelineModel::setResult(std::shared_ptr<const PipelineResult> result) {
    beginResetModel();
    result_ = std::move(result);
    counts_.clear();
    divergence_.reset();
    if (result_) {
        counts_.reserve(result_->journal.steps().size());
        const ConstantNodes constants(result_->journal, *result_->optimized.graph);
        // A pass run in a body counts the body's own nodes (in the main graph it only edits the
        // body's owner): the nodes the GUI marks when that body is opened at the step.
        std::map<GraphPath, ConstantNodes> bodyConstants;
        const Graph noBody;
        for (const JournalStep& s : result_->journal.steps()) {
            const ConstantNodes* known = &constants;
            if (!s.graph.empty()) {
                auto it = bodyConstants.find(s.graph);
                if (it == bodyConstants.end()) {
                    const Graph* body = resolvePath(*result_->optimized.graph, s.graph);
                    it =
                        bodyConstants
                            .emplace(s.graph, ConstantNodes(result_->journal, body ? *body : noBody, s.graph))
                            .first;
                }
                known = &it->second;
            }
            const StepNodeChanges c = classifyStep(s, *known, s.graph);
            counts_.push_back({static_cast<int>(c.added.size()), static_cast<int>(c.removed.size()),
                               static_cast<int>(c.edited.size()), static_cast<int>(c.constants.size())});
        }
    }
    endResetModel();
}

void TimelineModel::setDivergence(DivergenceMarks marks) {
    divergence_ = std::move(marks);
    if (rowCount() > 0) emit dataChanged(index(0, DivergenceColumn), index(rowCount() - 1, DivergenceColumn));
}

// "first ≠" on the first divergent run, "≠" or "=" on the other positions the bisection evaluated.
QVariant TimelineModel::divergenceData(int row, int role) const {
    if (!divergence_) return {};
    const size_t position = positionForRow(row);
    const bool first = divergence_->first == position;
    const auto verdict = divergence_->differs.find(position);
    switch (role) {
        case Qt::DisplayRole:
            if (first) return tr("first ≠");
            if (verdict == divergence_->differs.end()) return {};
            return verdict->second ? QStringLiteral("≠") : QStringLiteral("=");
        case Qt::ToolTipRole:
            if (first) return divergence_->detail;
            if (verdict == divergence_->differs.end()) return {};
            return verdict->second ? tr("The graph outputs at this step differ from the original's")
                                   : tr("The graph outputs at this step are the original's");
        case Qt::BackgroundRole:
            return first ? QVariant(QBrush(QColor(0xef, 0x6a, 0x6a))) : QVariant();
        case Qt::ForegroundRole:
            return first ? QVariant(QBrush(Qt::white)) : QVariant();
        case Qt::FontRole:
            if (first) {
                QFont bold = QGuiApplication::font();
                bold.setBold(true);
                return bold;
            }
            return {};
        default:
            return {};
    }
}

size_t TimelineModel::stepCount() const {
    return result_ ? result_->journal.steps().size() : 0;
}

int TimelineModel::rowForPosition(size_t position) const {
    if (!result_) return -1;
    return static_cast<int>(std::min(position, stepCount()));
}

const JournalStep* TimelineModel::stepAt(int row) const {
    if (!result_ || row < 1 || static_cast<size_t>(row) > stepCount()) return nullptr;
    return &result_->journal.steps()[static_cast<size_t>(row - 1)];
}

bool TimelineModel::isChanged(int row) const {
    if (row == 0) return result_ != nullptr;  // the original model is always worth a row
    const JournalStep* step = stepAt(row);
    return step && step->changed;
}

int TimelineModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !result_) return 0;
    return static_cast<int>(stepCount() + 1);
}

int TimelineModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TimelineModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const int row = index.row();
    if (role == FirstDivergentRole) return divergence_ && divergence_->first == positionForRow(row);
    if (index.column() == DivergenceColumn && role != Qt::TextAlignmentRole) {
        const QVariant v = divergenceData(row, role);
        if (v.isValid() || role == Qt::DisplayRole || role == Qt::ToolTipRole) return v;
    }
    switch (role) {
        case Qt::DisplayRole:
            return row == 0 ? originalRowData(index.column()) : displayData(row, index.column());
        case Qt::ToolTipRole:
            return toolTip(row);
        case ChangedRole:
            return isChanged(row);
        case PositionRole:
            return QVariant::fromValue<qulonglong>(positionForRow(row));
        case Qt::TextAlignmentRole:
            if (index.column() == StageColumn || index.column() == PassColumn)
                return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::ForegroundRole:
            if (!isChanged(row))
                return QBrush(QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text));
            return {};
        default:
            return {};
    }
}

QVariant TimelineModel::originalRowData(int column) const {
    switch (column) {
        case StepColumn:
            return 0;
        case PassColumn:  // a GE dump folder starts at its first stage (docs/ge-dumps.md §6)
            if (result_ && result_->source && result_->source->isDumpTimeline())
                return tr("%1 (first dump)")
                    .arg(QString::fromStdString(result_->source->stages.front().stage));
            return tr("Original model");
        default:
            return {};
    }
}

QVariant TimelineModel::displayData(int row, int column) const {
    const JournalStep& s = *stepAt(row);
    const RowCounts& c = counts_[static_cast<size_t>(row - 1)];
    switch (column) {
        case StepColumn:
            return row;
        case StageColumn:
            return QString::fromStdString(s.stage);
        case IterationColumn:
            return s.iteration;
        case PassColumn:  // a nested run on a body says which: "ConstantFoldingPass in If_0/then_branch"
            return s.graphName.empty()
                       ? QString::fromStdString(s.pass)
                       : tr("%1 in %2")
                             .arg(QString::fromStdString(s.pass), QString::fromStdString(s.graphName));
        case AddedColumn:
            return countCell(c.added);
        case RemovedColumn:
            return countCell(c.removed);
        case EditedColumn:
            return countCell(c.edited);
        case ConstantsColumn:
            return countCell(c.constants);
        case UnfoldedColumn:
            return countCell(static_cast<int>(s.unfolded.size()));
        case TimeColumn:
            return milliseconds(s.seconds);
        default:
            return {};
    }
}

QString TimelineModel::toolTip(int row) const {
    const PipelineSeries& series = result_->series;
    const size_t position = positionForRow(row);
    QString nodes;
    if (position < series.positions())
        nodes = tr("%n node(s) in the graph", nullptr, static_cast<int>(series.nodeCounts[position]));
    if (row == 0) {
        const QString text = tr("The model as loaded, before the first pass.");
        return nodes.isEmpty() ? text : text + QLatin1Char('\n') + nodes;
    }

    const JournalStep& s = *stepAt(row);
    const PassStats& st = s.stats;
    const RowCounts& c = counts_[static_cast<size_t>(row - 1)];
    QStringList lines;
    lines << tr("%1 — stage %2, iteration %3")
                 .arg(QString::fromStdString(s.pass), QString::fromStdString(s.stage))
                 .arg(s.iteration);
    if (!s.graphName.empty()) lines << tr("Inside the body %1").arg(QString::fromStdString(s.graphName));
    lines << (s.changed ? tr("%n change(s) recorded", nullptr, static_cast<int>(s.changes.size()))
                        : tr("Changed nothing"));
    lines << (s.graphName.empty() ? tr("Nodes added %1, removed %2, edited %3")
                                  : tr("Nodes of the body added %1, removed %2, edited %3"))
                 .arg(c.added)
                 .arg(c.removed)
                 .arg(c.edited);
    if (c.constants) lines << tr("Constant nodes created, deleted or edited: %1").arg(c.constants);
    // The pass's own statistics, whatever it declared: description and value of each nonzero one.
    for (const PassStatistic& stat : st.entries())
        if (stat.value) lines << tr("%1: %2").arg(statisticLabel(stat)).arg(stat.value);
    if (!s.unfolded.empty()) lines << tr("Nodes left unfolded: %1").arg(s.unfolded.size());
    lines << tr("Time: %1 ms").arg(milliseconds(s.seconds));
    if (!nodes.isEmpty()) lines << nodes;
    return lines.join(QLatin1Char('\n'));
}

QVariant TimelineModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
            case StepColumn:
                return tr("Position in the pipeline: the graph after this many steps");
            case DivergenceColumn:
                return tr(
                    "Whether the graph outputs at the step differ from the original's, where Find First "
                    "Divergent Step evaluated them (= the same, ≠ different), and the first pass run whose "
                    "outputs differ");
            case IterationColumn:
                return tr("Iteration of the stage (stages repeat their passes to a fixed point)");
            case AddedColumn:
                return tr("Computing nodes the pass added (constants are counted apart)");
            case RemovedColumn:
                return tr("Computing nodes the pass removed (constants are counted apart)");
            case EditedColumn:
                return tr(
                    "Nodes whose inputs, attributes or descriptions the pass changed (a rewire from one "
                    "constant to another is not counted)");
            case ConstantsColumn:
                return tr(
                    "Constant nodes the pass created, deleted or edited (e.g. an ONNX Constant folded into a "
                    "Const): a change of representation, not of what is computed");
            case UnfoldedColumn:
                return tr("Nodes a folding pass examined and left alone");
            case TimeColumn:
                return tr("Time the pass took, in milliseconds");
            default:
                return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
        case StepColumn:
            return tr("Step");
        case DivergenceColumn:
            return tr("Outputs");
        case StageColumn:
            return tr("Stage");
        case IterationColumn:
            return tr("Iter.");
        case PassColumn:
            return tr("Pass");
        case AddedColumn:
            return tr("Added");
        case RemovedColumn:
            return tr("Removed");
        case EditedColumn:
            return tr("Edited");
        case ConstantsColumn:
            return tr("Constants");
        case UnfoldedColumn:
            return tr("Unfolded");
        case TimeColumn:
            return tr("Time (ms)");
        default:
            return {};
    }
}

}  // namespace passscope::views

#pragma once
// The pass timeline as a table: row 0 is the model as loaded (position 0), row k is journal step
// k-1 and stands for position k, the graph after that step. Columns give each pass run's place in
// the pipeline (stage, iteration), what it changed (computing nodes added, removed, edited, and
// apart from them the constant nodes it created, deleted or edited: folding an ONNX Constant into
// a Const is a change of representation, not of computation; engine/pipeline/step_changes.h),
// what folding left alone, and its time. Once "Find First Divergent Step" has run, a column says
// which steps' outputs it found equal to the original's or different, and marks the first
// divergent run (docs/bisect.md §6).
#include <map>
#include <memory>
#include <optional>

#include <QAbstractTableModel>

#include "runner/pipeline_result.h"

namespace passscope::views {

// What a bisection found, per position: whether the outputs there differ from the original's (for
// the positions it evaluated), and the first pass run whose outputs differ.
struct DivergenceMarks {
    std::map<size_t, bool> differs;
    std::optional<size_t> first;
    QString detail;  // the tooltip of the first divergent row (its outputs that differ)
};

class TimelineModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        StepColumn,
        DivergenceColumn,
        StageColumn,
        IterationColumn,
        PassColumn,
        AddedColumn,
        RemovedColumn,
        EditedColumn,
        ConstantsColumn,
        UnfoldedColumn,
        TimeColumn,
        ColumnCount
    };
    enum Role {
        ChangedRole = Qt::UserRole + 1,  // bool: the step changed the graph (always true for row 0)
        PositionRole,                    // qulonglong: the journal position the row stands for
        FirstDivergentRole,              // bool: the row is the first divergent pass run
    };

    explicit TimelineModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const PipelineResult> result);  // clears the divergence marks
    void setDivergence(DivergenceMarks marks);
    const std::optional<DivergenceMarks>& divergence() const { return divergence_; }
    const PipelineResult* result() const { return result_.get(); }
    // Number of journal steps (positions run from 0 to this).
    size_t stepCount() const;

    size_t positionForRow(int row) const { return row < 0 ? 0 : static_cast<size_t>(row); }
    int rowForPosition(size_t position) const;
    // The journal step a row shows, or null for row 0 and rows out of range.
    const JournalStep* stepAt(int row) const;
    bool isChanged(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    // The per-step counts shown in the table, computed once per result (editedNodes() builds sets).
    struct RowCounts {
        int added = 0;
        int removed = 0;
        int edited = 0;
        int constants = 0;
    };
    QVariant displayData(int row, int column) const;
    QVariant originalRowData(int column) const;
    QString toolTip(int row) const;
    QVariant divergenceData(int row, int role) const;

    std::shared_ptr<const PipelineResult> result_;
    std::vector<RowCounts> counts_;  // index = step
    std::optional<DivergenceMarks> divergence_;
};

}  // namespace passscope::views

#pragma once
// The pass timeline as a table: row 0 is the model as loaded (position 0), row k is journal step
// k-1 and stands for position k, the graph after that step. Columns give each pass run's place in
// the pipeline (stage, iteration), what it changed (computing nodes added, removed, edited, and
// apart from them the constant nodes it created, deleted or edited: folding an ONNX Constant into
// a Const is a change of representation, not of computation; engine/pipeline/step_changes.h),
// what folding left alone, and its time.
#include <memory>

#include <QAbstractTableModel>

#include "runner/pipeline_result.h"

namespace passscope::views {

class TimelineModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        StepColumn,
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
    };

    explicit TimelineModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const PipelineResult> result);
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

    std::shared_ptr<const PipelineResult> result_;
    std::vector<RowCounts> counts_;  // index = step
};

}  // namespace passscope::views

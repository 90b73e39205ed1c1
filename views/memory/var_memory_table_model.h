#pragma once
// The entries of a variable memory plan as a table, one row per entry in assignment order:
// node, kind, memory type, address, block and tensor sizes, reuse, var key. Qt::UserRole carries
// a sortable value (numbers for addresses and sizes), EntryRole the plan entry's index.
#include <QAbstractTableModel>

#include "vars/var_memory_plan.h"

namespace passscope::views {

class VarMemoryTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        NameColumn,
        KindColumn,
        MemoryColumn,
        AddressColumn,
        BlockColumn,
        TensorColumn,
        ReuseColumn,
        KeyColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int EntryRole = Qt::UserRole + 1;

    explicit VarMemoryTableModel(QObject* parent = nullptr);

    void setPlan(VarMemoryPlan plan);
    const VarMemoryPlan& plan() const { return plan_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  private:
    QVariant display(const VarMemoryEntry& e, int row, int column) const;
    QVariant sortValue(const VarMemoryEntry& e, int row, int column) const;

    VarMemoryPlan plan_;
};

}  // namespace passscope::views

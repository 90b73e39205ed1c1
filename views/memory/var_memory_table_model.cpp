#include "memory/var_memory_table_model.h"

#include "memory/memory_labels.h"

namespace passscope::views {

VarMemoryTableModel::VarMemoryTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void VarMemoryTableModel::setPlan(VarMemoryPlan plan) {
    beginResetModel();
    plan_ = std::move(plan);
    endResetModel();
}

int VarMemoryTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(plan_.entries.size());
}

int VarMemoryTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant VarMemoryTableModel::display(const VarMemoryEntry& e, int row, int column) const {
    switch (column) {
        case NameColumn:
            return QString::fromStdString(e.nodeName);
        case KindColumn:
            return MemoryLabels::kind(e.kind);
        case MemoryColumn:
            return MemoryLabels::memoryType(e.memoryType);
        case AddressColumn:
            return MemoryLabels::address(e.logicAddress);
        case BlockColumn:
            return MemoryLabels::size(e.alignedSize);
        case TensorColumn:
            return e.sizeKnown ? MemoryLabels::size(e.tensorBytes) : tr("unknown");
        case ReuseColumn:
            return MemoryLabels::reuseSummary(plan_, static_cast<size_t>(row));
        case KeyColumn:
            return QString::fromStdString(e.varKey);
        default:
            return {};
    }
}

QVariant VarMemoryTableModel::sortValue(const VarMemoryEntry& e, int row, int column) const {
    switch (column) {
        case AddressColumn:
            return QVariant::fromValue<qulonglong>(e.logicAddress);
        case BlockColumn:
            return QVariant::fromValue<qulonglong>(e.alignedSize);
        case TensorColumn:
            return QVariant::fromValue<qulonglong>(e.tensorBytes);
        case MemoryColumn:
            return static_cast<int>(e.memoryType);
        default:
            return display(e, row, column);
    }
}

QVariant VarMemoryTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const VarMemoryEntry& e = plan_.entries[static_cast<size_t>(index.row())];
    switch (role) {
        case Qt::DisplayRole:
            return display(e, index.row(), index.column());
        case SortRole:
            return sortValue(e, index.row(), index.column());
        case EntryRole:
            return index.row();
        case Qt::ToolTipRole:
            return MemoryLabels::toolTip(plan_, static_cast<size_t>(index.row()));
        case Qt::DecorationRole:
            return index.column() == KindColumn ? QVariant(MemoryLabels::kindColor(e.kind)) : QVariant();
        case Qt::TextAlignmentRole: {
            const bool number = index.column() == BlockColumn || index.column() == TensorColumn;
            return QVariant::fromValue(Qt::AlignVCenter | (number ? Qt::AlignRight : Qt::AlignLeft));
        }
        default:
            return {};
    }
}

QVariant VarMemoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
        case NameColumn:
            return tr("Node");
        case KindColumn:
            return tr("Kind");
        case MemoryColumn:
            return tr("Memory");
        case AddressColumn:
            return tr("Address");
        case BlockColumn:
            return tr("Block");
        case TensorColumn:
            return tr("Tensor");
        case ReuseColumn:
            return tr("Reuse");
        case KeyColumn:
            return tr("Var key");
        default:
            return {};
    }
}

}  // namespace passscope::views

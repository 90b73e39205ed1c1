#include "panels/node_filter_proxy_model.h"

#include "panels/node_table_model.h"

namespace passscope::views {

NodeFilterProxyModel::NodeFilterProxyModel(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(Qt::DisplayRole);
}

void NodeFilterProxyModel::setPattern(const QString& pattern) {
    if (pattern == rule_.text() && !pattern.isEmpty()) return;
    rule_ = SearchRule(pattern);
    invalidateFilter();
    emit patternChanged(pattern, rule_.error().isEmpty());
}

bool NodeFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (rule_.isEmpty()) return true;
    const QAbstractItemModel* source = sourceModel();
    for (int column : {NodeTableModel::NameColumn, NodeTableModel::OpTypeColumn}) {
        const QString text =
            source->index(sourceRow, column, sourceParent).data(NodeTableModel::FilterTextRole).toString();
        if (rule_.matches(text)) return true;
    }
    return false;
}

}  // namespace passscope::views

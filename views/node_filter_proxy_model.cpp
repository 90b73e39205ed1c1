#include "node_filter_proxy_model.h"

#include <algorithm>

#include "node_table_model.h"

namespace passscope::views {

NodeFilterProxyModel::NodeFilterProxyModel(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(Qt::DisplayRole);
}

void NodeFilterProxyModel::setPattern(const QString& pattern) {
    if (pattern == pattern_ && !pattern.isEmpty()) return;
    pattern_ = pattern;
    const bool anyUpper = std::any_of(pattern.begin(), pattern.end(), [](QChar c) { return c.isUpper(); });
    const auto options =
        anyUpper ? QRegularExpression::NoPatternOption : QRegularExpression::CaseInsensitiveOption;
    regex_ = QRegularExpression(pattern, options);
    patternError_.clear();
    if (!regex_.isValid()) {
        patternError_ = regex_.errorString();
        regex_ = QRegularExpression(QRegularExpression::escape(pattern), options);
    }
    invalidateFilter();
    emit patternChanged(pattern_, patternError_.isEmpty());
}

bool NodeFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (pattern_.isEmpty()) return true;
    const QAbstractItemModel* source = sourceModel();
    for (int column : {NodeTableModel::NameColumn, NodeTableModel::OpTypeColumn}) {
        const QString text =
            source->index(sourceRow, column, sourceParent).data(NodeTableModel::FilterTextRole).toString();
        if (regex_.match(text).hasMatch()) return true;
    }
    return false;
}

}  // namespace passscope::views

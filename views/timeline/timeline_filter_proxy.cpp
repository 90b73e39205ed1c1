#include "timeline/timeline_filter_proxy.h"

#include "timeline/timeline_model.h"

namespace passscope::views {

TimelineFilterProxy::TimelineFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {}

void TimelineFilterProxy::setHideUnchanged(bool hide) {
    if (hide == hideUnchanged_) return;
    hideUnchanged_ = hide;
    invalidateFilter();
}

bool TimelineFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (!hideUnchanged_ || sourceRow == 0) return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    return index.data(TimelineModel::ChangedRole).toBool();
}

}  // namespace passscope::views

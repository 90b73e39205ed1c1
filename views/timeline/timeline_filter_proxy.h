#pragma once
// Hides the timeline rows of pass runs that changed nothing (most runs of a fixed-point stage's
// last iteration), so stepping goes from one change to the next. Row 0, the model as loaded,
// always stays.
#include <QSortFilterProxyModel>

namespace passscope::views {

class TimelineFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
  public:
    explicit TimelineFilterProxy(QObject* parent = nullptr);

    bool hidesUnchanged() const { return hideUnchanged_; }
    void setHideUnchanged(bool hide);

  protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

  private:
    bool hideUnchanged_ = false;
};

}  // namespace passscope::views

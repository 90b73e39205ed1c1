#pragma once
// Filters the node table by name or op type, by the same rule as the graph search (search_rule.h):
// a substring or a regular expression, in smart case.
#include <QSortFilterProxyModel>

#include "document/search_rule.h"

namespace passscope::views {

class NodeFilterProxyModel : public QSortFilterProxyModel {
    Q_OBJECT
  public:
    explicit NodeFilterProxyModel(QObject* parent = nullptr);

    void setPattern(const QString& pattern);
    QString pattern() const { return rule_.text(); }
    // Empty unless the pattern has regular-expression syntax but is not a valid expression (it is
    // then matched literally); otherwise why it is not valid.
    QString patternError() const { return rule_.error(); }

  signals:
    void patternChanged(const QString& pattern, bool valid);

  protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

  private:
    SearchRule rule_;
};

}  // namespace passscope::views

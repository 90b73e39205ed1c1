#pragma once
// Filters the node table by name or op type. The pattern is a regular expression (an invalid one
// is matched literally) and "smart case": case-insensitive unless it contains an upper-case letter,
// so "conv" finds every node with conv in its name and "Conv" the Conv nodes.
#include <QRegularExpression>
#include <QSortFilterProxyModel>

namespace passscope::views {

class NodeFilterProxyModel : public QSortFilterProxyModel {
    Q_OBJECT
  public:
    explicit NodeFilterProxyModel(QObject* parent = nullptr);

    void setPattern(const QString& pattern);
    QString pattern() const { return pattern_; }
    // Empty when the pattern is a valid regular expression; otherwise why it is not.
    QString patternError() const { return patternError_; }

  signals:
    void patternChanged(const QString& pattern, bool valid);

  protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

  private:
    QString pattern_;
    QString patternError_;
    QRegularExpression regex_;
};

}  // namespace passscope::views

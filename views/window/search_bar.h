#pragma once
// The tool bar's graph search: a field whose text highlights the matching nodes of the graph shown
// (by the node table's rule, document/search_rule.h) and a count; Enter goes to the next match.
#include <QWidget>

#include "ir/node.h"

class QLabel;
class QLineEdit;

namespace passscope::views {

class GraphPanel;
class ModelDocument;

class SearchBar : public QWidget {
    Q_OBJECT
  public:
    SearchBar(ModelDocument& document, GraphPanel& graph, QWidget* parent = nullptr);

    // Highlights the nodes matching `query` at the selected position; returns how many match.
    int search(const QString& query);
    // Shows the next match (hitChosen() follows).
    void jumpToNextHit();
    // The graph shown changed: its matches are found again.
    void refresh();

  signals:
    void hitChosen(passscope::NodeId id);

  private:
    ModelDocument& document_;
    GraphPanel& graph_;
    QLineEdit* edit_;
    QLabel* count_;
};

}  // namespace passscope::views

#pragma once
// The "Nodes" dock: the node table of the graph at the selected step (panels/node_table_model.h)
// with its filter (panels/node_filter_proxy_model.h) and a count. It follows the document itself,
// but is only refilled while it can be seen: a 20,000-row reset and re-sort blocks the UI for
// ~100 ms; whatever asks for the table brings it up to date (ensureCurrent).
#include <memory>

#include <QWidget>

#include "ir/node.h"

class QLabel;
class QLineEdit;
class QModelIndex;
class QTableView;

namespace passscope {
class Graph;
}

namespace passscope::views {

class ModelDocument;
class NodeFilterProxyModel;
class NodeTableModel;

class NodesPanel : public QWidget {
    Q_OBJECT
  public:
    explicit NodesPanel(ModelDocument& document, QWidget* parent = nullptr);

    // Fills the table with the graph it should show, if it is behind.
    void ensureCurrent() const;
    QTableView* table() const { return table_; }
    QLineEdit* filterEdit() const { return filterEdit_; }
    NodeFilterProxyModel* filter() const { return filter_; }
    NodeTableModel* model() const { return model_; }

    // Selects a node's row (clearing the filter if it hides it); rowChanged() follows. False when
    // the table has no such node.
    bool selectNode(NodeId id);
    bool selectNodeByName(const QString& name);
    // Selects the row of a node selected elsewhere (the graph) when the table is up to date;
    // rowChanged() follows as for selectNode.
    void followSelection(NodeId id);
    // Edit ▸ Filter Nodes.
    void focusFilter();

  signals:
    // The current row's node (kNoNode: none).
    void rowChanged(passscope::NodeId id);

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    // The document owns the graph; modelAboutToChange empties the table before it goes.
    void setGraph(const Graph* graph);
    bool tableVisible() const;
    void onFilterPatternChanged();
    void updateCount();

    ModelDocument& document_;
    NodeTableModel* model_;
    NodeFilterProxyModel* filter_;
    QLineEdit* filterEdit_;
    QLabel* count_;
    QTableView* table_;
    mutable std::shared_ptr<const Graph> pendingGraph_;  // set while the table is out of date
    mutable bool columnsSized_ = false;
};

}  // namespace passscope::views

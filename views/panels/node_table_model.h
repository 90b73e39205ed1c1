#pragma once
// One row per node of a graph, in id order: id, name, op type, domain, inputs, outputs. The input and
// output cells show each value's dtype and shape; the tooltip adds the value names. Structural nodes
// (Data, Const, NetOutput) are included but dimmed.
#include <memory>
#include <vector>

#include <QAbstractTableModel>

#include "ir/graph.h"

namespace passscope::views {

class NodeTableModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        IdColumn,
        NameColumn,
        OpTypeColumn,
        DomainColumn,
        InputsColumn,
        OutputsColumn,
        ColumnCount
    };
    enum Role {
        NodeIdRole = Qt::UserRole + 1,  // NodeId as uint
        FilterTextRole,  // what the filter matches: name for NameColumn, op type for OpTypeColumn
    };

    explicit NodeTableModel(QObject* parent = nullptr);

    // The graph must stay unchanged while shown; the pointer keeps it alive (use the aliasing
    // constructor to keep its owner alive too).
    void setGraph(std::shared_ptr<const Graph> graph);
    const Graph* graph() const { return graph_.get(); }
    const Node* nodeAt(int row) const;
    int rowOf(NodeId id) const;  // -1 when not shown

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  private:
    // withNames: "name  dtype[shape]" one per line (tooltip); otherwise "dtype[shape], ..." (cell).
    QString inputsText(const Node& node, bool withNames) const;
    QString outputsText(const Node& node, bool withNames) const;

    std::shared_ptr<const Graph> graph_;
    std::vector<const Node*> rows_;
};

}  // namespace passscope::views

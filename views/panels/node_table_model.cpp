#include "panels/node_table_model.h"

#include <algorithm>

#include <QApplication>
#include <QFontDatabase>
#include <QPalette>
#include <QStringList>

#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "text/desc_text.h"

namespace passscope::views {
namespace {

// An omitted optional value is shown as a dash.
QString valueText(const QString& name, const TensorDesc& desc, bool withName) {
    if (name.isEmpty()) return QStringLiteral("—");
    return withName ? name + QStringLiteral("  ") + views::descText(desc) : views::descText(desc);
}

QString joined(const QStringList& parts, bool withNames) {
    return parts.join(withNames ? QStringLiteral("\n") : QStringLiteral(", "));
}

}  // namespace

NodeTableModel::NodeTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void NodeTableModel::setGraph(std::shared_ptr<const Graph> graph) {
    beginResetModel();
    graph_ = std::move(graph);
    rows_ = graph_ ? graph_->nodes() : std::vector<const Node*>{};
    endResetModel();
}

const Node* NodeTableModel::nodeAt(int row) const {
    return row >= 0 && static_cast<size_t>(row) < rows_.size() ? rows_[static_cast<size_t>(row)] : nullptr;
}

int NodeTableModel::rowOf(NodeId id) const {
    // rows_ is in id order (Graph::nodes() returns live nodes by id).
    auto it =
        std::lower_bound(rows_.begin(), rows_.end(), id, [](const Node* n, NodeId v) { return n->id() < v; });
    return it != rows_.end() && (*it)->id() == id ? static_cast<int>(it - rows_.begin()) : -1;
}

int NodeTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int NodeTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString NodeTableModel::inputsText(const Node& node, bool withNames) const {
    QStringList parts;
    for (size_t i = 0; i < node.inputs().size(); ++i)
        parts << valueText(inputName(*graph_, node, i), inputDesc(*graph_, node, i), withNames);
    return joined(parts, withNames);
}

QString NodeTableModel::outputsText(const Node& node, bool withNames) const {
    QStringList parts;
    for (const NodeOutput& out : node.outputs())
        parts << valueText(QString::fromStdString(out.name), out.desc, withNames);
    return joined(parts, withNames);
}

QVariant NodeTableModel::data(const QModelIndex& index, int role) const {
    const Node* node = index.isValid() ? nodeAt(index.row()) : nullptr;
    if (!node) return {};
    const int column = index.column();
    switch (role) {
        case Qt::DisplayRole:
            switch (column) {
                case IdColumn:
                    return static_cast<uint>(node->id());  // numeric, so it sorts as a number
                case NameColumn:
                    return QString::fromStdString(node->displayName());
                case OpTypeColumn:
                    return QString::fromStdString(node->opType());
                case DomainColumn:
                    if (op::isStructural(node->opType(), node->domain())) return QString();
                    return QString::fromStdString(op::displayDomain(node->domain()));
                case InputsColumn:
                    return inputsText(*node, false);
                case OutputsColumn:
                    return outputsText(*node, false);
            }
            break;
        case Qt::ToolTipRole:
            switch (column) {
                case NameColumn:
                    return QString::fromStdString(node->displayName());
                case InputsColumn:
                    return inputsText(*node, true);
                case OutputsColumn:
                    return outputsText(*node, true);
            }
            break;
        case FilterTextRole:
            if (column == NameColumn) return QString::fromStdString(node->name());
            if (column == OpTypeColumn) return QString::fromStdString(node->opType());
            break;
        case NodeIdRole:
            return static_cast<uint>(node->id());
        case Qt::TextAlignmentRole:
            if (column == IdColumn) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
            break;
        case Qt::FontRole:
            if (column == InputsColumn || column == OutputsColumn)
                return QFontDatabase::systemFont(QFontDatabase::FixedFont);
            break;
        case Qt::ForegroundRole:
            // Graph structure (inputs, initializers, the output collector) is dimmed: the
            // computation is what the user reads first.
            if (op::isStructural(node->opType(), node->domain()))
                return QApplication::palette().brush(QPalette::Disabled, QPalette::Text);
            break;
    }
    return {};
}

QVariant NodeTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
        case IdColumn:
            return tr("Id");
        case NameColumn:
            return tr("Name");
        case OpTypeColumn:
            return tr("Op type");
        case DomainColumn:
            return tr("Domain");
        case InputsColumn:
            return tr("Inputs");
        case OutputsColumn:
            return tr("Outputs");
    }
    return {};
}

}  // namespace passscope::views

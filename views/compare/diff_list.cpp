#include "diff_list.h"

#include <QHeaderView>

#include "graph/item_style.h"

namespace passscope::views {

namespace {

QString entryText(const QString& label, const std::string& op) {
    return QStringLiteral("%1  (%2)").arg(label, QString::fromStdString(op));
}

// The node's name; an unnamed node (Paddle2ONNX's constants) by its first output, as in the graph.
QString labelOf(const Node* node, const std::string& name) {
    if (!name.empty() || !node) return QString::fromStdString(name);
    if (!node->outputs().empty() && !node->output(0).name.empty())
        return QStringLiteral("→ %1").arg(QString::fromStdString(node->output(0).name));
    return QString::fromStdString(node->displayName());
}

QString valueText(const std::string& value) {
    return value.empty() ? DiffList::tr("(none)") : QString::fromStdString(value);
}

QTreeWidgetItem* child(QTreeWidgetItem* parent, const QString& text, NodeId a, NodeId b) {
    auto* item = new QTreeWidgetItem(parent, {text});
    item->setToolTip(0, text);
    item->setData(0, DiffList::kIdInARole, QVariant::fromValue<quint32>(a));
    item->setData(0, DiffList::kIdInBRole, QVariant::fromValue<quint32>(b));
    return item;
}

// "name (op)" of one side of a constant held differently, or "(none)".
QString heldSide(const std::string& name, const std::string& op) {
    return name.empty() ? DiffList::tr("(none)") : entryText(QString::fromStdString(name), op);
}

QTreeWidgetItem* section(QTreeWidget* tree, const QString& title, const QColor& color, size_t count) {
    auto* item = new QTreeWidgetItem(tree, {title.arg(count)});
    QFont bold = item->font(0);
    bold.setBold(true);
    item->setFont(0, bold);
    item->setForeground(0, color.darker(130));
    item->setFlags(Qt::ItemIsEnabled);  // a heading: not an entry to choose
    item->setData(0, DiffList::kIdInARole, QVariant());
    return item;
}

}  // namespace

DiffList::DiffList(QWidget* parent) : QTreeWidget(parent) {
    setObjectName(QStringLiteral("diffList"));
    setColumnCount(1);
    setHeaderHidden(true);
    setUniformRowHeights(true);
    setTextElideMode(Qt::ElideRight);  // the name and op stay, the field list is cut
    setToolTipDuration(-1);
    connect(this, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem* current) { onCurrentItemChanged(current); });
}

void DiffList::clearDiff() {
    quiet_ = true;
    clear();
    byA_.clear();
    byB_.clear();
    quiet_ = false;
}

void DiffList::setComparison(const Comparison& comparison) {
    clearDiff();
    quiet_ = true;
    const diff::GraphDiff& diff = comparison.diff;
    const Graph& graphA = *comparison.a->model.graph;
    const Graph& graphB = *comparison.b->model.graph;
    auto isWeight = [](const LoadedModel& model, NodeId id) {
        const DiagramModel* diagram = model.preview.get();
        const int index = diagram ? diagram->indexOf(id) : -1;
        return index >= 0 && diagram->node(index).weight;
    };
    // Weights of a section go into its "Constants" group, made when the first one comes.
    std::unordered_map<QTreeWidgetItem*, QTreeWidgetItem*> constantsOf;
    auto parentFor = [&](QTreeWidgetItem* section, bool weight) {
        if (!weight) return section;
        QTreeWidgetItem*& group = constantsOf[section];
        if (!group) {
            group = new QTreeWidgetItem(section);
            group->setFlags(Qt::ItemIsEnabled);
            group->setData(0, kIdInARole, QVariant());
        }
        return group;
    };
    auto entry = [this](QTreeWidgetItem* parent, const Node* node, const std::string& name,
                        const std::string& op, NodeId a, NodeId b) {
        auto* item = new QTreeWidgetItem(parent, {entryText(labelOf(node, name), op)});
        item->setToolTip(0, item->text(0));
        item->setData(0, kIdInARole, QVariant::fromValue<quint32>(a));
        item->setData(0, kIdInBRole, QVariant::fromValue<quint32>(b));
        if (a != kNoNode) byA_.emplace(a, item);
        if (b != kNoNode) byB_.emplace(b, item);
        return item;
    };
    QTreeWidgetItem* removed = section(this, tr("Removed (%1)"), style::removedColor(), diff.removed.size());
    QTreeWidgetItem* added = section(this, tr("Added (%1)"), style::addedColor(), diff.added.size());
    QTreeWidgetItem* changed = section(this, tr("Changed (%1)"), style::editedColor(), diff.changed.size());
    // Nodes with boxes first, then the section's constants.
    for (const bool weights : {false, true}) {
        for (const diff::NodeRef& r : diff.removed)
            if (isWeight(*comparison.a, r.id) == weights)
                entry(parentFor(removed, weights), graphA.findNode(r.id), r.name, r.op, r.id, kNoNode);
        for (const diff::NodeRef& r : diff.added)
            if (isWeight(*comparison.b, r.id) == weights)
                entry(parentFor(added, weights), graphB.findNode(r.id), r.name, r.op, kNoNode, r.id);
        for (const diff::ChangedNode& c : diff.changed) {
            if (isWeight(*comparison.b, c.b) != weights) continue;
            QTreeWidgetItem* item =
                entry(parentFor(changed, weights), graphB.findNode(c.b), c.name, c.op, c.a, c.b);
            addFields(item, c);
        }
    }
    for (auto& [section, group] : constantsOf)
        group->setText(0, tr("Constants (%1)").arg(group->childCount()));
    // Open the sections, not the constants or the changed nodes' fields.
    for (QTreeWidgetItem* s : {removed, added, changed}) s->setExpanded(true);

    // What computes the same, folded away below (docs/graph-diff.md §8).
    const QColor same = palette().color(QPalette::PlaceholderText);
    if (!diff.heldDifferently.empty()) {
        QTreeWidgetItem* held =
            section(this, tr("Constants held differently (%1)"), same, diff.heldDifferently.size());
        held->setToolTip(0,
                         tr("Same dtype, shape and bytes on both sides, in another holder (Constant node, "
                            "initializer, Const) or under another name: not a difference of computation."));
        for (const diff::HeldConstant& h : diff.heldDifferently)
            child(
                held,
                tr("%1 → %2: %3")
                    .arg(heldSide(h.nameA, h.opA), heldSide(h.nameB, h.opB), QString::fromStdString(h.value)),
                h.a, h.b);
    }
    if (!diff.refined.empty()) {
        QTreeWidgetItem* refined = section(this, tr("Descriptions refined (%1)"), same, diff.refined.size());
        refined->setToolTip(0,
                            tr("Shapes or dtypes that were unknown in A and are known in B: nothing computes "
                               "differently."));
        for (const diff::ChangedNode& c : diff.refined)
            addFields(entry(refined, graphB.findNode(c.b), c.name, c.op, c.a, c.b), c);
    }
    quiet_ = false;
}

// The fields of a changed (or refined) node under its entry, their names after it; a constant's
// readers and largest difference too.
void DiffList::addFields(QTreeWidgetItem* item, const diff::ChangedNode& c) {
    QStringList fields;
    for (const diff::FieldChange& f : c.fields) {
        child(item,
              tr("%1: %2 → %3").arg(QString::fromStdString(f.field), valueText(f.before), valueText(f.after)),
              c.a, c.b);
        fields << QString::fromStdString(f.field);
    }
    if (c.maxAbsDiff) child(item, tr("largest difference: %1").arg(*c.maxAbsDiff, 0, 'g', 6), c.a, c.b);
    if (!c.consumers.empty()) {
        QStringList readers;
        for (const std::string& r : c.consumers) readers << QString::fromStdString(r);
        child(item, tr("read by: %1").arg(readers.join(QStringLiteral(", "))), c.a, c.b);
    }
    item->setText(0, item->text(0) + QStringLiteral(": ") + fields.join(QStringLiteral(", ")));
    item->setToolTip(0, item->text(0));
}

NodeId DiffList::idInA(const QTreeWidgetItem* item) {
    const QVariant v = item ? item->data(0, kIdInARole) : QVariant();
    return v.isValid() ? v.value<quint32>() : kNoNode;
}

NodeId DiffList::idInB(const QTreeWidgetItem* item) {
    const QVariant v = item ? item->data(0, kIdInBRole) : QVariant();
    return v.isValid() ? v.value<quint32>() : kNoNode;
}

QTreeWidgetItem* DiffList::entryOfA(NodeId a) const {
    const auto it = byA_.find(a);
    return it == byA_.end() ? nullptr : it->second;
}

QTreeWidgetItem* DiffList::entryOfB(NodeId b) const {
    const auto it = byB_.find(b);
    return it == byB_.end() ? nullptr : it->second;
}

void DiffList::showEntryOf(NodeId a, NodeId b) {
    QTreeWidgetItem* item = a != kNoNode ? entryOfA(a) : nullptr;
    if (!item && b != kNoNode) item = entryOfB(b);
    // Already on this node's entry (or one of its fields): leave it.
    if (item && currentItem() && (currentItem() == item || currentItem()->parent() == item)) return;
    quiet_ = true;
    if (item) {
        setCurrentItem(item);
        scrollToItem(item);
    } else {
        setCurrentItem(nullptr);
        clearSelection();
    }
    quiet_ = false;
}

void DiffList::onCurrentItemChanged(QTreeWidgetItem* current) {
    if (quiet_ || !current) return;
    const NodeId a = idInA(current), b = idInB(current);
    if (a == kNoNode && b == kNoNode) return;  // a section heading
    emit entrySelected(a, b);
}

}  // namespace passscope::views

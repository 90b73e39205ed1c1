#include "panels/nodes_panel.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

#include "document/model_document.h"
#include "panels/node_filter_proxy_model.h"
#include "panels/node_table_model.h"

namespace passscope::views {

NodesPanel::NodesPanel(ModelDocument& document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      model_(new NodeTableModel(this)),
      filter_(new NodeFilterProxyModel(this)),
      filterEdit_(new QLineEdit(this)),
      count_(new QLabel(this)),
      table_(new QTableView(this)) {
    filter_->setSourceModel(model_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(4);

    auto* bar = new QHBoxLayout;
    filterEdit_->setObjectName(QStringLiteral("nodeFilter"));
    filterEdit_->setPlaceholderText(tr("Filter by node name or op type (regular expression)"));
    filterEdit_->setClearButtonEnabled(true);
    filterEdit_->setAcceptDrops(false);  // a dropped file opens the model
    filterEdit_->addAction(
        QIcon::fromTheme(QStringLiteral("edit-find"), QIcon(QStringLiteral(":/icons/edit-find.svg"))),
        QLineEdit::LeadingPosition);
    filterEdit_->setToolTip(tr("Case-insensitive unless the pattern contains an upper-case letter."));
    connect(filterEdit_, &QLineEdit::textChanged, filter_, &NodeFilterProxyModel::setPattern);
    connect(filter_, &NodeFilterProxyModel::patternChanged, this, &NodesPanel::onFilterPatternChanged);
    bar->addWidget(filterEdit_, 1);
    count_->setObjectName(QStringLiteral("nodeCount"));
    bar->addWidget(count_);
    layout->addLayout(bar);

    table_->setObjectName(QStringLiteral("nodeTable"));
    table_->setModel(filter_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->setSortingEnabled(true);
    table_->sortByColumn(NodeTableModel::IdColumn, Qt::AscendingOrder);
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideRight);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->horizontalHeader()->setHighlightSections(false);
    // Value lists share the width left by the identity columns; their tooltips show them whole.
    for (int c : {NodeTableModel::InputsColumn, NodeTableModel::OutputsColumn})
        table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
    table_->setFrameShape(QFrame::NoFrame);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const QModelIndex source = filter_->mapToSource(current);
                const Node* node = source.isValid() ? model_->nodeAt(source.row()) : nullptr;
                emit rowChanged(node ? node->id() : kNoNode);
            });
    connect(filter_, &QAbstractItemModel::rowsInserted, this, &NodesPanel::updateCount);
    connect(filter_, &QAbstractItemModel::rowsRemoved, this, &NodesPanel::updateCount);
    connect(filter_, &QAbstractItemModel::modelReset, this, &NodesPanel::updateCount);
    connect(filter_, &QAbstractItemModel::layoutChanged, this, &NodesPanel::updateCount);
    layout->addWidget(table_, 1);

    // The graph shown: the model as loaded, then the graph at each step.
    connect(&document_, &ModelDocument::modelAboutToChange, this, [this] {
        model_->setGraph(nullptr);
        pendingGraph_.reset();
    });
    connect(&document_, &ModelDocument::modelLoaded, this, [this] {
        columnsSized_ = false;
        setGraph(document_.loadedModel()->model.graph.get());
        updateCount();
    });
    auto followStep = [this] {
        setGraph(document_.graphShown());
        updateCount();
    };
    connect(&document_, &ModelDocument::pipelineFinished, this, followStep);
    connect(&document_, &ModelDocument::positionChanged, this, followStep);
}

void NodesPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    ensureCurrent();  // brings a table left behind while hidden up to date
    updateCount();
}

bool NodesPanel::tableVisible() const {
    return !visibleRegion().isEmpty();
}

void NodesPanel::setGraph(const Graph* graph) {
    pendingGraph_ = std::shared_ptr<const Graph>(graph, [](const Graph*) {});
    if (tableVisible()) {
        ensureCurrent();
    } else if (model_->graph()) {
        // Its rows point into a graph that is about to change or go: empty it (cheap) until shown.
        model_->setGraph(nullptr);
    }
}

void NodesPanel::ensureCurrent() const {
    if (!pendingGraph_) return;
    model_->setGraph(std::move(pendingGraph_));
    pendingGraph_.reset();
    if (!columnsSized_) {
        columnsSized_ = true;
        for (int c : {NodeTableModel::IdColumn, NodeTableModel::NameColumn, NodeTableModel::OpTypeColumn,
                      NodeTableModel::DomainColumn}) {
            table_->resizeColumnToContents(c);
            table_->setColumnWidth(c, std::min(table_->columnWidth(c), 280));
        }
    }
}

void NodesPanel::onFilterPatternChanged() {
    const QString error = filter_->patternError();
    QPalette pal = filterEdit_->palette();
    pal.setColor(QPalette::Text,
                 error.isEmpty() ? palette().color(QPalette::Text) : QColor(0xc0, 0x39, 0x2b));
    filterEdit_->setPalette(pal);
    filterEdit_->setToolTip(
        error.isEmpty() ? tr("Case-insensitive unless the pattern contains an upper-case letter.")
                        : tr("Not a valid regular expression (%1): matching the text literally.").arg(error));
    updateCount();
}

void NodesPanel::updateCount() {
    const int total = model_->rowCount();
    const int shown = filter_->rowCount();
    count_->setText(shown == total ? tr("%n node(s)", nullptr, total)
                                   : tr("%1 of %n node(s)", nullptr, total).arg(shown));
}

bool NodesPanel::selectNode(NodeId id) {
    ensureCurrent();
    const int row = model_->rowOf(id);
    if (row < 0) return false;
    QModelIndex index = filter_->mapFromSource(model_->index(row, 0));
    if (!index.isValid()) {
        filterEdit_->clear();
        index = filter_->mapFromSource(model_->index(row, 0));
    }
    table_->setCurrentIndex(index);
    table_->scrollTo(index);
    return true;
}

bool NodesPanel::selectNodeByName(const QString& name) {
    ensureCurrent();
    const Graph* g = model_->graph();
    if (!g) return false;
    const std::string wanted = name.toStdString();
    for (const Node* n : g->nodes())
        if (n->name() == wanted || n->displayName() == wanted) return selectNode(n->id());
    return false;
}

void NodesPanel::followSelection(NodeId id) {
    if (pendingGraph_) return;  // the table is hidden and out of date: nothing to follow
    const int row = model_->rowOf(id);
    if (row < 0) return;
    const QModelIndex index = filter_->mapFromSource(model_->index(row, 0));
    if (!index.isValid()) return;
    table_->setCurrentIndex(index);
    table_->scrollTo(index);
}

void NodesPanel::focusFilter() {
    filterEdit_->setFocus(Qt::ShortcutFocusReason);
    filterEdit_->selectAll();
}

}  // namespace passscope::views

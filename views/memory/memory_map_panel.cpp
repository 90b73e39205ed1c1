#include "memory/memory_map_panel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "document/model_document.h"
#include "memory/memory_labels.h"
#include "memory/memory_map_view.h"
#include "memory/var_memory_table_model.h"

namespace passscope::views {

MemoryMapPanel::MemoryMapPanel(QWidget* parent) : QWidget(parent) {
    map_ = new MemoryMapView;
    auto* scroll = new QScrollArea;  // vertical only: the map pans and zooms horizontally itself
    scroll->setWidget(map_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    model_ = new VarMemoryTableModel(this);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(VarMemoryTableModel::SortRole);
    table_ = new QTableView;
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    // Unsorted until the user clicks a header: rows in GE's assignment order, like the map.
    table_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);

    split_ = new QSplitter(Qt::Vertical);
    split_->addWidget(scroll);
    split_->addWidget(table_);
    split_->setStretchFactor(0, 0);
    split_->setStretchFactor(1, 1);
    split_->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(makeHeader());
    layout->addWidget(split_, 1);

    connect(split_, &QSplitter::splitterMoved, this, [this] { userSplit_ = true; });
    connect(map_, &MemoryMapView::entryActivated, this, &MemoryMapPanel::onMapEntryActivated);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { onCurrentRowChanged(current); });
    clear();
}

QWidget* MemoryMapPanel::makeHeader() {
    auto* row = new QWidget;
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(2, 0, 2, 0);
    header_ = new QLabel;
    header_->setWordWrap(true);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    h->addWidget(header_, 1);

    logScale_ = new QCheckBox(tr("Log size"));
    logScale_->setToolTip(tr(
        "Widths grow with the logarithm of each block's size, so small and large entries are both readable"));
    connect(logScale_, &QCheckBox::toggled, this, [this](bool on) {
        map_->setScale(on ? MemoryMapView::Scale::LogSize : MemoryMapView::Scale::Linear);
    });
    h->addWidget(logScale_);
    controls_.push_back(logScale_);
    auto button = [&](const QString& text, const QString& tip, void (MemoryMapView::*slot)()) {
        auto* b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        connect(b, &QToolButton::clicked, map_, slot);
        h->addWidget(b);
        controls_.push_back(b);
    };
    button(QStringLiteral("\u2212"), tr("Zoom out (-)"), &MemoryMapView::zoomOut);
    button(QStringLiteral("+"), tr("Zoom in (+ or the mouse wheel)"), &MemoryMapView::zoomIn);
    button(tr("Fit"), tr("Show the whole pool (0)"), &MemoryMapView::resetZoom);
    return row;
}

void MemoryMapPanel::setPlan(VarMemoryPlan plan) {
    const bool empty = plan.empty();
    header_->setText(summary(plan));
    model_->setPlan(plan);
    map_->setPlan(std::move(plan));
    // An empty plan is one message; a table without rows and zoom buttons with nothing to zoom
    // would only distract from it.
    table_->setVisible(!empty);
    for (QWidget* control : controls_) control->setVisible(!empty);
    table_->resizeColumnsToContents();
    userSplit_ = false;
    fitMapHeight();
}

// The map gets the height of its bands (up to 60 % of the panel); the table takes the rest. Once the
// user drags the splitter, resizing the panel keeps their split until the next plan.
void MemoryMapPanel::fitMapHeight() {
    const int total = std::max(split_->height(), height());
    const int map = std::min(map_->sizeHint().height() + 2, total * 3 / 5);
    split_->setSizes({map, std::max(1, total - map)});
}

void MemoryMapPanel::attach(const ModelDocument& document) {
    document_ = &document;
    connect(&document, &ModelDocument::modelAboutToChange, this, &MemoryMapPanel::clear);
    auto follow = [this, &document] {
        if (!visibleRegion().isEmpty()) showPlanOf(document);
    };
    connect(&document, &ModelDocument::pipelineFinished, this, follow);
    connect(&document, &ModelDocument::positionChanged, this, follow);
}

void MemoryMapPanel::showPlanOf(const ModelDocument& document) {
    if (const VarMemoryPlan* plan = document.memoryPlanShown())
        setPlan(*plan);
    else
        clear();
}

void MemoryMapPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (document_) showPlanOf(*document_);
}

void MemoryMapPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (!userSplit_) fitMapHeight();
}

void MemoryMapPanel::clear() {
    setPlan(VarMemoryPlan{});
}

QString MemoryMapPanel::headerText() const {
    return header_->text();
}

// "HBM: 12.0 KiB, entries: 9 · reused entries: 1 (saving 1.5 KiB)". No %n plurals: the counts stand
// after a colon, which reads right for one entry and for many.
QString MemoryMapPanel::summary(const VarMemoryPlan& plan) const {
    if (plan.empty()) return tr("No variables or constants in device memory");
    QStringList parts;
    uint64_t saved = 0;
    for (size_t t = 0; t < kMemoryTypeCount; ++t) {
        const MemoryTypeTotals& totals = plan.totals[t];
        saved += totals.savedBytes;
        if (totals.entries == 0) continue;
        parts << tr("%1: %2, entries: %3")
                     .arg(MemoryLabels::memoryType(static_cast<MemoryType>(t)),
                          MemoryLabels::size(totals.poolBytes))
                     .arg(totals.entries);
    }
    const size_t reused = plan.reusedCount();
    parts << (reused == 0 ? tr("no reuse")
                          : tr("reused entries: %1 (saving %2)").arg(reused).arg(MemoryLabels::size(saved)));
    return parts.join(QStringLiteral(" \u00B7 "));
}

bool MemoryMapPanel::selectNode(NodeId id) {
    const auto& entries = map_->plan().entries;
    for (size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].node != id) continue;
        map_->setSelectedEntry(static_cast<int>(i));
        selectRow(static_cast<int>(i));
        return true;
    }
    return false;
}

void MemoryMapPanel::onMapEntryActivated(int entry) {
    selectRow(entry);
    emit nodeActivated(map_->plan().entries.at(static_cast<size_t>(entry)).node);
}

void MemoryMapPanel::onCurrentRowChanged(const QModelIndex& current) {
    if (syncing_ || !current.isValid()) return;
    const int entry = proxy_->mapToSource(current).row();
    map_->setSelectedEntry(entry);
    emit nodeActivated(model_->plan().entries.at(static_cast<size_t>(entry)).node);
}

void MemoryMapPanel::selectRow(int entry) {
    const QModelIndex index = proxy_->mapFromSource(model_->index(entry, 0));
    syncing_ = true;
    table_->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table_->scrollTo(index);
    syncing_ = false;
}

}  // namespace passscope::views

#include "compare_view.h"

#include <unordered_set>
#include <vector>

#include <QFileInfo>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include "diff_list.h"
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "graph/item_style.h"
#include "graph/legend_widget.h"
#include "graph/node_item.h"

namespace passscope::views {

namespace {

QWidget* titled(QWidget* content, QLabel* title) {
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    title->setContentsMargins(6, 2, 6, 2);
    title->setStyleSheet(QStringLiteral("font-weight: bold; background: #eef1f4;"));
    title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(title);
    layout->addWidget(content, 1);
    return box;
}

QString sideTitle(const QString& letter, const LoadedModel& model) {
    return CompareView::tr("%1: %2  (%n nodes)", nullptr, static_cast<int>(model.model.graph->nodeCount()))
        .arg(letter, QFileInfo(model.path).fileName());
}

}  // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
    left_ = new GraphPanel;
    right_ = new GraphPanel;
    left_->setObjectName(QStringLiteral("compareLeft"));
    right_->setObjectName(QStringLiteral("compareRight"));
    leftTitle_ = new QLabel;
    rightTitle_ = new QLabel;
    leftTitle_->setObjectName(QStringLiteral("compareLeftTitle"));
    rightTitle_->setObjectName(QStringLiteral("compareRightTitle"));

    list_ = new DiffList;
    summary_ = new QLabel;
    summary_->setObjectName(QStringLiteral("compareSummary"));
    summary_->setWordWrap(true);
    auto* listBox = new QWidget;
    auto* listLayout = new QVBoxLayout(listBox);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->setSpacing(0);
    auto* listTitle = new QLabel(tr("Differences"));
    listLayout->addWidget(titled(list_, listTitle), 1);
    summary_->setContentsMargins(6, 3, 6, 3);
    listLayout->addWidget(summary_);

    splitter_ = new QSplitter(Qt::Horizontal);
    splitter_->addWidget(titled(left_, leftTitle_));
    splitter_->addWidget(titled(right_, rightTitle_));
    splitter_->addWidget(listBox);
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 3);
    splitter_->setStretchFactor(2, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter_);

    connect(list_, &DiffList::entrySelected, this, &CompareView::onEntrySelected);
    for (CompareSide side : {CompareSide::Left, CompareSide::Right}) {
        connect(panel(side), &GraphPanel::nodeSelected, this,
                [this, side](NodeId id) { onNodeSelected(side, id); });
        connect(panel(side), &GraphPanel::layoutFinished, this, [this, side] { onLayoutFinished(side); });
    }
}

CompareView::~CompareView() {
    // The panels go after this body and may still signal while they do.
    left_->disconnect(this);
    right_->disconnect(this);
    list_->disconnect(this);
}

void CompareView::clear() {
    left_->clear();
    right_->clear();
    list_->clearDiff();
    comparison_.reset();
    awaitingReady_ = false;
    counterparts_ = Counterparts();
    leftTitle_->clear();
    rightTitle_->clear();
    summary_->clear();
}

// The CLI's count lines (diffToText), in words: what computes differently first, then what is
// only held differently.
QString CompareView::summaryText(const diff::GraphDiff& d) {
    if (d.identical()) return tr("The graphs do not differ.");
    QString text = d.empty() ? tr("The graphs compute the same")
                             : tr("%1 removed, %2 added, %3 changed")
                                   .arg(d.removed.size())
                                   .arg(d.added.size())
                                   .arg(d.changed.size());
    if (!d.heldDifferently.empty())
        text += QStringLiteral("; ") +
                tr("%n constant(s) held differently", nullptr, int(d.heldDifferently.size()));
    if (!d.refined.empty())
        text +=
            QStringLiteral("; ") + tr("%n node(s) with refined descriptions", nullptr, int(d.refined.size()));
    return text;
}

void CompareView::setComparison(std::shared_ptr<const Comparison> comparison) {
    clear();  // nothing may point into the previous comparison once it is released
    comparison_ = std::move(comparison);
    if (!comparison_ || !comparison_->a || !comparison_->b) return;
    const Comparison& c = *comparison_;
    counterparts_ = Counterparts(c.matching);
    leftTitle_->setText(sideTitle(QStringLiteral("A"), *c.a));
    rightTitle_->setText(sideTitle(QStringLiteral("B"), *c.b));
    leftTitle_->setToolTip(c.a->path);
    rightTitle_->setToolTip(c.b->path);
    summary_->setText(summaryText(c.diff));
    list_->setComparison(c);
    awaitingReady_ = true;
    left_->setDiagram(c.a->preview);
    right_->setDiagram(c.b->preview);
    left_->showStep(nullptr, c.a->model.graph.get(), marksForSide(c.diff, CompareSide::Left));
    right_->showStep(nullptr, c.b->model.graph.get(), marksForSide(c.diff, CompareSide::Right));
}

bool CompareView::isLayingOut() const {
    return left_->isLayingOut() || right_->isLayingOut();
}

// The panels' legend speaks of steps; here the marks say what the other model lacks or has.
void CompareView::applyLegend(CompareSide side) {
    using S = LegendEntry::Swatch;
    std::vector<LegendEntry> entries;
    if (side == CompareSide::Left)
        entries.push_back({style::removedColor(), S::Dashed, tr("not in B (removed)")});
    else
        entries.push_back({style::addedColor(), S::Border, tr("not in A (added)")});
    entries.push_back({style::editedColor(), S::Border, tr("changed between A and B")});
    panel(side)->view()->legend()->setEntries(tr("Differences"), std::move(entries));
}

void CompareView::onLayoutFinished(CompareSide side) {
    applyLegend(side);
    // Once per comparison, when both of its diagrams are laid out (opening a scope later re-lays
    // one side out; that is not a new comparison).
    if (awaitingReady_ && comparison_ && left_->diagram() == comparison_->a->preview.get() &&
        right_->diagram() == comparison_->b->preview.get() && !isLayingOut()) {
        awaitingReady_ = false;
        emit viewReady();
    }
}

NodeId CompareView::selectedNode(CompareSide side) const {
    for (QGraphicsItem* item : panel(side)->scene()->selectedItems())
        if (auto* node = qgraphicsitem_cast<NodeItem*>(item)) return node->nodeId();
    return kNoNode;
}

void CompareView::reveal(CompareSide side, NodeId id) {
    if (!comparison_ || id == kNoNode) return;
    const Graph& graph = *(side == CompareSide::Left ? comparison_->a : comparison_->b)->model.graph;
    if (!graph.findNode(id)) return;
    GraphPanel* p = panel(side);
    const DiagramModel* diagram = p->diagram();
    const int index = diagram ? diagram->indexOf(id) : -1;
    NodeId shown = id;
    if (index >= 0 && diagram->node(index).weight) {  // drawn inside the boxes that read it
        shown = kNoNode;
        for (const Node* n : graph.nodes()) {
            for (const ValueRef& ref : n->inputs())
                if (ref.valid() && ref.depth == 0 && ref.node == id) shown = n->id();
            if (shown != kNoNode) break;
        }
    }
    if (shown != kNoNode && selectedNode(side) != shown) p->revealNode(shown);
    if (shown != kNoNode && selectedNode(side) == shown)  // already selected: still bring it into view
        if (QGraphicsItem* item = p->scene()->itemStandingFor(shown)) p->view()->centerOnItem(item);
}

void CompareView::showWhereItWouldBe(CompareSide side, NodeId id) {
    if (!comparison_ || id == kNoNode) return;
    const bool inA = side == CompareSide::Left;
    const Graph& graph = *(inA ? comparison_->a : comparison_->b)->model.graph;
    const CompareSide otherSide = inA ? CompareSide::Right : CompareSide::Left;
    GraphScene& otherScene = *panel(otherSide)->scene();
    // Breadth first over producers and consumers, a few dozen nodes at most (a removed chain of
    // Shape → Slice → Concat is found from any of its nodes).
    constexpr size_t kMaxVisited = 64;
    std::vector<NodeId> queue{id};
    std::unordered_set<NodeId> seen{id};
    for (size_t next = 0; next < queue.size() && seen.size() < kMaxVisited; ++next) {
        const NodeId current = queue[next];
        if (current != id) {
            const NodeId counterpart = inA ? counterparts_.inB(current) : counterparts_.inA(current);
            if (QGraphicsItem* item =
                    counterpart != kNoNode ? otherScene.itemStandingFor(counterpart) : nullptr) {
                panel(otherSide)->view()->centerOnItem(item);
                return;
            }
        }
        const Node* node = graph.findNode(current);
        if (!node) continue;
        auto visit = [&](NodeId n) {
            if (seen.insert(n).second) queue.push_back(n);
        };
        for (const ValueRef& ref : node->inputs())
            if (ref.valid() && ref.depth == 0) visit(ref.node);
        graph.forEachNode([&](const Node& consumer) {
            for (const ValueRef& ref : consumer.inputs())
                if (ref.valid() && ref.depth == 0 && ref.node == current) visit(consumer.id());
        });
    }
}

void CompareView::showNodeA(NodeId a) {
    onEntrySelected(a, counterparts_.inB(a));
}

void CompareView::showNodeB(NodeId b) {
    onEntrySelected(counterparts_.inA(b), b);
}

bool CompareView::showNodeNamed(const QString& name) {
    if (!comparison_) return false;
    const std::string wanted = name.toStdString();
    auto find = [&wanted](const Graph& g) {
        NodeId found = kNoNode;
        g.forEachNode([&](const Node& n) {
            if (found == kNoNode && n.name() == wanted) found = n.id();
        });
        return found;
    };
    if (const NodeId a = find(*comparison_->a->model.graph); a != kNoNode) {
        showNodeA(a);
        return true;
    }
    if (const NodeId b = find(*comparison_->b->model.graph); b != kNoNode) {
        showNodeB(b);
        return true;
    }
    return false;
}

void CompareView::onEntrySelected(NodeId a, NodeId b) {
    if (syncing_) return;
    syncing_ = true;
    // A node only one side has: the other side keeps no stale selection of something unrelated.
    if (a == kNoNode) left_->scene()->clearSelection();
    if (b == kNoNode) right_->scene()->clearSelection();
    reveal(CompareSide::Left, a);
    reveal(CompareSide::Right, b);
    if (a == kNoNode) showWhereItWouldBe(CompareSide::Right, b);
    if (b == kNoNode) showWhereItWouldBe(CompareSide::Left, a);
    list_->showEntryOf(a, b);
    syncing_ = false;
}

void CompareView::onNodeSelected(CompareSide side, NodeId id) {
    if (syncing_ || !comparison_) return;
    // The side clicked keeps its view; the other side follows.
    syncing_ = true;
    const bool left = side == CompareSide::Left;
    const NodeId other = left ? counterparts_.inB(id) : counterparts_.inA(id);
    const CompareSide otherSide = left ? CompareSide::Right : CompareSide::Left;
    if (other == kNoNode)
        panel(otherSide)->scene()->clearSelection();
    else
        reveal(otherSide, other);
    list_->showEntryOf(left ? id : other, left ? other : id);
    syncing_ = false;
}

}  // namespace passscope::views

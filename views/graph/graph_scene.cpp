#include "graph_scene.h"

#include <QCoreApplication>
#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>
#include <set>
#include <tuple>

#include <onnx/defs/schema.h>

#include "edge_item.h"
#include "group_item.h"
#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "item_style.h"
#include "layout/nested_layout.h"
#include "node_item.h"
#include "text/tensor_stats.h"

namespace passscope::views {

namespace {

// "1×3×224×224" (shape labels on edges and weight lines); empty when untyped.
// The origin shape, or with `storage` the storage shape where it differs (the storage-format
// overlay: an NC1HWC0 tensor is labelled with its 5-D device shape).
QString shapeLabel(const TensorDesc& desc, bool storage = false) {
    if (!desc.hasType() || desc.kind != ValueKind::Tensor || !desc.originShape.rankKnown()) return {};
    const Shape& shape = storage && desc.storageDiffers() && desc.storageShape.rankKnown() ? desc.storageShape
                                                                                           : desc.originShape;
    QStringList dims;
    for (const Dim& d : shape.dims())
        dims << (d.isKnown()        ? QString::number(d.value)
                 : d.symbol.empty() ? QStringLiteral("?")
                                    : QString::fromStdString(d.symbol));
    return dims.isEmpty() ? QStringLiteral("()") : dims.join(QChar(0xd7));
}

// The name the op's schema gives input `index` ("W", "B", "scale"), as Netron labels weights;
// empty for ops libonnx does not know. The newest schema: input names do not change across opsets.
QString schemaInputName(const Node& consumer, size_t index) {
    const onnx::OpSchema* schema = onnx::OpSchemaRegistry::Schema(consumer.opType(), consumer.domain());
    if (!schema || schema->inputs().empty()) return {};
    const auto& inputs = schema->inputs();
    const size_t slot = std::min(index, inputs.size() - 1);  // a variadic last input repeats
    if (slot < index && inputs[slot].GetOption() != onnx::OpSchema::Variadic) return {};
    return QString::fromStdString(inputs[slot].GetName());
}

// A weight as its consumer's box lists it, as Netron shows them: the input's name in the op's
// schema (else the value's name), the shape, and the values of a small one ("W ⟨16×3×3×3⟩",
// "axes ⟨1⟩ = 0", "shape ⟨4⟩ = 1, 3, 224, 224").
constexpr int64_t kMaxShownValues = 6;
// With `storage` (the storage-format overlay) the shape is the stored one, as on the edges: a
// folded FRACTAL_Z weight shows the dims its bytes have (docs/ge-formats.md §2, §6).
QString weightLine(const Node& consumer, size_t input, const Node& weight, bool storage) {
    QString label = schemaInputName(consumer, input);
    if (label.isEmpty())
        label = QString::fromStdString(weight.outputs().empty() || weight.output(0).name.empty()
                                           ? weight.displayName()
                                           : weight.output(0).name);
    QString line = QStringLiteral("%1 ⟨%2⟩").arg(
        label, weight.outputs().empty() ? QString() : shapeLabel(weight.output(0).desc, storage));
    if (const Tensor* value = weight.attrTensor(op::attr::kValue)) {
        const auto stats =
            value->elementCount() <= kMaxShownValues ? tensorStats(*value, kMaxShownValues) : std::nullopt;
        if (stats && !stats->preview.isEmpty()) line += QStringLiteral(" = ") + stats->preview;
    }
    return line;
}

// Each node's place in a topological order of the diagram's edges (Kahn's algorithm). Among the
// nodes ready at once, the one drawn highest (then leftmost) comes first, so that the order reads
// as the picture does; `place` gives where a node is drawn. Nodes on a cycle of the union of all
// steps come last, in index order.
std::vector<int> topologicalRanks(const DiagramModel& diagram, const std::function<QPointF(int)>& place) {
    const size_t n = diagram.nodes().size();
    std::vector<int> indegree(n, 0);
    std::vector<std::vector<int>> out(n);
    for (const DiagramEdge& e : diagram.edges()) {
        out[e.from].push_back(e.to);
        ++indegree[e.to];
    }
    using Ready = std::tuple<double, double, int>;  // y, x, index
    std::priority_queue<Ready, std::vector<Ready>, std::greater<>> ready;
    auto push = [&](int i) {
        const QPointF p = place(i);
        ready.emplace(p.y(), p.x(), i);
    };
    for (size_t i = 0; i < n; ++i)
        if (indegree[i] == 0) push(static_cast<int>(i));
    std::vector<int> rank(n, -1);
    int next = 0;
    while (!ready.empty()) {
        const int i = std::get<2>(ready.top());
        ready.pop();
        rank[i] = next++;
        for (int j : out[i])
            if (--indegree[j] == 0) push(j);
    }
    for (size_t i = 0; i < n; ++i)
        if (rank[i] < 0) rank[i] = next++;
    return rank;
}

}  // namespace

GraphScene::GraphScene(QObject* parent) : QGraphicsScene(parent) {
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    connect(this, &QGraphicsScene::selectionChanged, this, &GraphScene::onSelectionChanged);
}

// QGraphicsScene's destructor removes the items and signals selectionChanged after this class is
// gone: nothing of ours may run then.
GraphScene::~GraphScene() {
    disconnect(this, nullptr, this, nullptr);
    blockSignals(true);
}

void GraphScene::setDiagram(std::shared_ptr<const DiagramModel> diagram, VisiblePlan plan,
                            std::shared_ptr<const LayoutResult> layout) {
    clear();
    diagram_ = std::move(diagram);
    plan_ = std::move(plan);
    layout_ = std::move(layout);
    graph_ = nullptr;
    if (!diagram_ || !layout_) {  // cleared
        diagram_.reset();
        itemByPlanIndex_.clear();
        nodeItemByIndex_.clear();
        groupItemByGroup_.clear();
        edges_.clear();
        clusters_.clear();
        topoRank_.clear();
        return;
    }

    clusters_.clear();
    itemByPlanIndex_.assign(plan_.items.size(), nullptr);
    nodeItemByIndex_.assign(diagram_->nodes().size(), nullptr);
    groupItemByGroup_.assign(diagram_->scopes().groups().size(), nullptr);
    edges_.clear();

    for (size_t c = 0; c < plan_.clusterGroup.size(); ++c) {
        int depth = 0;
        for (int p = plan_.request.clusters[c].parent; p >= 0; p = plan_.request.clusters[p].parent) ++depth;
        const ScopeGroup& g = diagram_->scopes().group(plan_.clusterGroup[c]);
        clusters_.push_back(
            new ClusterItem(plan_.clusterGroup[c], style::groupLabel(g), layout_->clusterRects.at(c), depth));
        addItem(clusters_.back());
    }
    for (size_t i = 0; i < plan_.items.size(); ++i) {
        const VisibleItem& v = plan_.items[i];
        const QSizeF size(plan_.request.nodes[i].width, plan_.request.nodes[i].height);
        QGraphicsItem* item = nullptr;
        if (v.kind == VisibleItem::Kind::Node) {
            const DiagramNode& n = diagram_->node(v.index);
            auto* node = new NodeItem(n.id, QString::fromStdString(n.opType), QString::fromStdString(n.name),
                                      style::opColor(n.opType, n.domain), size);
            nodeItemByIndex_[v.index] = node;
            item = node;
        } else {
            const ScopeGroup& g = diagram_->scopes().group(v.index);
            auto* group = new GroupItem(v.index, style::groupLabel(g), QString::fromStdString(g.path), size);
            groupItemByGroup_[v.index] = group;
            item = group;
        }
        item->setPos(layout_->centers.at(i));
        addItem(item);
        itemByPlanIndex_[i] = item;
    }
    for (size_t e = 0; e < plan_.request.edges.size(); ++e) {
        auto* edge = new EdgeItem(plan_.request.edges[e].from, plan_.request.edges[e].to,
                                  layout_->edgeSplines.at(e), layout_->arrowTips.at(e));
        if (plan_.request.edges[e].stub && e < layout_->stubTags.size())
            edge->setStubTag(layout_->stubTags[e], stubText(plan_.request.edges[e].from));
        addItem(edge);
        edges_.push_back(edge);
    }
    setSceneRect(layout_->bounds.adjusted(-40, -40, 40, 40));
    topoRank_ = topologicalRanks(*diagram_, [this](int node) {
        const int item = plan_.itemOfNode[node];
        return item >= 0 ? itemByPlanIndex_[item]->pos() : QPointF(1e12, 1e12);  // weights: no box
    });
    graph_ = nullptr;
}

void GraphScene::showGraph(const Graph& graph, const StepMarks& marks, DisplaySide side) {
    graph_ = &graph;
    marks_ = marks;
    side_ = side;
    refresh();
}

void GraphScene::setOverlay(OverlayMode mode) {
    overlay_ = mode;
    refresh();
}

void GraphScene::setSearchHits(std::unordered_set<NodeId> hits) {
    searchHits_ = std::move(hits);
    refresh();
}

void GraphScene::setNumericLevels(std::shared_ptr<const NumericLevels> levels) {
    numeric_ = std::move(levels);
    if (overlay_ == OverlayMode::Numeric) refresh();
}

void GraphScene::setNodeColors(std::shared_ptr<const NodeColors> colors) {
    nodeColors_ = std::move(colors);
    if (overlay_ == OverlayMode::NodeData) refresh();
}

NumericLevel GraphScene::numericLevelOf(NodeId id) const {
    if (!numeric_) return NumericLevel::Same;
    const auto it = numeric_->find(id);
    return it == numeric_->end() ? NumericLevel::Same : it->second;
}

void GraphScene::refresh() {
    if (!graph_ || !diagram_) return;
    applyNodeLooks();
    applyGroupLooks();
    applyEdges();
    applyClusters();
}

// A scope frame whose contents are all absent at this step would be an empty box: hide it. The
// others are drawn around what they show at this step: the layout's frame holds the nodes of
// every step, and one whose nodes were folded away would stand mostly empty (issue 21: a first
// view of open frames with no box in them). Positions do not move; only the frames tighten.
void GraphScene::applyClusters() {
    const auto& clusters = plan_.request.clusters;
    std::vector<QRectF> shown(clusters_.size());
    for (size_t i = 0; i < itemByPlanIndex_.size(); ++i) {
        const int c = plan_.request.nodes[i].cluster;
        if (c < 0 || !itemByPlanIndex_[i]->isVisible()) continue;
        const LayoutNode& n = plan_.request.nodes[i];
        const QPointF centre = layout_->centers.at(i);
        shown[c] =
            shown[c].united(QRectF(centre.x() - n.width / 2, centre.y() - n.height / 2, n.width, n.height));
    }
    std::vector<int> depth(clusters.size(), 0);
    for (size_t c = 0; c < clusters.size(); ++c)
        for (int p = clusters[c].parent; p >= 0; p = clusters[p].parent) ++depth[c];
    std::vector<int> innermostFirst(clusters.size());
    std::iota(innermostFirst.begin(), innermostFirst.end(), 0);
    std::stable_sort(innermostFirst.begin(), innermostFirst.end(),
                     [&](int a, int b) { return depth[a] > depth[b]; });
    for (int c : innermostFirst) {
        const bool used = shown[c].isValid();
        clusters_[c]->setVisible(used);
        if (!used) continue;
        const QRectF frame =
            shown[c]
                .adjusted(-kGroupMargin, -kGroupMargin - kGroupTitleHeight, kGroupMargin, kGroupMargin)
                .intersected(layout_->clusterRects.at(c));
        static_cast<ClusterItem*>(clusters_[c])->setRect(frame);
        if (clusters[c].parent >= 0) shown[clusters[c].parent] = shown[clusters[c].parent].united(frame);
    }
}

void GraphScene::applyNodeLooks() {
    std::set<Format> formats;
    for (size_t i = 0; i < nodeItemByIndex_.size(); ++i) {
        NodeItem* item = nodeItemByIndex_[i];
        if (!item) continue;
        const NodeId id = item->nodeId();
        const Node* n = graph_->findNode(id);
        NodeLook look;
        const bool removed = marks_.removed.count(id) > 0;
        if (n)
            look.presence = NodeLook::Presence::Shown;
        else
            look.presence = removed && side_ == DisplaySide::Overlay ? NodeLook::Presence::Ghost
                                                                     : NodeLook::Presence::Hidden;
        if (removed && side_ != DisplaySide::After)
            look.mark = NodeLook::Mark::Removed;
        else if (marks_.added.count(id) && side_ != DisplaySide::Before)
            look.mark = NodeLook::Mark::Added;
        else if (marks_.edited.count(id))
            look.mark = NodeLook::Mark::Edited;
        look.searchHit = searchHits_.count(id) > 0;
        if (n) {
            look.folded = op::isFoldedConstant(*n);
            look.potentialConst = op::isPotentialConst(*n);
            look.noFold = op::doNotFold(*n);
            bool readsTouchedConstant = false;
            int weights = 0;
            for (size_t i = 0; i < n->inputs().size(); ++i) {
                const ValueRef& ref = n->input(i);
                if (!ref.valid() || ref.depth != 0) continue;
                const int p = diagram_->indexOf(ref.node);
                if (p < 0 || !diagram_->node(p).weight) continue;
                const Node* w = graph_->findNode(ref.node);
                if (!w) continue;
                readsTouchedConstant |= marks_.constants.count(ref.node) > 0;
                // Folded constants are weights now: the box that reads one carries the mark.
                look.folded |= op::isFoldedConstant(*w);
                if (++weights <= style::kMaxWeightLines)
                    look.weightLines << weightLine(*n, i, *w, overlay_ == OverlayMode::StorageFormat);
            }
            if (weights > style::kMaxWeightLines)  // the last line says what does not fit
                look.weightLines.back() = tr("… and %n more", nullptr, weights - style::kMaxWeightLines + 1);
            look.constantsTouched = readsTouchedConstant;
            const bool transData = op::isFormatConversion(n->opType(), n->domain());
            const TensorDesc* desc = n->outputs().empty() ? nullptr : &n->output(0).desc;
            switch (overlay_) {
                case OverlayMode::Changes:
                    break;
                case OverlayMode::OriginFormat:
                case OverlayMode::StorageFormat:
                    if (desc && desc->hasType()) {
                        const Format f =
                            overlay_ == OverlayMode::OriginFormat ? desc->originFormat : desc->storageFormat;
                        look.fill = style::formatColor(f).lighter(150);
                        formats.insert(f);
                    }
                    if (transData) look.border = style::transDataColor();
                    break;
                case OverlayMode::Constants:
                    if (look.folded)
                        look.fill = style::foldedColor().lighter(170);
                    else if (look.potentialConst)
                        look.fill = style::potentialConstColor().lighter(170);
                    // A constant it reads was made, replaced or edited by this step (an ONNX Constant
                    // folded into a Const): not a change of computation, so only this overlay shows it.
                    if (look.constantsTouched) look.border = style::foldedColor();
                    break;
                case OverlayMode::Numeric: {
                    const NumericLevel level = numericLevelOf(id);
                    if (level == NumericLevel::Unpaired)
                        look.border = style::numericColor(level);
                    else
                        look.fill = style::numericColor(level);  // invalid (white) when the same
                    break;
                }
                case OverlayMode::NodeData:
                    if (nodeColors_)
                        if (const auto it = nodeColors_->find(id); it != nodeColors_->end())
                            look.fill = it->second;
                    break;
            }
        }
        item->setLook(look);
    }
    formatsShown_.assign(formats.begin(), formats.end());
}

void GraphScene::applyGroupLooks() {
    std::vector<GroupLook> looks(groupItemByGroup_.size());
    for (GroupLook& l : looks) l.visible = false;
    std::vector<NumericLevel> worst(looks.size(), NumericLevel::Same);
    for (size_t i = 0; i < plan_.itemOfNode.size(); ++i) {
        const int item = plan_.itemOfNode[i];
        if (item < 0 || plan_.items[item].kind != VisibleItem::Kind::Group) continue;
        GroupLook& l = looks[plan_.items[item].index];
        const NodeId id = diagram_->node(static_cast<int>(i)).id;
        const bool present = graph_->findNode(id) != nullptr;
        const bool removed = marks_.removed.count(id) > 0;
        if (present) ++l.nodes;
        if (present || (removed && side_ != DisplaySide::After)) l.visible = true;
        if (removed && side_ != DisplaySide::After) ++l.removed;
        if (present && marks_.added.count(id) && side_ != DisplaySide::Before) ++l.added;
        if (present && marks_.edited.count(id)) ++l.edited;
        if (searchHits_.count(id)) l.searchHit = true;
        // The worst member's level, so that a difference inside a closed scope is seen.
        if (present)
            worst[plan_.items[item].index] = worstLevel(worst[plan_.items[item].index], numericLevelOf(id));
    }
    if (overlay_ == OverlayMode::Numeric)
        for (size_t g = 0; g < looks.size(); ++g)
            if (worst[g] != NumericLevel::Unpaired) looks[g].fill = style::numericColor(worst[g]);
    for (size_t g = 0; g < groupItemByGroup_.size(); ++g)
        if (groupItemByGroup_[g]) groupItemByGroup_[g]->setLook(looks[g]);
}

void GraphScene::applyEdges() {
    std::vector<int> state(edges_.size(), -1);  // -1 hidden, else EdgeItem::State
    std::vector<QString> labels(edges_.size());
    auto mark = [&](int fromNode, int toNode, EdgeItem::State s, const QString& label) {
        const int a = plan_.itemOfNode[fromNode], b = plan_.itemOfNode[toNode];
        if (a < 0 || b < 0 || a == b) return;
        auto it = plan_.edgeOfItems.find({a, b});
        if (it == plan_.edgeOfItems.end()) return;
        const int e = it->second;
        if (state[e] < 0 || static_cast<int>(s) > state[e]) state[e] = static_cast<int>(s);
        const bool bothNodes =
            plan_.items[a].kind == VisibleItem::Kind::Node && plan_.items[b].kind == VisibleItem::Kind::Node;
        if (bothNodes && labels[e].isEmpty()) labels[e] = label;
    };
    for (const Node* n : graph_->nodes()) {
        const int to = diagram_->indexOf(n->id());
        if (to < 0 || diagram_->node(to).weight) continue;
        const bool nodeAdded = marks_.added.count(n->id()) && side_ != DisplaySide::Before;
        for (const ValueRef& ref : n->inputs()) {
            if (!ref.valid() || ref.depth != 0) continue;
            const int from = diagram_->indexOf(ref.node);
            if (from < 0 || diagram_->node(from).weight) continue;
            const Node* producer = graph_->findNode(ref.node);
            if (!producer) continue;
            const bool added = nodeAdded || (marks_.added.count(ref.node) && side_ != DisplaySide::Before);
            const QString label =
                ref.output < producer->outputs().size()
                    ? shapeLabel(producer->output(ref.output).desc, overlay_ == OverlayMode::StorageFormat)
                    : QString();
            mark(from, to, added ? EdgeItem::State::Added : EdgeItem::State::Normal, label);
        }
    }
    if (side_ == DisplaySide::Overlay)
        for (const auto& [removed, producers] : marks_.removedInputs) {
            const int to = diagram_->indexOf(removed);
            if (to < 0 || diagram_->node(to).weight) continue;
            for (NodeId p : producers) {
                const int from = diagram_->indexOf(p);
                if (from >= 0 && !diagram_->node(from).weight)
                    mark(from, to, EdgeItem::State::Ghost, QString());
            }
        }
    for (size_t e = 0; e < edges_.size(); ++e) {
        edges_[e]->setVisible(state[e] >= 0);
        if (state[e] >= 0) edges_[e]->setState(static_cast<EdgeItem::State>(state[e]));
        edges_[e]->setLabel(labels[e]);
    }
}

NodeItem* GraphScene::nodeItem(NodeId id) const {
    if (!diagram_) return nullptr;
    const int index = diagram_->indexOf(id);
    return index < 0 ? nullptr : nodeItemByIndex_[index];
}

QGraphicsItem* GraphScene::itemStandingFor(NodeId id) const {
    if (!diagram_) return nullptr;
    const int index = diagram_->indexOf(id);
    if (index < 0) return nullptr;
    const int item = plan_.itemOfNode[index];
    return item < 0 ? nullptr : itemByPlanIndex_[item];
}

GroupItem* GraphScene::groupItem(int group) const {
    return group >= 0 && group < static_cast<int>(groupItemByGroup_.size()) ? groupItemByGroup_[group]
                                                                            : nullptr;
}

QGraphicsItem* GraphScene::selectNode(NodeId id) {
    QGraphicsItem* item = itemStandingFor(id);
    if (!item) return nullptr;
    clearSelection();
    item->setSelected(true);
    return item;
}

QRectF GraphScene::startAnchor() const {
    QRectF inputs, topmost;
    for (size_t i = 0; i < nodeItemByIndex_.size(); ++i) {
        NodeItem* item = nodeItemByIndex_[i];
        if (!item || !item->isVisible()) continue;
        const QRectF r = item->sceneBoundingRect();
        const DiagramNode& node = diagram_->node(static_cast<int>(i));
        if (op::isData(node.opType, node.domain)) inputs = inputs.isNull() ? r : inputs.united(r);
        if (topmost.isNull() || r.top() < topmost.top()) topmost = r;
    }
    if (!inputs.isNull()) return inputs;
    for (GroupItem* group : groupItemByGroup_)  // the inputs may sit in a collapsed group
        if (group && group->isVisible() &&
            (topmost.isNull() || group->sceneBoundingRect().top() < topmost.top()))
            topmost = group->sceneBoundingRect();
    return topmost;
}

QRectF GraphScene::changesAnchor(const QSizeF& window) const {
    std::vector<QRectF> marked;
    for (NodeItem* item : nodeItemByIndex_)
        if (item && item->isVisible() && item->look().mark != NodeLook::Mark::None)
            marked.push_back(item->sceneBoundingRect());
    for (GroupItem* group : groupItemByGroup_)
        if (group && group->isVisible() &&
            (group->look().added || group->look().removed || group->look().edited))
            marked.push_back(group->sceneBoundingRect());
    std::sort(marked.begin(), marked.end(), [](const QRectF& a, const QRectF& b) {
        return a.top() != b.top() ? a.top() < b.top() : a.left() < b.left();
    });
    QRectF best;
    size_t bestCount = 0;
    for (const QRectF& anchor : marked) {
        // As GraphView::showAnchor places it: centred across, near the top.
        const QRectF view(anchor.center().x() - window.width() / 2, anchor.top() - 24, window.width(),
                          window.height());
        const size_t count = static_cast<size_t>(std::count_if(
            marked.begin(), marked.end(), [&](const QRectF& r) { return view.contains(r.center()); }));
        if (count > bestCount) {
            best = anchor;
            bestCount = count;
        }
    }
    return best;
}

QRectF GraphScene::groupRect(int group) const {
    if (GroupItem* item = groupItem(group)) return item->sceneBoundingRect();
    for (QGraphicsItem* cluster : clusters_)
        if (static_cast<ClusterItem*>(cluster)->group() == group) return cluster->sceneBoundingRect();
    return {};
}

std::vector<GraphScene::MarkedBox> GraphScene::markedBoxes() const {
    std::vector<MarkedBox> boxes;
    if (!diagram_ || !graph_) return boxes;
    std::vector<std::pair<int, NodeId>> ranked;  // (topological rank, id)
    auto collect = [&](const std::unordered_set<NodeId>& ids) {
        for (NodeId id : ids) {
            const int index = diagram_->indexOf(id);
            if (index >= 0 && plan_.itemOfNode[index] >= 0) ranked.emplace_back(topoRank_[index], id);
        }
    };
    collect(marks_.removed);
    collect(marks_.added);
    collect(marks_.edited);
    std::sort(ranked.begin(), ranked.end());
    ranked.erase(std::unique(ranked.begin(), ranked.end()), ranked.end());
    for (const auto& [rank, id] : ranked) {
        MarkedBox box;
        box.id = id;
        // The same precedence as the boxes' looks (applyNodeLooks).
        const bool removed = marks_.removed.count(id) > 0;
        box.mark = removed                  ? NodeLook::Mark::Removed
                   : marks_.added.count(id) ? NodeLook::Mark::Added
                                            : NodeLook::Mark::Edited;
        box.item = itemStandingFor(id);
        if (!box.item) continue;
        if (const auto* node = qgraphicsitem_cast<const NodeItem*>(box.item)) {
            box.drawn = node->isVisible() && node->look().mark != NodeLook::Mark::None;
        } else {  // a collapsed group counts the node as applyGroupLooks() does
            const bool present = graph_->findNode(id) != nullptr;
            box.drawn = box.item->isVisible() &&
                        ((removed && side_ != DisplaySide::After) ||
                         (present && marks_.added.count(id) && side_ != DisplaySide::Before) ||
                         (present && marks_.edited.count(id)));
        }
        boxes.push_back(box);
    }
    return boxes;
}

// What a stub's tag says: the producer's own name (the last part of its scoped name), or the
// label of the collapsed group holding it.
QString GraphScene::stubText(int fromItem) const {
    const VisibleItem& from = plan_.items.at(static_cast<size_t>(fromItem));
    if (from.kind == VisibleItem::Kind::Group) return style::groupLabel(diagram_->scopes().group(from.index));
    const DiagramNode& n = diagram_->node(from.index);
    const size_t slash = n.name.rfind('/');
    const std::string own = slash == std::string::npos ? n.name : n.name.substr(slash + 1);
    return QString::fromStdString(own.empty() ? n.opType : own);
}

void GraphScene::onSelectionChanged() {
    const QList<QGraphicsItem*> selected = selectedItems();
    if (selected.isEmpty()) {
        emit selectionCleared();
        return;
    }
    if (auto* node = qgraphicsitem_cast<NodeItem*>(selected.front()))
        emit nodeSelected(node->nodeId());
    else if (auto* group = qgraphicsitem_cast<GroupItem*>(selected.front()))
        emit groupSelected(group->group());
    else if (auto* edge = qgraphicsitem_cast<EdgeItem*>(selected.front())) {
        const VisibleItem& from = plan_.items.at(edge->fromItem());
        if (edge->isStub()) {  // a shared value's tag: go to where the value is made
            if (from.kind == VisibleItem::Kind::Node)
                emit sharedValueFollowed(diagram_->node(from.index).id, -1);
            else
                emit sharedValueFollowed(kNoNode, from.index);
            return;
        }
        const VisibleItem& to = plan_.items.at(edge->toItem());
        const bool nodes = from.kind == VisibleItem::Kind::Node && to.kind == VisibleItem::Kind::Node;
        emit edgeSelected(nodes ? diagram_->node(from.index).id : kNoNode,
                          nodes ? diagram_->node(to.index).id : kNoNode);
    }
}

void GraphScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) {
    for (QGraphicsItem* item : items(event->scenePos())) {
        if (auto* group = qgraphicsitem_cast<GroupItem*>(item)) {
            emit groupToggleRequested(group->group());
            return;
        }
        if (auto* cluster = qgraphicsitem_cast<ClusterItem*>(item)) {
            emit groupToggleRequested(cluster->group());
            return;
        }
        if (qgraphicsitem_cast<NodeItem*>(item)) break;
    }
    QGraphicsScene::mouseDoubleClickEvent(event);
}

void GraphScene::contextMenuEvent(QGraphicsSceneContextMenuEvent* event) {
    for (QGraphicsItem* item : items(event->scenePos()))
        if (auto* node = qgraphicsitem_cast<NodeItem*>(item)) {
            clearSelection();
            node->setSelected(true);
            emit nodeContextMenuRequested(node->nodeId(), event->screenPos());
            return;
        }
    QGraphicsScene::contextMenuEvent(event);
}

}  // namespace passscope::views

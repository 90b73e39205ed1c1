#include "visible_plan.h"

#include <algorithm>
#include <map>
#include <queue>
#include <string>

#include <QStringList>

#include "layout/shared_values.h"

namespace passscope::views {

namespace {

// Walks the open part of the scope tree, emitting boxes and clusters.
struct PlanBuilder {
    const DiagramModel& diagram;
    const std::vector<bool>& expanded;
    const ItemSizer& sizer;
    VisiblePlan plan;
    std::vector<int> itemOfScopeItem;  // per drawn node (scope item): the box standing for it
    const std::vector<char>& removed;  // per diagram node: absent at the last position

    int addItem(VisibleItem item, int cluster) {
        const QSizeF size = sizer(diagram, item);
        plan.items.push_back(item);
        const bool transient =
            item.kind == VisibleItem::Kind::Node ? removed[item.index] != 0 : allRemoved(item.index);
        plan.request.nodes.push_back(
            LayoutNode{size.width(), size.height(), cluster, RankHint::Free, transient});
        return static_cast<int>(plan.items.size()) - 1;
    }

    bool allRemoved(int group) const {
        const ScopeGroup& g = diagram.scopes().group(group);
        for (int member : g.members)
            if (!removed[diagram.drawnNodes()[member]]) return false;
        for (int child : g.childGroups)
            if (!allRemoved(child)) return false;
        return true;
    }

    void markHidden(int group, int item) {
        const ScopeGroup& g = diagram.scopes().group(group);
        for (int member : g.members) itemOfScopeItem[member] = item;
        for (int child : g.childGroups) markHidden(child, item);
    }

    void visit(int group, int cluster) {
        const ScopeGroup& g = diagram.scopes().group(group);
        for (int member : g.members)
            itemOfScopeItem[member] =
                addItem({VisibleItem::Kind::Node, diagram.drawnNodes()[member]}, cluster);
        for (int child : g.childGroups) {
            if (expanded.at(child)) {
                plan.request.clusters.push_back(LayoutCluster{
                    QString::fromStdString(diagram.scopes().group(child).label), cluster, allRemoved(child)});
                plan.clusterGroup.push_back(child);
                visit(child, static_cast<int>(plan.request.clusters.size()) - 1);
            } else {
                markHidden(child, addItem({VisibleItem::Kind::Group, child}, cluster));
            }
        }
    }
};

// Drawn nodes that a later step removes — constant computations that folding replaced by a
// constant drawn inside their reader, shape arithmetic on a static shape, duplicates CSE merged,
// dead branches — are laid out beside the nodes they connect to rather than on ranks of their
// own. At the last step, what a first view shows, they are gone, and ranks of their own would
// leave bands of empty space in every block that folded something (issue 21: a ViT export's first
// view held 6 boxes, the rest was room kept for its folded Shape/Gather/Concat chains). So a
// removed constant computation with no producer of its own (an Identity of a weight) sits on its
// reader's rank, beside it, and a chain of removed nodes runs down as a column of its own beside
// the nodes it feeds: its edge into them does not order ranks. (Every edge of such a chain on one
// rank, as before, laid a Swin-T patch merging's 20 shape ops out as one row 4,800 points wide,
// and rows of three still widened DeepLabV3's ASPP by 1,700 points: issue 35.) At the step that removes them
// they stand as ghosts beside their neighbours.
std::vector<char> removedLater(const DiagramModel& diagram) {
    const int last = static_cast<int>(diagram.positionCount()) - 1;
    std::vector<char> removed(diagram.nodes().size(), 0);
    for (size_t i = 0; i < removed.size(); ++i) {
        const DiagramNode& node = diagram.node(static_cast<int>(i));
        removed[i] = !node.weight && node.lastPosition < last;
    }
    return removed;
}

}  // namespace

VisiblePlan planVisible(const DiagramModel& diagram, const std::vector<bool>& expanded,
                        const ItemSizer& sizer) {
    const std::vector<char> removed = removedLater(diagram);
    PlanBuilder builder{diagram, expanded, sizer, {}, std::vector<int>(diagram.drawnCount(), -1), removed};
    builder.visit(ScopeTree::root(), -1);
    VisiblePlan& plan = builder.plan;

    plan.itemOfNode.assign(diagram.nodes().size(), -1);
    for (size_t item = 0; item < diagram.drawnCount(); ++item)
        plan.itemOfNode[diagram.drawnNodes()[item]] = builder.itemOfScopeItem[item];
    const std::vector<char>& beside = removed;
    std::vector<char> hasProducer(diagram.nodes().size(), 0);
    for (const DiagramEdge& e : diagram.edges()) hasProducer[e.to] = 1;
    // Per diagram node: fed by a node that stays (what ranks it when removed nodes feed it too).
    std::vector<char> fedByLasting(diagram.nodes().size(), 0);
    for (const DiagramEdge& e : diagram.edges())
        if (!beside[e.from]) fedByLasting[e.to] = 1;
    for (const DiagramEdge& e : diagram.edges()) {
        const int from = plan.itemOfNode[e.from], to = plan.itemOfNode[e.to];
        if (from < 0 || to < 0 || from == to) continue;
        auto [it, inserted] =
            plan.edgeOfItems.try_emplace({from, to}, static_cast<int>(plan.request.edges.size()));
        const bool ownBoxes = plan.items[from].kind == VisibleItem::Kind::Node &&
                              plan.items[to].kind == VisibleItem::Kind::Node;
        // From a removed constant computation (no producer of its own) to its reader: the same
        // rank. Out of a chain of removed nodes into a node that stays and that a node that stays
        // feeds too
        // (else it would have no rank of its own: a Dropout removed from the middle of a chain):
        // no order of ranks.
        const bool sameRank = beside[e.from] && !hasProducer[e.from];
        const bool hanging = beside[e.from] && hasProducer[e.from] && !beside[e.to] && fedByLasting[e.to];
        if (inserted)
            plan.request.edges.push_back(
                LayoutEdge{from, to, sameRank && ownBoxes ? 0 : 1, !(hanging && ownBoxes)});
    }
    markSharedValues(plan.request);
    return std::move(plan);
}

std::string groupKind(const ScopeGroup& group) {
    if (group.synthetic) return group.path;  // a stretch of a flat level is a kind of its own
    std::string kind;
    kind.reserve(group.path.size());
    for (char c : group.path) {
        const bool digit = c >= '0' && c <= '9';
        if (!digit)
            kind += c;
        else if (kind.empty() || kind.back() != '#')
            kind += '#';
    }
    return kind;
}

std::vector<bool> defaultExpansion(const DiagramModel& diagram, int budget) {
    const ScopeTree& scopes = diagram.scopes();
    std::vector<bool> expanded(scopes.groups().size(), false);
    expanded[ScopeTree::root()] = true;
    const ScopeGroup& root = scopes.group(ScopeTree::root());
    int boxes = static_cast<int>(root.members.size() + root.childGroups.size());

    // The groups of one kind whose parents are open, opened or left closed together.
    struct Kin {
        std::vector<int> groups;
        int hidden = 0;  // nodes inside them: the largest kinds open first, they hide the most
        int cost = 0;    // boxes added by opening them all
    };
    auto lessHidden = [](const Kin& a, const Kin& b) { return a.hidden < b.hidden; };
    std::priority_queue<Kin, std::vector<Kin>, decltype(lessHidden)> queue(lessHidden);
    // Kinds in the order their first group comes, so equal sizes open in model order.
    auto pushKinds = [&](const std::vector<int>& children) {
        std::vector<std::string> order;
        std::map<std::string, Kin> byKind;
        for (int child : children) {
            const std::string kind = groupKind(scopes.group(child));
            auto [it, added] = byKind.try_emplace(kind);
            if (added) order.push_back(kind);
            const ScopeGroup& g = scopes.group(child);
            it->second.groups.push_back(child);
            it->second.hidden += g.totalMembers;
            it->second.cost += static_cast<int>(g.members.size() + g.childGroups.size()) - 1;
        }
        for (const std::string& kind : order) queue.push(std::move(byKind[kind]));
    };
    pushKinds(root.childGroups);
    while (!queue.empty()) {
        const Kin kin = queue.top();
        queue.pop();
        if (boxes + kin.cost > budget) continue;
        boxes += kin.cost;
        std::vector<int> children;
        for (int g : kin.groups) {
            expanded[g] = true;
            const auto& more = scopes.group(g).childGroups;
            children.insert(children.end(), more.begin(), more.end());
        }
        pushKinds(children);
    }
    return expanded;
}

QStringList expandedPaths(const DiagramModel& diagram, const std::vector<bool>& expanded) {
    QStringList paths;
    for (size_t g = 1; g < expanded.size(); ++g)
        if (expanded[g]) paths << QString::fromStdString(diagram.scopes().group(static_cast<int>(g)).path);
    return paths;
}

std::vector<bool> expansionFromPaths(const DiagramModel& diagram, const QStringList& paths) {
    std::vector<bool> expanded(diagram.scopes().groups().size(), false);
    expanded[ScopeTree::root()] = true;
    for (const QString& path : paths) {
        const int g = diagram.scopes().findPath(path.toStdString());
        if (g > 0) expanded[g] = true;
    }
    return expanded;
}

}  // namespace passscope::views

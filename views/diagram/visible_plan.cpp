#include "visible_plan.h"

#include <algorithm>
#include <queue>

#include <QStringList>

namespace passscope::views {

namespace {

// Walks the open part of the scope tree, emitting boxes and clusters.
struct PlanBuilder {
    const DiagramModel& diagram;
    const std::vector<bool>& expanded;
    const ItemSizer& sizer;
    VisiblePlan plan;
    std::vector<int> itemOfScopeItem;  // per drawn node (scope item): the box standing for it

    int addItem(VisibleItem item, int cluster) {
        const QSizeF size = sizer(diagram, item);
        plan.items.push_back(item);
        plan.request.nodes.push_back(LayoutNode{size.width(), size.height(), cluster});
        return static_cast<int>(plan.items.size()) - 1;
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
                plan.request.clusters.push_back(
                    LayoutCluster{QString::fromStdString(diagram.scopes().group(child).label), cluster});
                plan.clusterGroup.push_back(child);
                visit(child, static_cast<int>(plan.request.clusters.size()) - 1);
            } else {
                markHidden(child, addItem({VisibleItem::Kind::Group, child}, cluster));
            }
        }
    }
};

}  // namespace

VisiblePlan planVisible(const DiagramModel& diagram, const std::vector<bool>& expanded,
                        const ItemSizer& sizer) {
    PlanBuilder builder{diagram, expanded, sizer, {}, std::vector<int>(diagram.drawnCount(), -1)};
    builder.visit(ScopeTree::root(), -1);
    VisiblePlan& plan = builder.plan;

    plan.itemOfNode.assign(diagram.nodes().size(), -1);
    for (size_t item = 0; item < diagram.drawnCount(); ++item)
        plan.itemOfNode[diagram.drawnNodes()[item]] = builder.itemOfScopeItem[item];
    for (const DiagramEdge& e : diagram.edges()) {
        const int from = plan.itemOfNode[e.from], to = plan.itemOfNode[e.to];
        if (from < 0 || to < 0 || from == to) continue;
        auto [it, inserted] =
            plan.edgeOfItems.try_emplace({from, to}, static_cast<int>(plan.request.edges.size()));
        if (inserted) plan.request.edges.push_back(LayoutEdge{from, to});
    }
    return std::move(plan);
}

std::vector<bool> defaultExpansion(const DiagramModel& diagram, int budget) {
    const ScopeTree& scopes = diagram.scopes();
    std::vector<bool> expanded(scopes.groups().size(), false);
    expanded[ScopeTree::root()] = true;
    const ScopeGroup& root = scopes.group(ScopeTree::root());
    int boxes = static_cast<int>(root.members.size() + root.childGroups.size());
    // Largest groups first: they hide the most.
    auto larger = [&](int a, int b) { return scopes.group(a).totalMembers < scopes.group(b).totalMembers; };
    std::priority_queue<int, std::vector<int>, decltype(larger)> queue(larger);
    for (int child : root.childGroups) queue.push(child);
    while (!queue.empty()) {
        const int g = queue.top();
        queue.pop();
        const ScopeGroup& group = scopes.group(g);
        const int opened = static_cast<int>(group.members.size() + group.childGroups.size()) - 1;
        if (boxes + opened > budget) continue;
        expanded[g] = true;
        boxes += opened;
        for (int child : group.childGroups) queue.push(child);
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

#pragma once
// Which boxes to lay out for a given set of expanded scope groups: every drawn node whose scopes
// are all expanded, and every collapsed group whose parent is expanded. Edges of the diagram are
// mapped to the boxes that stand for their ends (an edge into a collapsed group ends at the
// group's box) and deduplicated. Only this much goes to Graphviz, which is how a 20,000-node
// model lays out in well under a second.
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include <QSizeF>
#include <QString>

#include "diagram_model.h"
#include "layout/layout_types.h"

namespace passscope::views {

struct VisibleItem {
    enum class Kind { Node, Group };
    Kind kind = Kind::Node;
    int index = 0;  // DiagramModel node index, or ScopeTree group index
};

struct VisiblePlan {
    std::vector<VisibleItem> items;  // one per LayoutRequest node, same order
    std::vector<int> itemOfNode;     // per DiagramModel node: its item, -1 for weights
    std::vector<int> clusterGroup;   // per LayoutRequest cluster: the expanded group it frames
    std::map<std::pair<int, int>, int> edgeOfItems;  // (from item, to item) -> LayoutRequest edge
    LayoutRequest request;
};

using ItemSizer = std::function<QSizeF(const DiagramModel&, const VisibleItem&)>;

// `expanded[g]` says whether scope group g is open (the root always is).
VisiblePlan planVisible(const DiagramModel& diagram, const std::vector<bool>& expanded,
                        const ItemSizer& sizer);

// What a group is an instance of: its path with every number replaced by '#', so that
// "/encoder/layers.3/self_attn" is "/encoder/layers.#/self_attn" like the other layers'
// attention. A stretch cut from a flat level (ScopeGroup::synthetic) is its own kind.
std::string groupKind(const ScopeGroup& group);

// Opens groups kind by kind, breadth-first, the kinds hiding the most nodes first, while the
// number of boxes stays within `budget`: every layer of a stack opens, or none does (issue 21:
// an expansion a person can predict), small models open completely, large ones start at their
// top scopes.
std::vector<bool> defaultExpansion(const DiagramModel& diagram, int budget);

// Expanded groups as paths (for session files and layout cache keys), and back.
QStringList expandedPaths(const DiagramModel& diagram, const std::vector<bool>& expanded);
std::vector<bool> expansionFromPaths(const DiagramModel& diagram, const QStringList& paths);

}  // namespace passscope::views

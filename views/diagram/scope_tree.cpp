#include "scope_tree.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

namespace passscope::views {

std::vector<std::string> ScopeTree::scopeSegments(const std::string& name) {
    std::vector<std::string> segments;
    size_t start = 0;
    while (start <= name.size()) {
        const size_t slash = name.find('/', start);
        const size_t end = slash == std::string::npos ? name.size() : slash;
        if (end > start) segments.push_back(name.substr(start, end - start));
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    if (!segments.empty()) segments.pop_back();  // the last segment names the node itself
    return segments;
}

int ScopeTree::addChild(int parent, std::string label, std::string path) {
    ScopeGroup g;
    g.label = std::move(label);
    g.path = std::move(path);
    g.parent = parent;
    groups_.push_back(std::move(g));
    dead_.push_back(false);
    const int index = static_cast<int>(groups_.size()) - 1;
    groups_[parent].childGroups.push_back(index);
    return index;
}

ScopeTree ScopeTree::build(const std::vector<std::string>& names,
                           const std::vector<std::pair<int, int>>& edges, const std::vector<char>& lasting) {
    ScopeTree tree;
    tree.groups_.push_back(ScopeGroup{});
    tree.dead_.push_back(false);
    std::unordered_map<std::string, int> byPath;
    for (size_t item = 0; item < names.size(); ++item) {
        int group = root();
        std::string path;
        for (const std::string& segment : scopeSegments(names[item])) {
            path += '/';
            path += segment;
            auto [it, inserted] = byPath.try_emplace(path, 0);
            if (inserted) it->second = tree.addChild(group, segment, path);
            group = it->second;
        }
        tree.groups_[group].members.push_back(static_cast<int>(item));
    }
    tree.countMembers(root());
    tree.dissolveTinyGroups(lasting);
    tree.mergeSingleChildChains();
    tree.cutLargeLevels(names, edges);
    tree.compact();
    return tree;
}

int ScopeTree::countMembers(int group) {
    ScopeGroup& g = groups_[group];
    int total = static_cast<int>(g.members.size());
    for (int child : g.childGroups) total += countMembers(child);
    g.totalMembers = total;
    return total;
}

int ScopeTree::countLasting(int group, const std::vector<char>& lasting) const {
    const ScopeGroup& g = groups_[group];
    int total = 0;
    for (int item : g.members) total += lasting[static_cast<size_t>(item)] != 0;
    for (int child : g.childGroups) total += countLasting(child, lasting);
    return total;
}

// A scope holding a single node is noise: the node is drawn in the enclosing scope instead. So is
// a small one that holds a single node at the end, beside nodes a pass removes (a Conv and the
// Identity of a shared weight folding removes: a frame around one box in the first view, which
// shows the end; issue 35).
constexpr int kSmallScope = 4;
void ScopeTree::dissolveTinyGroups(const std::vector<char>& lasting) {
    for (int g = static_cast<int>(groups_.size()) - 1; g > root(); --g) {  // children before parents
        if (dead_[g]) continue;
        const bool tiny =
            groups_[g].totalMembers <= 1 ||
            (!lasting.empty() && groups_[g].totalMembers <= kSmallScope && countLasting(g, lasting) <= 1);
        if (!tiny) continue;
        const int up = groups_[g].parent;
        ScopeGroup& parent = groups_[up];
        parent.members.insert(parent.members.end(), groups_[g].members.begin(), groups_[g].members.end());
        // What it still holds moves up with its members, in its place among its siblings.
        auto at = std::find(parent.childGroups.begin(), parent.childGroups.end(), g);
        const std::vector<int> held = std::move(groups_[g].childGroups);
        groups_[g].childGroups.clear();
        for (int child : held) groups_[child].parent = up;
        parent.childGroups.insert(parent.childGroups.erase(at), held.begin(), held.end());
        dead_[g] = true;
    }
    for (ScopeGroup& g : groups_) std::sort(g.members.begin(), g.members.end());
}

// "/encoder" holding only "/encoder/layers" becomes one box "encoder/layers": a click that
// reveals a single box teaches nothing.
void ScopeTree::mergeSingleChildChains() {
    std::function<void(int)> visit = [&](int index) {
        ScopeGroup& g = groups_[index];
        while (index != root() && g.members.empty() && g.childGroups.size() == 1) {
            const int child = g.childGroups.front();
            ScopeGroup& c = groups_[child];
            g.label += '/';
            g.label += c.label;
            g.path = c.path;
            g.members = std::move(c.members);
            g.childGroups = std::move(c.childGroups);
            for (int grandchild : g.childGroups) groups_[grandchild].parent = index;
            dead_[child] = true;
        }
        for (int child : std::vector<int>(g.childGroups)) visit(child);
    };
    visit(root());
}

void ScopeTree::cutLargeLevels(const std::vector<std::string>& names,
                               const std::vector<std::pair<int, int>>& edges) {
    std::vector<int> owner(names.size(), root());  // the group each item lies in directly
    for (size_t g = 0; g < groups_.size(); ++g)
        if (!dead_[g])
            for (int item : groups_[g].members) owner[item] = static_cast<int>(g);
    const size_t count = groups_.size();  // stretches made below are small enough already
    for (size_t g = 0; g < count; ++g) {
        const ScopeGroup& level = groups_[g];
        if (dead_[g] ||
            level.members.size() + level.childGroups.size() <= static_cast<size_t>(kMaxLevelItems))
            continue;
        cutLevel(static_cast<int>(g), names, edges, owner);
    }
}

namespace {

// A topological order of a level's boxes that follows chains: of the boxes whose inputs are all
// placed, the one made ready last goes next (a stack), so a branch is finished before the next
// one starts and a stretch of the order is a connected piece of the network. Cycles (possible
// between collapsed groups) are broken at the earliest box in input order.
std::vector<int> chainFirstOrder(int units, const std::vector<std::vector<int>>& successors) {
    std::vector<int> indegree(units, 0);
    for (const auto& next : successors)
        for (int v : next) ++indegree[v];
    std::vector<int> order, stack;
    std::vector<bool> placed(units, false);
    order.reserve(units);
    for (int u = units - 1; u >= 0; --u)
        if (indegree[u] == 0) stack.push_back(u);
    int scan = 0;  // next candidate for breaking a cycle
    while (static_cast<int>(order.size()) < units) {
        if (stack.empty()) {
            while (placed[scan]) ++scan;
            stack.push_back(scan);
        }
        const int u = stack.back();
        stack.pop_back();
        if (placed[u]) continue;
        placed[u] = true;
        order.push_back(u);
        for (auto it = successors[u].rbegin(); it != successors[u].rend(); ++it)
            if (!placed[*it] && --indegree[*it] <= 0) stack.push_back(*it);
    }
    return order;
}

}  // namespace

// Cuts one level into stretches of a chain-following topological order, each cut where the
// fewest edges cross between the boxes before and after it.
void ScopeTree::cutLevel(int level, const std::vector<std::string>& names,
                         const std::vector<std::pair<int, int>>& edges, const std::vector<int>& owner) {
    // Units: the level's own members, then its child groups.
    struct Unit {
        bool group;
        int index;
    };
    std::vector<Unit> units;
    for (int item : groups_[level].members) units.push_back({false, item});
    for (int child : groups_[level].childGroups) units.push_back({true, child});
    const int n = static_cast<int>(units.size());
    std::unordered_map<int, int> unitOfGroup;
    std::unordered_map<int, int> unitOfMember;
    for (int u = 0; u < n; ++u) (units[u].group ? unitOfGroup : unitOfMember)[units[u].index] = u;
    auto unitOf = [&](int item) {
        if (auto it = unitOfMember.find(item); it != unitOfMember.end()) return it->second;
        for (int g = owner[item]; g > root(); g = groups_[g].parent)
            if (groups_[g].parent == level) {
                auto it = unitOfGroup.find(g);
                return it == unitOfGroup.end() ? -1 : it->second;
            }
        return -1;
    };
    std::vector<std::vector<int>> successors(n);
    std::vector<std::pair<int, int>> unitEdges;
    for (const auto& [from, to] : edges) {
        const int u = unitOf(from), v = unitOf(to);
        if (u < 0 || v < 0 || u == v) continue;
        successors[u].push_back(v);
        unitEdges.emplace_back(u, v);
    }
    const std::vector<int> order = chainFirstOrder(n, successors);
    std::vector<int> position(n);
    for (int i = 0; i < n; ++i) position[order[i]] = i;
    // crossing[i]: edges between positions <= i and > i.
    std::vector<int> delta(n + 1, 0);
    for (const auto& [u, v] : unitEdges) {
        const int a = std::min(position[u], position[v]), b = std::max(position[u], position[v]);
        ++delta[a];
        --delta[b];
    }
    std::vector<int> crossing(n, 0);
    for (int i = 0, running = 0; i < n; ++i) crossing[i] = running += delta[i];

    const int target = std::max(kStretchSize, (n + kMaxStretches - 1) / kMaxStretches);
    std::vector<int> cuts;  // a stretch ends after each of these positions
    for (int start = 0; n - start > target + target / 2;) {
        // The rest after a cut keeps at least half a stretch: no stretch of a handful of boxes.
        const int lo = start + target / 2, hi = std::min(n - 1 - target / 2, start + 2 * target);
        int best = lo;
        for (int i = lo; i <= hi; ++i) {
            const auto score = [&](int at) {
                return std::pair(crossing[at], std::abs(at - (start + target)));
            };
            if (score(i) < score(best)) best = i;
        }
        cuts.push_back(best);
        start = best + 1;
    }
    cuts.push_back(n - 1);

    auto unitName = [&](const Unit& unit) {
        return unit.group ? groups_[unit.index].label : names[unit.index];
    };
    const std::string base = groups_[level].path;
    std::unordered_map<std::string, int> pathUses;
    groups_[level].members.clear();
    groups_[level].childGroups.clear();
    for (size_t s = 0, first = 0; s < cuts.size(); first = cuts[s] + 1, ++s) {
        const Unit& head = units[order[first]];
        const Unit& tail = units[order[cuts[s]]];
        std::string path = base + "#" + unitName(head);
        if (const int uses = pathUses[path]++; uses > 0)
            path += "~" + std::to_string(uses);  // names may repeat
        const int stretch = addChild(level, unitName(head) + " … " + unitName(tail), path);
        groups_[stretch].synthetic = true;
        for (size_t i = first; i <= static_cast<size_t>(cuts[s]); ++i) {
            const Unit& unit = units[order[i]];
            if (unit.group) {
                groups_[unit.index].parent = stretch;
                groups_[stretch].childGroups.push_back(unit.index);
            } else {
                groups_[stretch].members.push_back(unit.index);
            }
        }
    }
}

// Drops dead groups and renumbers so that a parent always precedes its children.
void ScopeTree::compact() {
    std::vector<ScopeGroup> kept;
    std::vector<int> newIndex(groups_.size(), -1);
    std::function<void(int, int)> visit = [&](int old, int parent) {
        const int index = static_cast<int>(kept.size());
        newIndex[old] = index;
        ScopeGroup g = groups_[old];
        g.parent = parent;
        g.childGroups.clear();
        kept.push_back(std::move(g));
        for (int child : groups_[old].childGroups)
            if (!dead_[child]) {
                const int before = static_cast<int>(kept.size());
                visit(child, index);
                kept[index].childGroups.push_back(before);
            }
    };
    visit(root(), -1);
    groups_ = std::move(kept);
    dead_.assign(groups_.size(), false);
    countMembers(root());
    size_t items = 0;
    for (const ScopeGroup& g : groups_) items += g.members.size();
    itemGroup_.assign(items, root());
    for (size_t g = 0; g < groups_.size(); ++g)
        for (int item : groups_[g].members) itemGroup_.at(item) = static_cast<int>(g);
}

int ScopeTree::findPath(const std::string& path) const {
    for (size_t g = 0; g < groups_.size(); ++g)
        if (groups_[g].path == path) return static_cast<int>(g);
    return -1;
}

bool ScopeTree::isWithin(int group, int ancestor) const {
    for (int g = group; g >= 0; g = groups_[g].parent)
        if (g == ancestor) return true;
    return false;
}

}  // namespace passscope::views

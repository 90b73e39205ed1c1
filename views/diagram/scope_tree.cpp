#include "scope_tree.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

namespace passscope::views {

std::vector<std::string> scopeSegments(const std::string& name) {
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

ScopeTree ScopeTree::build(const std::vector<std::string>& names) {
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
    tree.dissolveTinyGroups();
    tree.mergeSingleChildChains();
    tree.chunkLargeGroups();
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

// A scope holding a single node is noise: the node is drawn in the enclosing scope instead.
void ScopeTree::dissolveTinyGroups() {
    for (int g = static_cast<int>(groups_.size()) - 1; g > root(); --g) {  // children before parents
        if (dead_[g] || groups_[g].totalMembers > 1) continue;
        ScopeGroup& parent = groups_[groups_[g].parent];
        parent.members.insert(parent.members.end(), groups_[g].members.begin(), groups_[g].members.end());
        std::erase(parent.childGroups, g);
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

void ScopeTree::chunkLargeGroups() {
    const size_t count = groups_.size();
    for (size_t g = 0; g < count; ++g) {
        if (dead_[g] || groups_[g].members.size() <= kMaxDirectMembers) continue;
        std::vector<int> members = std::move(groups_[g].members);
        groups_[g].members.clear();
        chunkInto(static_cast<int>(g), std::move(members), 0);
    }
}

// Cuts `members` into consecutive chunks; when even the chunks are too many, into chunks of
// chunks, so that every level stays small enough to lay out at once.
void ScopeTree::chunkInto(int group, std::vector<int> members, int offset) {
    if (members.size() <= kMaxDirectMembers) {
        groups_[group].members = std::move(members);
        return;
    }
    size_t per = kChunkSize;
    while ((members.size() + per - 1) / per > kMaxDirectMembers) per *= kChunkSize;
    const std::string base = groups_[group].path;
    for (size_t start = 0, n = 0; start < members.size(); start += per, ++n) {
        const size_t end = std::min(members.size(), start + per);
        const int chunk = addChild(group, std::string(), base + "#" + std::to_string(offset + start + 1));
        groups_[chunk].chunk = true;
        groups_[chunk].chunkFirst = offset + static_cast<int>(start) + 1;
        groups_[chunk].chunkLast = offset + static_cast<int>(end);
        chunkInto(chunk, std::vector<int>(members.begin() + start, members.begin() + end),
                  offset + static_cast<int>(start));
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

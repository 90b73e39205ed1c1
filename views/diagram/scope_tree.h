#pragma once
// Groups a graph's nodes by name scope ("/encoder/layer.0/attn/MatMul" lies in encoder → layer.0 →
// attn), the way PyTorch and TensorFlow exporters name them, so that a large model can be drawn
// as a few collapsible boxes and laid out a level at a time (TOOLCHAIN.md: a flat dot layout of
// 5,000 nodes takes 5 to 18 s). Scopes with a single child are merged ("encoder/layer.0"),
// scopes of one node dissolve into their parent, and a scope with too many direct members is
// cut into numbered chunks so that no single level is too big to lay out.
#include <string>
#include <vector>

namespace passscope::views {

struct ScopeGroup {
    std::string label;  // shown on the box: the scope's own segment(s), or "nodes 1–100" for a chunk
    std::string path;   // stable identity, e.g. "/encoder/layer.0"; chunks get "/encoder#2"
    int parent = -1;    // -1 for the root
    std::vector<int> childGroups;
    std::vector<int> members;  // item indices directly in this group, in input order
    int totalMembers = 0;      // including all descendants
    bool chunk = false;
    int chunkFirst = 0, chunkLast = 0;  // a chunk's 1-based range among its parent scope's direct members
};

class ScopeTree {
  public:
    static constexpr int kMaxDirectMembers = 120;  // larger levels are cut into chunks
    static constexpr int kChunkSize = 80;

    // names[i] is item i's node name; items without a scope ("" or no '/') sit in the root.
    static ScopeTree build(const std::vector<std::string>& names);

    const std::vector<ScopeGroup>& groups() const { return groups_; }
    const ScopeGroup& group(int index) const { return groups_.at(index); }
    static constexpr int root() { return 0; }
    int groupOf(int item) const { return itemGroup_.at(item); }
    // -1 when no group has this path.
    int findPath(const std::string& path) const;
    // True when `group` is `ancestor` or lies inside it.
    bool isWithin(int group, int ancestor) const;

  private:
    int addChild(int parent, std::string label, std::string path);
    void dissolveTinyGroups();
    void mergeSingleChildChains();
    void chunkLargeGroups();
    void chunkInto(int group, std::vector<int> members, int offset);
    void compact();
    int countMembers(int group);
    std::vector<ScopeGroup> groups_;
    std::vector<bool> dead_;
    std::vector<int> itemGroup_;
};

// The scope segments of a node name: "/a/b/Conv" → {"a", "b"}; "a/b" → {"a"}; "Conv" → {}.
std::vector<std::string> scopeSegments(const std::string& name);

}  // namespace passscope::views

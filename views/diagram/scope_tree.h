#pragma once
// Groups a graph's nodes by name scope ("/encoder/layer.0/attn/MatMul" lies in encoder → layer.0 →
// attn), the way PyTorch and TensorFlow exporters name them, so that a large model can be drawn
// as a few collapsible boxes and laid out a level at a time (docs/architecture.md §6.3: a flat dot layout of
// 5,000 nodes takes 5 to 18 s). Scopes with a single child are merged ("encoder/layer.0"),
// scopes of one node dissolve into their parent. Groups come only from the model's own names
// (issue 8: "invent no groups the model does not have"): a graph without scopes (Paddle2ONNX's
// `p2o.Conv.12`) stays flat. Only a level too large to lay out at once (kMaxLevelItems) is cut,
// and then along the data flow: consecutive stretches of a topological order, cut where the
// fewest edges cross, so that a collapsed stretch is a piece of the network with few wires in
// and out (a chain of blocks cut between blocks), never a handful of unrelated nodes.
#include <string>
#include <utility>
#include <vector>

namespace passscope::views {

struct ScopeGroup {
    std::string label;  // shown on the box: the scope's own segment(s), or "first … last" node for a stretch
    std::string
        path;  // stable identity, e.g. "/encoder/layer.0"; a stretch gets "/encoder#<first node's name>"
    int parent = -1;  // -1 for the root
    std::vector<int> childGroups;
    std::vector<int> members;  // item indices directly in this group, in input order
    int totalMembers = 0;      // including all descendants
    bool synthetic = false;    // a stretch of a level too large to lay out, not a scope of the model
};

class ScopeTree {
  public:
    // A level with more boxes than this (members plus child groups) is cut into stretches. dot
    // lays out 1,000 to 1,500 boxes of a real model in well under a second when no edge spans
    // many ranks (graphviz_layout.cpp), so models up to this size are drawn flat.
    static constexpr int kMaxLevelItems = 1200;
    static constexpr int kStretchSize = 150;   // the size stretches aim at (75 to 300)
    static constexpr int kMaxStretches = 400;  // per level: stretches grow past kStretchSize beyond this

    // names[i] is item i's node name; items without a scope ("" or no '/') sit in the root.
    // edges are data edges between items (from, to), used to cut levels that are too large.
    // `lasting[i]`, when given, says whether item i is still there at the pipeline's end.
    static ScopeTree build(const std::vector<std::string>& names,
                           const std::vector<std::pair<int, int>>& edges = {},
                           const std::vector<char>& lasting = {});
    // The scopes a node name lies in, outermost first ("/encoder/layer.0/MatMul": encoder, layer.0).
    static std::vector<std::string> scopeSegments(const std::string& name);

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
    void dissolveTinyGroups(const std::vector<char>& lasting);
    void mergeSingleChildChains();
    void cutLargeLevels(const std::vector<std::string>& names, const std::vector<std::pair<int, int>>& edges);
    void cutLevel(int level, const std::vector<std::string>& names,
                  const std::vector<std::pair<int, int>>& edges, const std::vector<int>& owner);
    void compact();
    int countMembers(int group);
    int countLasting(int group, const std::vector<char>& lasting) const;
    std::vector<ScopeGroup> groups_;
    std::vector<bool> dead_;
    std::vector<int> itemGroup_;
};

// The scope segments of a node name: "/a/b/Conv" → {"a", "b"}; "a/b" → {"a"}; "Conv" → {}.
std::vector<std::string> scopeSegments(const std::string& name);

}  // namespace passscope::views

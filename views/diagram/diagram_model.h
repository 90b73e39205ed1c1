#pragma once
// Everything the graph view draws, for every step of a pipeline run at once: the union of the
// nodes that exist at any position of the journal, with the interval of positions where each one
// exists, and the union of their data edges. Laying out this union once is what keeps a node
// that did not change at the same place from one step to the next (issue 4: "so the eye can
// follow"); a step only decides which items are shown, ghosted or marked.
//
// Every node that only holds a constant is a "weight": initializers (Const, FileConstant), ONNX
// `Constant` nodes (Paddle2ONNX and torch.onnx hold weights in hundreds of them) and constants
// made by folding. Like Netron, the view draws them inside the boxes of the nodes that read them
// (name, shape, first values) rather than as boxes of their own, which halves the boxes of a
// typical model and keeps a folded constant beside its consumer instead of in a far-away cluster.
// A fold shows as the folded node's ghost and a new line in its consumer's box.
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/graph.h"
#include "pipeline/journal.h"
#include "pipeline/step_changes.h"
#include "scope_tree.h"

namespace passscope::views {

struct DiagramNode {
    NodeId id = kNoNode;
    std::string name;
    std::string opType;
    std::string domain;
    int firstPosition = 0;  // positions where the node exists: [firstPosition, lastPosition]
    int lastPosition = 0;
    bool weight = false;           // holds a constant: drawn inside its consumers, not as a box
    int weightInputs = 0;          // most weight inputs this node has at any position (box height)
    bool namedAfterInput = false;  // "<input value's name>/<...>": grouped with its readers
    bool presentAt(size_t position) const {
        return static_cast<int>(position) >= firstPosition && static_cast<int>(position) <= lastPosition;
    }
};

// A data edge between two drawn nodes (indices into DiagramModel::nodes()).
struct DiagramEdge {
    int from = 0;
    int to = 0;
    bool operator==(const DiagramEdge&) const = default;
};

class DiagramModel {
  public:
    // Walks a private cursor over the journal: from the final graph back to position 0, then
    // forward, collecting every node and every edge that exists at some position.
    static std::shared_ptr<const DiagramModel> build(const Journal& journal, const Graph& finalGraph);
    // The same, walking `cursor` (a cursor over `journal`); it is left at the last position.
    static std::shared_ptr<const DiagramModel> build(const Journal& journal, JournalCursor& cursor);
    // A graph without history (a subgraph body, or a model before its pipeline has run).
    static std::shared_ptr<const DiagramModel> fromGraph(const Graph& graph);
    // A body at one step: the union of the body as it was before the step (`before`) and after it
    // (`after`), laid out once so that both sides of a comparison put a node at the same place and
    // a node the step removed still has a box to draw as a ghost. Positions: 0 = before, 1 = after.
    static std::shared_ptr<const DiagramModel> fromGraphs(const Graph& before, const Graph& after);

    const std::vector<DiagramNode>& nodes() const { return nodes_; }
    const DiagramNode& node(int index) const { return nodes_.at(index); }
    // -1 when the id never existed.
    int indexOf(NodeId id) const;
    const std::vector<DiagramEdge>& edges() const { return edges_; }
    size_t positionCount() const { return positions_; }  // steps + 1

    // The scope tree over the drawn (non-weight) nodes; tree items are drawnNodes() indices.
    const ScopeTree& scopes() const { return scopes_; }
    const std::vector<int>& drawnNodes() const { return drawn_; }
    // The scope group a drawn node lies in directly, or -1 for a weight.
    int groupOfNode(int node) const;
    // Number of nodes ever drawn.
    size_t drawnCount() const { return drawn_.size(); }
    // The weights (constant-holding nodes) of all positions, for sorting a step's changes.
    const ConstantNodes& constants() const { return constants_; }

  private:
    int addNode(const Node& node, int position);
    void addEdgesOf(const Graph& graph, const Node& node);
    void finish();

    std::vector<DiagramNode> nodes_;
    std::unordered_map<NodeId, int> index_;
    std::vector<DiagramEdge> edges_;
    std::vector<int> drawn_;      // node index per scope-tree item
    std::vector<int> drawnItem_;  // scope-tree item per node, -1 for weights
    ScopeTree scopes_;
    ConstantNodes constants_;
    size_t positions_ = 1;
};

}  // namespace passscope::views

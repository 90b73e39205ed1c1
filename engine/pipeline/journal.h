#pragma once
// The journal: what every pass run changed, recorded through GraphObserver (passes never write to
// it themselves), with enough before/after data to move a working graph to any step, forward or
// backward, without keeping a copy of the graph per step. This is what the GUI steps through.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ir/graph.h"
#include "pipeline/pass_stats.h"

namespace passscope {

namespace change {
struct NodeAdded {
    NodeId node;
    std::string opType, domain, name;
    size_t outputs;
};
struct NodeRemoved {
    std::shared_ptr<const Node> snapshot;
};  // detached state, for undo
struct InputChanged {
    NodeId node;
    size_t input;
    ValueRef before, after;
};
struct InputsResized {
    NodeId node;
    size_t before, after;
};
// Attributes and descriptions are held by pointer (null = absent): inline they made every
// Change 680 bytes, and a pipeline records several changes per node.
struct AttributeChanged {
    NodeId node;
    std::string name;
    std::shared_ptr<const Attribute> before, after;
};
struct OutputDescChanged {
    NodeId node;
    size_t output;
    std::shared_ptr<const TensorDesc> before, after;
};
// What a consumer expects on each input (Node::inputDescs), replaced as a whole as
// Graph::setInputDescs does; the format passes set it (docs/ge-formats.md §5).
struct InputDescsChanged {
    NodeId node;
    std::shared_ptr<const std::vector<TensorDesc>> before, after;
};
struct OutputNameChanged {
    NodeId node;
    size_t output;
    std::string before, after;
};
struct ControlEdgeChanged {
    NodeId from, to;
    bool added;
};
struct GraphInputsChanged {
    std::vector<NodeId> before, after;
};
}  // namespace change

using ChangeKind =
    std::variant<change::NodeAdded, change::NodeRemoved, change::InputChanged, change::InputsResized,
                 change::AttributeChanged, change::OutputDescChanged, change::InputDescsChanged,
                 change::OutputNameChanged, change::ControlEdgeChanged, change::GraphInputsChanged>;

// One recorded edit and the graph it was made in (empty path = the main graph): node ids are
// unique only within one graph, so a body's change names its body. Visit it like the variant.
struct Change : ChangeKind {
    using ChangeKind::ChangeKind;
    GraphPath graph;
    bool inMainGraph() const { return graph.empty(); }
};

struct JournalStep {
    std::string pass;
    std::string stage;
    // The graph the pass ran on: empty for the main graph, else the body (a nested pass-manager
    // run), with its readable name ("If_0/then_branch").
    GraphPath graph;
    std::string graphName;
    int iteration = 0;
    double seconds = 0;
    bool changed = false;
    PassStats stats;
    std::vector<Change> changes;
    std::vector<UnfoldedNode> unfolded;  // nodes a folding pass examined and left alone, with why

    // Ids of main-graph nodes added, removed, and otherwise edited in this step (for
    // highlighting). An edit inside a body counts as an edit of the body's owner node.
    std::vector<NodeId> addedNodes() const;
    std::vector<NodeId> removedNodes() const;
    std::vector<NodeId> editedNodes() const;
};

class Journal : public GraphObserver {
  public:
    // Starts recording edits of `graph`. No copy is taken: the state before any step is rebuilt
    // by undoing the steps from the graph as it ends (JournalCursor), so a pipeline run never
    // holds a second copy of the graph.
    void begin(Graph& graph);
    // `graph` names the body a nested run works on (empty for the main graph). A step begun
    // while another is open nests: its changes go to it alone. A step takes its place in
    // steps() at its first change (or at its end when it changed nothing), so a pass that only
    // runs nested pass managers comes after the steps it ran; what an outer run changes after a
    // nested step goes to a continuation step. Steps stay in the order their changes happened.
    void beginStep(std::string pass, std::string stage, int iteration, GraphPath graph = {},
                   std::string graphName = {});
    void endStep(double seconds, PassStats stats, std::vector<UnfoldedNode> unfolded);
    void end();

    const std::vector<JournalStep>& steps() const { return steps_; }
    // Bytes held by the recorded changes (the graph's weights are shared, not counted).
    size_t memoryBytes() const;

    // GraphObserver
    void nodeAdded(const Graph&, const Node&) override;
    void nodeRemoved(const Graph&, const Node&) override;
    void inputChanged(const Graph&, const Node&, size_t input, const ValueRef& before) override;
    void inputsResized(const Graph&, const Node&, size_t oldCount) override;
    void attributeChanged(const Graph&, const Node&, const Attribute* before,
                          const Attribute* after) override;
    void outputDescChanged(const Graph&, const Node&, size_t output, const TensorDesc& before) override;
    void outputNameChanged(const Graph&, const Node&, size_t output, const std::string& before) override;
    void inputDescsChanged(const Graph&, const Node&, const std::vector<TensorDesc>& before) override;
    void controlEdgeChanged(const Graph&, NodeId from, NodeId to, bool added) override;
    void graphInputsChanged(const Graph&, const std::vector<NodeId>& before) override;

  private:
    void record(const Graph& where, Change c);
    Graph* graph_ = nullptr;
    std::vector<JournalStep> steps_;
    static constexpr size_t kNotPlaced = static_cast<size_t>(-1);
    struct OpenStep {
        JournalStep step;            // what the step is (pass, stage, graph) until placed
        size_t placed = kNotPlaced;  // its index in steps_ once it recorded a change
    };
    std::vector<OpenStep> open_;  // innermost last
};

// A working graph positioned at one step of a journal: position k means "after the first k
// steps" (0 = the graph before the pipeline). Moving applies or undoes only the steps between.
// It starts from a copy of the graph as the journal left it (position = number of steps).
class JournalCursor {
  public:
    JournalCursor(const Journal& journal, const Graph& finalGraph);
    size_t position() const { return position_; }
    void moveTo(size_t step);
    const Graph& graph() const { return *graph_; }

  private:
    Graph& target(const Change& c);
    void apply(const Change& c);
    void undo(const Change& c);
    const Journal& journal_;
    std::unique_ptr<Graph> graph_;
    size_t position_ = 0;
};

}  // namespace passscope

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
struct NodeAdded { NodeId node; std::string opType, domain, name; size_t outputs; };
struct NodeRemoved { std::shared_ptr<const Node> snapshot; };  // detached state, for undo
struct InputChanged { NodeId node; size_t input; ValueRef before, after; };
struct InputsResized { NodeId node; size_t before, after; };
struct AttributeChanged { NodeId node; std::string name; std::optional<Attribute> before, after; };
struct OutputDescChanged { NodeId node; size_t output; TensorDesc before, after; };
struct OutputNameChanged { NodeId node; size_t output; std::string before, after; };
struct ControlEdgeChanged { NodeId from, to; bool added; };
struct GraphInputsChanged { std::vector<NodeId> before, after; };
}  // namespace change

using Change = std::variant<change::NodeAdded, change::NodeRemoved, change::InputChanged, change::InputsResized,
                            change::AttributeChanged, change::OutputDescChanged, change::OutputNameChanged,
                            change::ControlEdgeChanged, change::GraphInputsChanged>;

struct JournalStep {
    std::string pass;
    std::string stage;
    int iteration = 0;
    double seconds = 0;
    bool changed = false;
    PassStats stats;
    std::vector<Change> changes;
    std::vector<UnfoldedNode> unfolded;  // nodes a folding pass examined and left alone, with why

    // Ids of nodes added, removed, and otherwise edited in this step (for highlighting).
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
    void beginStep(std::string pass, std::string stage, int iteration);
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
    void attributeChanged(const Graph&, const Node&, const Attribute* before, const Attribute* after) override;
    void outputDescChanged(const Graph&, const Node&, size_t output, const TensorDesc& before) override;
    void outputNameChanged(const Graph&, const Node&, size_t output, const std::string& before) override;
    void controlEdgeChanged(const Graph&, NodeId from, NodeId to, bool added) override;
    void graphInputsChanged(const Graph&) override;

private:
    void record(Change c);
    Graph* graph_ = nullptr;
    std::vector<NodeId> inputsBefore_;
    std::vector<JournalStep> steps_;
    bool inStep_ = false;
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
    void apply(const Change& c);
    void undo(const Change& c);
    const Journal& journal_;
    std::unique_ptr<Graph> graph_;
    size_t position_ = 0;
};

}  // namespace passscope

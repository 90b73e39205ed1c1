#pragma once
// The journal: what every pass run changed, recorded through GraphObserver (passes never write to
// it themselves), with enough before/after data to move a working graph to any step, forward or
// backward, without keeping a copy of the graph per step. This is what the GUI steps through.
//
// A step holds what changed from the graph before it to the graph after it, not every edit made
// on the way (docs/architecture.md §5): a node a pass added and removed again within the step (a
// constant folded into the next one along a chain) leaves nothing, and a node edited many times
// leaves one change per field, before and after. So the journal grows with what the pipeline
// changed, not with how much work it took.
#include <chrono>
#include <compare>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
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

// The nodes a folding pass examined in one step and left alone, with why. A record the journal
// already holds for the node (the same word as the last step that spoke of it, as each fixed-point
// iteration repeats) is shared, not copied: per-step lists of every unfolded node grew with the
// number of pass runs (issue 38: 170 MB of them on a 50,000-node model). Reads like a vector.
class UnfoldedList {
  public:
    using Record = std::shared_ptr<const UnfoldedNode>;
    class const_iterator {
      public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = UnfoldedNode;
        using difference_type = std::ptrdiff_t;
        using pointer = const UnfoldedNode*;
        using reference = const UnfoldedNode&;
        const_iterator() = default;
        explicit const_iterator(std::vector<Record>::const_iterator it) : it_(it) {}
        reference operator*() const { return **it_; }
        pointer operator->() const { return it_->get(); }
        reference operator[](difference_type n) const { return *it_[n]; }
        const_iterator& operator++() { return ++it_, *this; }
        const_iterator operator++(int) { return const_iterator(it_++); }
        const_iterator& operator--() { return --it_, *this; }
        const_iterator operator--(int) { return const_iterator(it_--); }
        const_iterator& operator+=(difference_type n) { return it_ += n, *this; }
        const_iterator& operator-=(difference_type n) { return it_ -= n, *this; }
        friend const_iterator operator+(const_iterator a, difference_type n) { return a += n; }
        friend const_iterator operator+(difference_type n, const_iterator a) { return a += n; }
        friend const_iterator operator-(const_iterator a, difference_type n) { return a -= n; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b) {
            return a.it_ - b.it_;
        }
        friend bool operator==(const const_iterator&, const const_iterator&) = default;
        friend auto operator<=>(const const_iterator& a, const const_iterator& b) { return a.it_ <=> b.it_; }

      private:
        std::vector<Record>::const_iterator it_;
    };
    using const_reverse_iterator = std::reverse_iterator<const_iterator>;

    const_iterator begin() const { return const_iterator(records_.begin()); }
    const_iterator end() const { return const_iterator(records_.end()); }
    const_reverse_iterator rbegin() const { return const_reverse_iterator(end()); }
    const_reverse_iterator rend() const { return const_reverse_iterator(begin()); }
    size_t size() const { return records_.size(); }
    bool empty() const { return records_.empty(); }
    const UnfoldedNode& operator[](size_t i) const { return *records_[i]; }
    const UnfoldedNode& front() const { return *records_.front(); }
    const UnfoldedNode& back() const { return *records_.back(); }
    void push_back(Record r) { records_.push_back(std::move(r)); }
    void reserve(size_t n) { records_.reserve(n); }
    const std::vector<Record>& records() const { return records_; }

  private:
    std::vector<Record> records_;
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
    UnfoldedList unfolded;  // nodes a folding pass examined and left alone, with why

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
    void nodeWillChange(const Graph&, const Node&) override;
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
    static constexpr size_t kNotPlaced = static_cast<size_t>(-1);
    // The edits of one placed step in one graph since they began: what the nodes they touched
    // were before, and which nodes they added. flush() writes the difference to the step.
    struct Pending {
        size_t step = kNotPlaced;  // index in steps_
        const Graph* graph = nullptr;
        GraphPath path;
        std::unordered_map<NodeId, std::shared_ptr<const Node>> before;  // nodes that existed
        std::set<NodeId> added;
        std::optional<std::vector<NodeId>> inputsBefore;  // the graph's inputs
    };
    // The pending edits `where` belongs to: places the open step (a continuation when a nested
    // step came after it) and flushes what another step or graph had pending. Null for a graph the
    // journal cannot find again (a copy of a body not yet attached).
    Pending* pendingFor(const Graph& where);
    void flush();
    Graph* graph_ = nullptr;
    std::vector<JournalStep> steps_;
    struct OpenStep {
        JournalStep step;            // what the step is (pass, stage, graph) until placed
        size_t placed = kNotPlaced;  // its index in steps_ once it recorded a change
    };
    std::vector<OpenStep> open_;  // innermost last
    Pending pending_;
    // The latest why-not record of each node (by graph and id), shared by the steps that repeat it.
    std::map<std::pair<GraphPath, NodeId>, UnfoldedList::Record> lastUnfolded_;
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

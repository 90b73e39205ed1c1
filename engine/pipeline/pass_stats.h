#pragma once
// What a pass run reports. Statistics are open, as MLIR's Pass::Statistic: each pass declares the
// counters it keeps (name, description), counts into them during a run, and the report, the
// timeline and the CLI list whatever a step carries without knowing the pass. Also why a node a
// folding pass examined was left alone ("why not").
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/graph_path.h"
#include "ir/node.h"

namespace passscope {

// The identity of a counter: a stable snake_case name (the report's key) and one line for people.
struct StatisticInfo {
    std::string_view name;
    std::string_view description;
};

struct PassStatistic {
    std::string name;
    std::string description;
    uint64_t value = 0;
};

// The counters of one pass run, in the order the pass declared them (undeclared counters that
// shared helpers count are appended when first used).
class PassStats {
  public:
    // Adds `info` with value 0 unless present.
    void declare(const StatisticInfo& info);
    void add(const StatisticInfo& info, uint64_t amount = 1);
    // The value of the counter `name`; 0 when the run did not count it.
    uint64_t value(std::string_view name) const;
    const std::vector<PassStatistic>& entries() const { return entries_; }
    bool empty() const { return entries_.empty(); }
    bool anyNonZero() const;

  private:
    PassStatistic& find(const StatisticInfo& info);
    std::vector<PassStatistic> entries_;
};

// Counters the shared folding and cleanup helpers keep; passes declare those they use.
namespace stat {
inline constexpr StatisticInfo kFoldedNodes{"folded_nodes", "Nodes replaced by constants"};
inline constexpr StatisticInfo kRemovedOps{"removed_ops",
                                           "Operations removed (folded, dead, merged or bypassed)"};
inline constexpr StatisticInfo kConstBytesAdded{"const_bytes_added", "Bytes of constants created"};
inline constexpr StatisticInfo kConstBytesRemoved{"const_bytes_removed", "Bytes of constants deleted"};
inline constexpr StatisticInfo kMarked{"marked_potential_const", "Potential constants marked"};
inline constexpr StatisticInfo kMerged{"merged", "Common subexpressions merged"};
}  // namespace stat

enum class NotFoldedReason {
    RuntimeInput,          // an input is computed at run time (detail names it and its producer)
    UserFlag,              // _do_not_constant_folding
    NoNeedFlag,            // no_need_constant_folding (internal)
    NoKernel,              // no host kernel for this op / opset / dtype
    KernelRefused,         // e.g. integer division by zero
    SizeThreshold,         // output would exceed the fold size threshold
    MemoryPriority,        // GE's MemoryPriority rule
    NonDeterministic,      // random ops
    OwnsSubgraph,          // If / Loop / Scan: their bodies are optimized instead
    UnknownDomain,         // op of a domain the engine does not know
    PotentialConst,        // marked as a potential constant; folds when the traversal ends
    SideEffect,            // writes state (Assign, ...)
    ContradictsInference,  // the computed dtype or shape differs from the inferred description
    KeptByRule,  // a cleanup pass keeps the node (GE's rule or a naming constraint; detail says which)
};

std::string_view reasonName(NotFoldedReason r);

struct UnfoldedNode {
    GraphPath graph;        // the graph `node` belongs to (empty = main graph); ids are per graph
    std::string graphName;  // that graph, readable ("If_0/then_branch"); empty for the main graph
    NodeId node = kNoNode;
    std::string name;
    std::string opType;
    NotFoldedReason reason = NotFoldedReason::RuntimeInput;
    std::string detail;
};

}  // namespace passscope

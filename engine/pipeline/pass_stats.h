#pragma once
// What a pass run reports (seed 003 §4: folded_nodes, removed_ops, const bytes added/removed),
// and why a node a folding pass examined was left alone (DESIGN.md §3, "why not").
#include <cstdint>
#include <string>

#include "ir/node.h"

namespace passscope {

struct PassStats {
    uint64_t foldedNodes = 0;       // nodes replaced by constants
    uint64_t removedOps = 0;        // non-constant nodes removed (folded, dead, merged, bypassed)
    uint64_t constBytesAdded = 0;   // bytes of constants created
    uint64_t constBytesRemoved = 0; // bytes of constants deleted
    uint64_t nodesAdded = 0;
    uint64_t nodesRemoved = 0;
    uint64_t marked = 0;            // potential constants marked
    uint64_t merged = 0;            // CSE merges
};

enum class NotFoldedReason {
    RuntimeInput,       // an input is computed at run time (detail names it and its producer)
    UserFlag,           // _do_not_constant_folding
    NoNeedFlag,         // no_need_constant_folding (internal)
    NoKernel,           // no host kernel for this op / opset / dtype
    KernelRefused,      // e.g. integer division by zero
    SizeThreshold,      // output would exceed the fold size threshold
    MemoryPriority,     // GE's MemoryPriority rule
    NonDeterministic,   // random ops
    OwnsSubgraph,       // If / Loop / Scan: their bodies are optimized instead
    UnknownDomain,      // op of a domain the engine does not know
    PotentialConst,     // marked as a potential constant; folds when the traversal ends
    SideEffect,         // writes state (Assign, ...)
    ContradictsInference,  // the computed dtype or shape differs from the inferred description
};

std::string_view reasonName(NotFoldedReason r);

struct UnfoldedNode {
    NodeId node = kNoNode;
    std::string name;
    std::string opType;
    NotFoldedReason reason = NotFoldedReason::RuntimeInput;
    std::string detail;
};

}  // namespace passscope

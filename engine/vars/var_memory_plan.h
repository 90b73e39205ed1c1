#pragma once
// The variable memory plan: what GE's VarManager::AssignVarMem would hand out to a graph's
// persistent-memory nodes (Variable, Const, FileConstant, ConstPlaceHolder) — kind, var key,
// memory type, logic address, aligned size, and which earlier entry's memory it reuses
// (docs/ge-variables.md §4). A read-only analysis: the graph is not changed, no weight is copied.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/graph.h"
#include "ir/node_attributes.h"

namespace passscope {

// docs/ge-variables.md §3: kVarMemoryLogicBase = 128 GiB, the base GE fixes for offline
// compilation; HBM variables are addressed as base + offset into the variable pool.
inline constexpr uint64_t kVarMemoryLogicBase = 128ULL * 1024 * 1024 * 1024;
// GE graph_var_manager.h: kSessionMemAlignSize = 512, kSessionMemAlignUnit = 2.
// HbmMemResource::AssignVarMem rounds a request up to 512 bytes and then advances the pool by
// another 2 x 512 bytes (docs/ge-variables.md §3: "512-byte aligned plus a 1024-byte guard").
inline constexpr uint64_t kSessionMemAlignSize = 512;
inline constexpr uint64_t kSessionMemGuardSize = 2 * kSessionMemAlignSize;
// GE TensorUtils::GetTensorMemorySizeInBytes (kDataMemAlignSize = 32): a tensor's memory size is
// its byte size plus 32 bytes of padding, rounded up to 32 — what AssignVarMem is asked for.
inline constexpr uint64_t kDataMemAlignSize = 32;

// Node attributes read by the plan, spelled as GE spells them (ge_attr_define.h).
namespace varattr {
// ATTR_OUTPUT_MEMORY_TYPE: an int; VarMemAssignUtil::AssignStaticMemory2Node picks RDMA memory
// (RT_MEMORY_RDMA_HBM) when it is 1, HBM otherwise.
inline constexpr std::string_view kOutputMemoryType = "_output_memory_type";
inline constexpr int64_t kOutputMemoryTypeRdma = 1;
// ATTR_VARIABLE_PLACEMENT: "host" keeps a Variable/Const in host memory (GE's host execution).
inline constexpr std::string_view kVariablePlacement = "_variable_placement";
inline constexpr std::string_view kPlacementHost = "host";
// REF_VAR_SRC_VAR_NAME and the writer's per-output list: op::attr (ir/node_attributes.h).
// FileConstantUtils::GetFileConstantInfo: the weight file (ATTR_NAME_LOCATION, falling back to
// ATTR_NAME_FILE_PATH) and the byte offset / length inside it, on a GE-domain FileConstant.
inline constexpr std::string_view kLocation = "location";
inline constexpr std::string_view kFilePath = "file_path";
inline constexpr std::string_view kOffset = "offset";
inline constexpr std::string_view kLength = "length";
}  // namespace varattr

// The sizes of §3 (GE's TensorUtils::GetTensorMemorySizeInBytes, HbmMemResource::AssignVarMem).
inline constexpr uint64_t alignUpTo(uint64_t value, uint64_t alignment) {
    return (value + alignment - 1) / alignment * alignment;
}
// 32 bytes of padding rounded up to 32; a zero-byte tensor still takes 32.
inline constexpr uint64_t tensorMemorySize(uint64_t bytes) {
    return alignUpTo(bytes + kDataMemAlignSize, kDataMemAlignSize);
}

// docs/ge-variables.md §2: the node kinds GE keeps in persistent (variable) memory.
enum class VarKind { Variable, ConstantOp, FileConstant, ConstPlaceHolder };
// GE's MemResource types: RT_MEMORY_HBM, RT_MEMORY_RDMA_HBM, RT_MEMORY_HOST.
enum class MemoryType { HBM, RDMA, Host };
inline constexpr size_t kMemoryTypeCount = 3;
// docs/ge-variables.md §4, numbered as GE's analysis lists them (§4 gives the order tried).
enum class ReuseReason {
    None,               // memory of its own
    SameNameAndFormat,  // 1. format match: the var key (name, format, dtype) is already assigned
    IdenticalWeight,    // 2. weight dedup: a Const with byte-identical weights
    SameFileOffset,     // 3. FileConstant path reuse: same weight file and offset
    SizeCompatible,     // 4. same name, other format/dtype, and the old block is large enough
};

// The block a request of memSize occupies: HBM rounds up to 512; RDMA and host take it as it is.
inline constexpr uint64_t varBlockSize(MemoryType type, uint64_t memSize) {
    return type == MemoryType::HBM ? alignUpTo(memSize, kSessionMemAlignSize) : memSize;
}
// How far the pool advances: the HBM pool leaves a 1024-byte guard after each block.
inline constexpr uint64_t varFootprint(MemoryType type, uint64_t blockSize) {
    return type == MemoryType::HBM ? blockSize + kSessionMemGuardSize : blockSize;
}

// A Variable's description from its own attributes — GE's Variable carries `shape` (ints) and
// `dtype` (ONNX enum value) — for a Variable whose output carries no type or no static shape;
// nullopt unless both are there and every dim is known.
std::optional<TensorDesc> declaredVariableDesc(const Node& n);

std::string_view varKindName(VarKind kind);            // GE's spelling: "VARIABLE", "CONSTANTOP", ...
std::string_view memoryTypeName(MemoryType type);      // "HBM", "RDMA", "Host"
std::string_view reuseReasonName(ReuseReason reason);  // "same name and format", ...

struct VarMemoryEntry {
    NodeId node = kNoNode;
    std::string nodeName;  // the node's display name
    std::string varName;   // the name VarManager keys on (the source variable's for a VarRef)
    VarKind kind = VarKind::Variable;
    std::string varKey;  // name_format_dtype, e.g. "dense/weight_ND_DT_FLOAT" (VarResource::VarKey)
    MemoryType memoryType = MemoryType::HBM;
    uint64_t offset = 0;               // into its memory type's pool
    uint64_t logicAddress = 0;         // HBM: logic base + offset; RDMA/Host: the pool offset
    uint64_t tensorBytes = 0;          // elements x element size of the storage shape (or the payload)
    bool sizeKnown = true;             // false when the shape is not static: tensorBytes is then 0
    uint64_t memSize = 0;              // GE's tensor memory size: tensorBytes + 32, rounded up to 32
    uint64_t alignedSize = 0;          // the block it occupies: memSize rounded up to 512 on HBM
    uint64_t footprint = 0;            // how far the pool advanced for it (guard included); 0 when reused
    std::optional<size_t> reusedFrom;  // index of the entry that owns the memory it shares
    ReuseReason reuseReason = ReuseReason::None;
    // The address came from the session's VarManager (an earlier graph, or a loaded file) and no
    // entry of this graph owns it: reuseReason says why, reusedFrom is empty, footprint is 0.
    bool fromSession = false;

    bool reused() const { return reusedFrom.has_value(); }
};

struct MemoryTypeTotals {
    size_t entries = 0;
    size_t allocated = 0;                // entries with memory of their own
    size_t reused = 0;                   // entries sharing an earlier entry's memory
    size_t fromSession = 0;              // entries at an address the session had before this graph
    uint64_t tensorBytes = 0;            // summed over all entries of this type
    uint64_t poolBytes = 0;              // GE's var_mem_size_: the sum of the footprints
    uint64_t savedBytes = 0;             // what the reused entries would have taken on their own
    uint64_t constPlaceHolderBytes = 0;  // part of poolBytes held by ConstPlaceHolders (external memory)
};

struct VarMemoryPlan {
    std::vector<VarMemoryEntry> entries;  // in assignment order
    std::array<MemoryTypeTotals, kMemoryTypeCount> totals{};
    uint64_t logicBase = kVarMemoryLogicBase;

    bool empty() const { return entries.empty(); }
    const MemoryTypeTotals& totalsFor(MemoryType type) const { return totals[static_cast<size_t>(type)]; }
    size_t reusedCount() const;
    // The first entry of a node, or null.
    const VarMemoryEntry* findByNode(NodeId node) const;
};

struct VarPlanOptions {
    // VarManager's var_mem_logic_base_ for planVariableMemory's fresh manager; assignVariableMemory
    // uses its manager's config().logicBase.
    uint64_t logicBase = kVarMemoryLogicBase;
    bool reuseIdenticalWeights = true;  // VarResource::GetReuseAddr for Consts
    bool reuseFileConstants = true;     // VarResource::GetFileConstantReuseAddr
    // At target ge a graph input with an initializer (Data with `value` and
    // `_is_overridable_initializer`) is a VARIABLE (docs/ge-variables.md §2, §8).
    bool initializerInputsAreVariables = true;
};

class VarManager;

// GE's VarMemAssignUtil::AssignStaticMemory2Node against the session's manager
// (docs/ge-variables.md §8): records addresses, offsets, current descriptions and allocating graph
// ids in `manager`, reuses what it already has (an earlier graph of the session, or a loaded file),
// and returns one entry per persistent node (and per output a writer writes a variable through).
// Throws VarMemoryLimitError (a std::runtime_error) when the manager's varMemMaxSize is exceeded.
VarMemoryPlan assignVariableMemory(const Graph& graph, VarManager& manager, uint32_t graphId,
                                   const VarPlanOptions& options = {});

// Walks the graph's nodes in topological order (GE iterates a sorted graph) and assigns each
// persistent-memory node as VarMemAssignUtil::AssignStaticMemory2Node would, then gives VarRefs
// their source variable's memory. Subgraph bodies are not visited. = assignVariableMemory on a
// fresh manager.
VarMemoryPlan planVariableMemory(const Graph& graph, const VarPlanOptions& options = {});

}  // namespace passscope

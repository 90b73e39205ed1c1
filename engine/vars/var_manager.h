#pragma once
// GE's VarManager (base/graph/manager/graph_var_manager.h, docs/ge-variables.md): the session-level
// record of variables — VarResource (address table, current and staged descriptions, trans roads,
// changed and allocated graph ids, the ready state per device), one MemResource per memory type,
// and the format-change count GraphRebuildStateCtrl keeps (a variable changes format at most once
// across the graphs of a session). The variable passes write to it through PassContext; `vars`,
// the GUI and serialization read it. GE's device side (external memory, lazy allocation per
// device) is vars/var_device_memory.h.
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ir/tensor.h"
#include "ir/tensor_desc.h"
#include "vars/var_memory_plan.h"
#include "vars/weight_index.h"

namespace passscope {

// One conversion on a variable's road from its origin description to its storage one
// (GE's TransNodeInfo: node_type, input, output).
struct TransNodeInfo {
    std::string nodeType;  // TransData, Cast, ReFormat, Reshape, SqueezeV2, UnsqueezeV2
    TensorDesc input;
    TensorDesc output;
    bool operator==(const TransNodeInfo&) const = default;
};
using VarTransRoad = std::vector<TransNodeInfo>;

// A variable's description is spelled by storageDescText (ir/value_text.h): fusion reasons, the
// model cache verdict, `vars` and the GUI.
// One step of a road: "TransData ND [16,2] -> FRACTAL_NZ [1,1,16,16]", the dtypes named only when
// the step changes it ("Cast ND float [2] -> ND float16 [2]").
std::string transStepText(const TransNodeInfo& step, std::string_view arrow = "->");

// What VariableOpPass decided for one variable of one graph, fused or not, with the reason a
// user reads (like the folding passes' why-not).
struct VarFusionDecision {
    std::string variable;  // the variable's name
    uint32_t graphId = 0;
    bool fused = false;
    std::string reason;                     // why it fused / why not
    std::vector<std::string> removedNodes;  // trans nodes removed, in road order
    VarTransRoad transRoad;                 // the road recorded (empty when not fused)
    // The pass that decided (VariableOpPass): its first run in the journal is where a viewer shows
    // the decision taking effect, without knowing the pass by name.
    std::string pass;
    bool operator==(const VarFusionDecision&) const = default;
};

// GE's VarAddrMgr: where a variable key lives.
struct VarAddress {
    TensorDesc desc;
    uint64_t address = 0;  // logic address (HBM: logic base + offset)
    uint64_t offset = 0;   // into its memory type's pool
    MemoryType memoryType = MemoryType::HBM;
    bool operator==(const VarAddress&) const = default;
};

// GE's VarDevAddrMgr: the device memory behind one logic address, filled on first access
// (VarManager::GetAutoMallocVarAddr) or given from outside (a ConstPlaceHolder's external memory).
struct VarDevAddr {
    TensorDesc desc;
    uint64_t address = 0;  // the logic address
    uint64_t devAddr = 0;  // 0 = not allocated yet
    bool externalMemory = false;
    bool operator==(const VarDevAddr&) const = default;
};

// GE's BroadcastInfo: how a variable is broadcast to the other ranks after an update.
struct BroadcastInfo {
    std::string varName;
    std::string broadcastName;
    int32_t idx = 0;
    int64_t inputOffset = 0;
    uint64_t inputSize = 0;
    int64_t outputOffset = 0;
    uint64_t outputSize = 0;
    bool operator==(const BroadcastInfo&) const = default;
};

// GE's MemResource: one memory type's pool.
struct MemResource {
    uint64_t totalSize = 0;   // what the pool may hold (0 = unlimited)
    uint64_t varMemSize = 0;  // how far it has advanced
    bool operator==(const MemResource&) const = default;
};

// GE's VarResource.
struct VarResource {
    std::map<std::string, VarAddress> varAddrMgrMap;           // var key -> address
    std::map<uint64_t, MemoryType> varOffsetMap;               // logic address -> memory type
    std::map<std::string, TensorDesc> curVarTensorDescMap;     // var name -> current description
    std::map<std::string, TensorDesc> stagedVarTensorDescMap;  // var name -> description staged by a compile
    std::map<std::string, VarTransRoad> varToTransRoad;        // var name -> trans road
    std::map<std::string, uint32_t> varNamesToChangedGraphId;
    std::map<std::string, uint32_t> varNamesToAllocatedGraphId;
    std::map<uint32_t, std::set<std::string>> readyVarKeysByDevice;  // var_is_instance_
    std::map<uint32_t, std::map<std::string, BroadcastInfo>>
        varBroadcastInfo;                             // graph id -> var name -> info
    std::map<uint64_t, VarDevAddr> varDevAddrMgrMap;  // logic address -> device memory
    bool operator==(const VarResource&) const = default;
};

// What VarMemAssignUtil::AssignStaticMemory2Node hands VarManager::AssignVarMem for one node output.
struct VarMemRequest {
    std::string name;      // the variable's name (a batch branch's name is mapped to the shared one)
    TensorDesc desc;       // keyed by its storage format and dtype, recorded as the current description
    uint64_t memSize = 0;  // GE's tensor memory size (docs/ge-variables.md §3)
    MemoryType memoryType = MemoryType::HBM;
    VarKind kind = VarKind::Variable;
    const Tensor* weight = nullptr;  // CONSTANTOP: the payload, for identical-weight reuse
    std::optional<std::pair<std::string, uint64_t>> fileSlice;  // FILECONSTANT: weight file and offset
    bool reuseIdenticalWeights = true;
    bool reuseFileConstants = true;
    uint32_t graphId = 0;
};

// What AssignVarMem answered.
struct VarMemGrant {
    std::string varKey;
    MemoryType memoryType = MemoryType::HBM;
    uint64_t offset = 0;
    uint64_t logicAddress = 0;
    uint64_t footprint = 0;  // how far the pool advanced (0 when reused)
    ReuseReason reuse = ReuseReason::None;
};

// A request the memory limit refuses (VarManagerConfig::varMemMaxSize).
class VarMemoryLimitError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// VarManager::Init's parameters and memory limits (VarManagerInfo's scalar fields).
struct VarManagerConfig {
    uint64_t version = 1;
    uint32_t deviceId = 0;
    uint64_t jobId = 0;
    uint64_t graphMemMaxSize = 0;  // 0 = not limited
    uint64_t varMemMaxSize = 0;    // 0 = not limited
    uint64_t logicBase = kVarMemoryLogicBase;
    uint64_t useMaxMemSize = 0;
    bool varMemAutoMalloc = true;  // lazy allocation: device memory on first access (GetAutoMallocVarAddr)
    bool operator==(const VarManagerConfig&) const = default;
};

class VarManager {
  public:
    // GraphRebuildStateCtrl::kMaxVarChangeTimes_.
    static constexpr int kMaxVarChangeTimes = 1;

    explicit VarManager(uint64_t sessionId = 0) : sessionId_(sessionId) {}

    uint64_t sessionId() const { return sessionId_; }
    const VarManagerConfig& config() const { return config_; }
    void setConfig(const VarManagerConfig& config) { config_ = config; }

    // A new graph id for a compile in this session (GE's graph ids count up per session).
    uint32_t beginGraph() { return ++lastGraphId_; }
    uint32_t lastGraphId() const { return lastGraphId_; }
    // A manager loaded from a file continues after the graphs it records (the graph ids are not
    // serialized themselves), so a later graph never takes an id an earlier one had.
    void continueGraphIdsAfter(uint32_t graphId) { lastGraphId_ = std::max(lastGraphId_, graphId); }

    // ---- format changes (GraphRebuildStateCtrl) ----
    bool isVarPermitToChangeFormats(const std::string& name) const;
    void setStateChanged(const std::string& name);
    int changeTimes(const std::string& name) const;

    // ---- VarResource ----
    VarResource& resource() { return resource_; }
    const VarResource& resource() const { return resource_; }
    void setTransRoad(const std::string& name, VarTransRoad road);
    const VarTransRoad* transRoad(const std::string& name) const;
    void setChangedGraphId(const std::string& name, uint32_t graphId);
    std::optional<uint32_t> changedGraphId(const std::string& name) const;
    void renewCurVarDesc(const std::string& name, const TensorDesc& desc);
    const TensorDesc* curVarDesc(const std::string& name) const;
    // A variable VarManager knows (GE's IsVarExist(name): a current description is recorded).
    bool isVarExist(const std::string& name) const;
    // The var key is assigned (GE's IsVarExist(name, desc)).
    bool isVarExist(const std::string& name, const TensorDesc& desc) const;

    // ---- keys (VarResource::VarKey, GetBatchVarKeyName; docs/ge-variables.md §3) ----
    // batch_var_name_map_: a multi-batch graph's branch copy `batchName` shares `sharedName`'s memory.
    void setBatchVarName(const std::string& batchName, const std::string& sharedName);
    std::string batchVarKeyName(const std::string& name) const;
    // name_FORMAT_DT_TYPE, e.g. "dense/weight_ND_DT_FLOAT" (the storage format, the data type).
    std::string varKey(const std::string& name, Format format, DataType dtype) const;
    std::string varKey(const std::string& name, const TensorDesc& desc) const;
    const VarAddress* varAddress(const std::string& name, const TensorDesc& desc) const;

    // ---- memory (VarManager::AssignVarMem, MemResource; docs/ge-variables.md §3-§5, §8) ----
    // Reuses before it allocates, in GE's order: an assigned key; the same name in another
    // description when the new tensor fits the old block; a Const with identical bytes; a
    // FileConstant of the same file and offset; else a new block of the requested memory type.
    // Throws VarMemoryLimitError when an HBM block would pass config().varMemMaxSize.
    VarMemGrant assignVarMem(const VarMemRequest& request);
    void setAllocatedGraphId(const std::string& name, uint32_t graphId);
    std::optional<uint32_t> allocatedGraphId(const std::string& name) const;
    // GE's tensor memory size of a key (recorded at assignment, else computed from its
    // description): the size of a block, for the device side (vars/var_device_memory.h).
    uint64_t memSizeOf(const std::string& varKey) const;

    // ---- the fusion decisions of every graph compiled in this session (not serialized) ----
    void recordFusion(VarFusionDecision decision) { fusions_.push_back(std::move(decision)); }
    const std::vector<VarFusionDecision>& fusions() const { return fusions_; }
    // The decisions of one graph.
    std::vector<VarFusionDecision> fusionsOf(uint32_t graphId) const;

    // ---- memory pools ----
    std::map<MemoryType, MemResource>& memResources() { return memResources_; }
    const std::map<MemoryType, MemResource>& memResources() const { return memResources_; }

    // Equal in everything serialization keeps (VarManagerInfo, docs/ge-variables.md §7).
    bool sameSerializedState(const VarManager& other) const;
    bool operator==(const VarManager& other) const { return sameSerializedState(other); }

  private:
    uint64_t sessionId_ = 0;
    VarManagerConfig config_;
    uint32_t lastGraphId_ = 0;
    VarResource resource_;
    std::map<MemoryType, MemResource> memResources_;
    std::map<std::string, int> changeTimes_;
    std::vector<VarFusionDecision> fusions_;
    // Not serialized (GE keeps them in memory only): they rebuild as graphs are assigned.
    std::map<std::string, std::string> batchVarNameMap_;
    std::map<std::string, uint64_t> keyMemSizes_;            // var key -> tensor memory size
    std::map<std::string, std::string> fileConstantVarMap_;  // "path:offset" -> var key
    WeightIndex weights_;                                    // Const payloads -> var key
};

}  // namespace passscope

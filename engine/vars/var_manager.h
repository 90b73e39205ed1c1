#pragma once
// GE's VarManager (base/graph/manager/graph_var_manager.h, docs/ge-variables.md): the session-level
// record of variables — VarResource (address table, current and staged descriptions, trans roads,
// changed and allocated graph ids, the ready state per device), one MemResource per memory type,
// and the format-change count GraphRebuildStateCtrl keeps (a variable changes format at most once
// across the graphs of a session). The variable passes write to it through PassContext; `vars`,
// the GUI and serialization read it.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ir/tensor_desc.h"
#include "vars/var_memory_plan.h"

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

// What VariableOpPass decided for one variable of one graph, fused or not, with the reason a
// user reads (like the folding passes' why-not).
struct VarFusionDecision {
    std::string variable;  // the variable's name
    uint32_t graphId = 0;
    bool fused = false;
    std::string reason;                     // why it fused / why not
    std::vector<std::string> removedNodes;  // trans nodes removed, in road order
    VarTransRoad transRoad;                 // the road recorded (empty when not fused)
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
    bool operator==(const VarResource&) const = default;
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
    // A variable VarManager knows (a description or an address was recorded for it).
    bool isVarExist(const std::string& name) const;

    // ---- the fusion decisions of every graph compiled in this session (not serialized) ----
    void recordFusion(VarFusionDecision decision) { fusions_.push_back(std::move(decision)); }
    const std::vector<VarFusionDecision>& fusions() const { return fusions_; }
    // The decisions of one graph.
    std::vector<VarFusionDecision> fusionsOf(uint32_t graphId) const;

    // ---- memory ----
    std::map<MemoryType, MemResource>& memResources() { return memResources_; }
    const std::map<MemoryType, MemResource>& memResources() const { return memResources_; }

  private:
    uint64_t sessionId_ = 0;
    VarManagerConfig config_;
    uint32_t lastGraphId_ = 0;
    VarResource resource_;
    std::map<MemoryType, MemResource> memResources_;
    std::map<std::string, int> changeTimes_;
    std::vector<VarFusionDecision> fusions_;
};

// GE's VarManagerPool: one VarManager per session id.
class VarManagerPool {
  public:
    std::shared_ptr<VarManager> get(uint64_t sessionId);  // created on first use
    void destroy(uint64_t sessionId);
    size_t size() const;

  private:
    mutable std::mutex mutex_;
    std::map<uint64_t, std::shared_ptr<VarManager>> managers_;
};

}  // namespace passscope

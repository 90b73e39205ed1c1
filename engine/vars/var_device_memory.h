#pragma once
// GE's device side of variable memory (docs/ge-variables.md §9), apart from the session record
// the passes and serialization need (vars/var_manager.h): HBM logic addresses mapped into memory
// the caller owns (SetExternalVar + GetVarMemoryAddr), else allocated lazily per device on first
// access (GetAutoMallocVarAddr). Nothing is really allocated: the device addresses are simulated,
// far apart per device, so a test sees which device an address belongs to. No feature of the
// tool runs a model on a device; this keeps GE's address rules written down and checked.
#include <cstdint>
#include <map>
#include <optional>
#include <utility>

#include "vars/var_manager.h"

namespace passscope {

class VarDeviceMemory {
  public:
    // Reads the manager's blocks on every access: variables placed by a later graph are learnt then.
    explicit VarDeviceMemory(const VarManager& manager) : manager_(manager) {}

    // Variables live in memory the caller owns: HBM logic addresses map into [base, base + size).
    void setExternalVar(uint64_t base, uint64_t size) { externalVar_ = std::make_pair(base, size); }
    // GE's GetVarMemoryAddr: RDMA addresses are returned as they are; HBM with external memory is
    // base + (logic - logic base), refused outside the region; otherwise lazy allocation.
    // Throws std::runtime_error for an address no variable owns.
    uint64_t varMemoryAddr(uint64_t logicAddress, MemoryType type, uint32_t deviceId);
    // GE's GetAutoMallocVarAddr: the first access on a device allocates the variable's block;
    // later accesses, also to an address inside the block, reuse it.
    uint64_t autoMallocVarAddr(uint64_t logicAddress, MemoryType type, uint32_t deviceId);
    // Bytes lazily allocated on a device so far (GE's var_malloc_mem_size_).
    uint64_t autoMallocBytes(uint32_t deviceId) const;

  private:
    // The memory size of the block at a logic address: the largest key placed there.
    uint64_t blockMemSize(uint64_t logicAddress) const;

    const VarManager& manager_;
    std::optional<std::pair<uint64_t, uint64_t>> externalVar_;            // base, size
    std::map<uint32_t, std::map<uint64_t, VarDevAddr>> devAddrByDevice_;  // device -> logic -> memory
    std::map<uint32_t, uint64_t> autoMallocBytes_;                        // device -> bytes
};

}  // namespace passscope

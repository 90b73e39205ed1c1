#include "vars/var_device_memory.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace passscope {
namespace {

std::string hex(uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
    return text;
}

// Where the simulated device memory of a device starts: far apart per device, never 0, never in
// the logic address range.
uint64_t simulatedDeviceBase(uint32_t deviceId) {
    return 0x100000000000ULL * (static_cast<uint64_t>(deviceId) + 1);
}

}  // namespace

uint64_t VarDeviceMemory::varMemoryAddr(uint64_t logicAddress, MemoryType type, uint32_t deviceId) {
    if (type == MemoryType::RDMA) return logicAddress;
    if (externalVar_ && type == MemoryType::HBM) {
        const auto [base, size] = *externalVar_;
        const auto& pools = manager_.memResources();
        const auto pool = pools.find(MemoryType::HBM);
        const uint64_t inner = pool == pools.end() ? 0 : pool->second.varMemSize;
        if (size < inner)
            throw std::runtime_error("the external variable memory (" + std::to_string(size) +
                                     " bytes) is smaller than the variables need (" + std::to_string(inner) +
                                     " bytes of HBM)");
        const uint64_t logicBase = manager_.config().logicBase;
        if (logicAddress < logicBase)
            throw std::runtime_error("logic address " + hex(logicAddress) + " is below the logic base " +
                                     hex(logicBase));
        const uint64_t offset = logicAddress - logicBase;
        if (offset >= size)
            throw std::runtime_error(
                "logic address " + hex(logicAddress) + " (offset " + std::to_string(offset) +
                ") is outside the external variable memory of " + std::to_string(size) + " bytes");
        return base + offset;
    }
    return autoMallocVarAddr(logicAddress, type, deviceId);
}

uint64_t VarDeviceMemory::blockMemSize(uint64_t logicAddress) const {
    uint64_t size = 0;
    for (const auto& [key, at] : manager_.resource().varAddrMgrMap)
        if (at.address == logicAddress) size = std::max(size, manager_.memSizeOf(key));
    return size;
}

uint64_t VarDeviceMemory::autoMallocVarAddr(uint64_t logicAddress, MemoryType type, uint32_t deviceId) {
    // UpdateDevVarMgrInfo: the device learns the blocks assigned since its last access.
    auto& blocks = devAddrByDevice_[deviceId];
    for (const auto& [logic, block] : manager_.resource().varDevAddrMgrMap) blocks.emplace(logic, block);
    // GetVarMgrInfo, else CheckLogicAddrValid: an address inside a block (start < address < end).
    uint64_t inner = 0;
    auto it = blocks.find(logicAddress);
    if (it == blocks.end()) {
        it = blocks.upper_bound(logicAddress);
        if (it != blocks.begin()) --it;
        if (it == blocks.end() || it->first >= logicAddress ||
            logicAddress - it->first >= blockMemSize(it->first))
            throw std::runtime_error("no variable owns logic address " + hex(logicAddress) + " (" +
                                     std::string(memoryTypeName(type)) + ")");
        inner = logicAddress - it->first;
    }
    VarDevAddr& block = it->second;
    if (block.devAddr != 0) {
        if (block.externalMemory) return block.devAddr;
        return block.devAddr + inner + kSessionMemAlignSize;
    }
    // GetVarMallocSize: the block rounded up to 512 plus 2 x 512; the variable starts 512 bytes in.
    const uint64_t mallocSize =
        alignUpTo(blockMemSize(it->first), kSessionMemAlignSize) + kSessionMemGuardSize;
    uint64_t& used = autoMallocBytes_[deviceId];
    block.devAddr = simulatedDeviceBase(deviceId) + used;
    used += mallocSize;
    return block.devAddr + inner + kSessionMemAlignSize;
}

uint64_t VarDeviceMemory::autoMallocBytes(uint32_t deviceId) const {
    const auto it = autoMallocBytes_.find(deviceId);
    return it == autoMallocBytes_.end() ? 0 : it->second;
}

}  // namespace passscope

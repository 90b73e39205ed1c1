#include "vars/var_manager.h"

#include <algorithm>
#include <string>

namespace passscope {

std::string transStepText(const TransNodeInfo& step, std::string_view arrow) {
    const bool dtypeChanges = step.input.dtype != step.output.dtype;
    auto side = [dtypeChanges](const TensorDesc& d) {
        std::string text = d.storageFormatText();
        if (dtypeChanges) text.append(" ").append(dataTypeName(d.dtype));
        return text.append(" ").append(d.storageShape.toString());
    };
    std::string text = step.nodeType;
    text.append(" ").append(side(step.input)).append(" ").append(arrow).append(" ").append(side(step.output));
    return text;
}

bool VarManager::isVarPermitToChangeFormats(const std::string& name) const {
    return changeTimes(name) < kMaxVarChangeTimes;
}

void VarManager::setStateChanged(const std::string& name) {
    ++changeTimes_[name];
}

int VarManager::changeTimes(const std::string& name) const {
    const auto it = changeTimes_.find(name);
    const int counted = it == changeTimes_.end() ? 0 : it->second;
    // A manager loaded from a file knows a change only by the graph that made it.
    return std::max(counted, resource_.varNamesToChangedGraphId.count(name) ? 1 : 0);
}

void VarManager::setTransRoad(const std::string& name, VarTransRoad road) {
    resource_.varToTransRoad[name] = std::move(road);
}

const VarTransRoad* VarManager::transRoad(const std::string& name) const {
    const auto it = resource_.varToTransRoad.find(name);
    return it == resource_.varToTransRoad.end() ? nullptr : &it->second;
}

void VarManager::setChangedGraphId(const std::string& name, uint32_t graphId) {
    resource_.varNamesToChangedGraphId[name] = graphId;
}

std::optional<uint32_t> VarManager::changedGraphId(const std::string& name) const {
    const auto it = resource_.varNamesToChangedGraphId.find(name);
    if (it == resource_.varNamesToChangedGraphId.end()) return std::nullopt;
    return it->second;
}

// VarResource::RenewCurVarDesc: the current description changes, and a variable that has memory
// keeps it under its new key (the block was sized for the old description: same bytes, new layout).
void VarManager::renewCurVarDesc(const std::string& name, const TensorDesc& desc) {
    const std::string shared = batchVarKeyName(name);
    auto cur = resource_.curVarTensorDescMap.find(shared);
    if (cur != resource_.curVarTensorDescMap.end()) {
        const std::string oldKey = varKey(shared, cur->second);
        const std::string newKey = varKey(shared, desc);
        auto at = resource_.varAddrMgrMap.find(oldKey);
        // PassScope refuses the move when the new layout does not fit the block (GE moves it
        // regardless); the variable then gets new memory when it is assigned (docs/ge-variables.md §8).
        const auto count = desc.storageShape.elementCount();
        const bool fits =
            count && *count >= 0 &&
            tensorMemorySize(static_cast<uint64_t>(*count) * elementSize(desc.dtype)) <= memSizeOf(oldKey);
        if (oldKey != newKey && fits && at != resource_.varAddrMgrMap.end() &&
            !resource_.varAddrMgrMap.count(newKey)) {
            VarAddress moved = at->second;
            moved.desc = desc;
            resource_.varAddrMgrMap.erase(at);
            resource_.varAddrMgrMap.emplace(newKey, std::move(moved));
            if (auto size = keyMemSizes_.find(oldKey); size != keyMemSizes_.end()) {
                keyMemSizes_[newKey] = size->second;
                keyMemSizes_.erase(oldKey);
            }
        }
    }
    resource_.curVarTensorDescMap[shared] = desc;
}

const TensorDesc* VarManager::curVarDesc(const std::string& name) const {
    const auto it = resource_.curVarTensorDescMap.find(batchVarKeyName(name));
    return it == resource_.curVarTensorDescMap.end() ? nullptr : &it->second;
}

bool VarManager::isVarExist(const std::string& name) const {
    return resource_.curVarTensorDescMap.count(batchVarKeyName(name)) > 0;
}

bool VarManager::isVarExist(const std::string& name, const TensorDesc& desc) const {
    return resource_.varAddrMgrMap.count(varKey(name, desc)) > 0;
}

void VarManager::setBatchVarName(const std::string& batchName, const std::string& sharedName) {
    batchVarNameMap_[batchName] = sharedName;
}

std::string VarManager::batchVarKeyName(const std::string& name) const {
    const auto it = batchVarNameMap_.find(name);
    return it == batchVarNameMap_.end() ? name : it->second;
}

// VarResource::VarKey joins the enum numbers; PassScope spells them out (docs/ge-variables.md §3).
std::string VarManager::varKey(const std::string& name, Format format, DataType dtype) const {
    std::string key = batchVarKeyName(name);
    key.append("_").append(formatName(format)).append("_").append(geDataTypeName(dtype));
    return key;
}

std::string VarManager::varKey(const std::string& name, const TensorDesc& desc) const {
    return varKey(name, desc.storageFormat, desc.dtype);
}

const VarAddress* VarManager::varAddress(const std::string& name, const TensorDesc& desc) const {
    const auto it = resource_.varAddrMgrMap.find(varKey(name, desc));
    return it == resource_.varAddrMgrMap.end() ? nullptr : &it->second;
}

uint64_t VarManager::memSizeOf(const std::string& key) const {
    if (auto it = keyMemSizes_.find(key); it != keyMemSizes_.end()) return it->second;
    // A manager loaded from a file knows the description only (TensorUtils::GetSize of it).
    const auto it = resource_.varAddrMgrMap.find(key);
    if (it == resource_.varAddrMgrMap.end()) return 0;
    const TensorDesc& d = it->second.desc;
    const auto count = d.storageShape.elementCount();
    const uint64_t bytes = count && *count >= 0 ? static_cast<uint64_t>(*count) * elementSize(d.dtype) : 0;
    return tensorMemorySize(bytes);
}

namespace {

std::string fileSliceKey(const std::pair<std::string, uint64_t>& slice) {
    return slice.first + ":" + std::to_string(slice.second);  // GE's file_constant_var_map_ key
}

}  // namespace

// VarManager::AssignVarMem (graph_var_manager.cc), preceded by the IsVarExist check of
// VarMemAssignUtil::AssignStaticMemory2Node; docs/ge-variables.md §4 gives the order.
VarMemGrant VarManager::assignVarMem(const VarMemRequest& request) {
    VarMemGrant grant;
    grant.varKey = varKey(request.name, request.desc);
    const std::string name = batchVarKeyName(request.name);
    auto grantAt = [&](const VarAddress& at, ReuseReason reason) {
        grant.memoryType = at.memoryType;
        grant.offset = at.offset;
        grant.logicAddress = at.address;
        grant.reuse = reason;
    };
    // 1. The key is assigned: its address as it is, nothing recorded.
    if (auto it = resource_.varAddrMgrMap.find(grant.varKey); it != resource_.varAddrMgrMap.end()) {
        grantAt(it->second, ReuseReason::SameNameAndFormat);
        return grant;
    }
    // 2. A known name in another description keeps its block when the new tensor fits (else new
    // memory); 3./4. an unknown name asks GetReuseAddr: identical Const bytes, the same file slice.
    const VarAddress* reuse = nullptr;
    ReuseReason reason = ReuseReason::None;
    if (const TensorDesc* cur = curVarDesc(name)) {
        const std::string curKey = varKey(name, *cur);
        const auto it = resource_.varAddrMgrMap.find(curKey);
        if (it != resource_.varAddrMgrMap.end() && request.memSize <= memSizeOf(curKey)) {
            reuse = &it->second;
            reason = ReuseReason::SizeCompatible;
        }
    } else if (request.kind == VarKind::ConstantOp && request.reuseIdenticalWeights && request.weight &&
               WeightIndex::comparable(*request.weight)) {
        if (auto owner = weights_.find(*request.weight)) {
            reuse = &resource_.varAddrMgrMap.at(*owner);
            reason = ReuseReason::IdenticalWeight;
        }
    } else if (request.kind == VarKind::FileConstant && request.reuseFileConstants && request.fileSlice) {
        const auto it = fileConstantVarMap_.find(fileSliceKey(*request.fileSlice));
        if (it != fileConstantVarMap_.end()) {
            reuse = &resource_.varAddrMgrMap.at(it->second);
            reason = ReuseReason::SameFileOffset;
        }
    }

    VarAddress address;
    address.desc = request.desc;
    if (reuse) {
        address.address = reuse->address;
        address.offset = reuse->offset;
        address.memoryType = reuse->memoryType;
        grantAt(address, reason);
    } else {
        // MemResource::AssignVarMem (docs/ge-variables.md §3): a new block at the pool's end.
        MemResource& pool = memResources_[request.memoryType];
        const uint64_t footprint =
            varFootprint(request.memoryType, varBlockSize(request.memoryType, request.memSize));
        if (request.memoryType == MemoryType::HBM && config_.varMemMaxSize > 0) {
            pool.totalSize = config_.varMemMaxSize;
            if (pool.varMemSize + footprint > config_.varMemMaxSize)
                throw VarMemoryLimitError("variable memory exhausted: '" + name + "' needs " +
                                          std::to_string(footprint) + " bytes of HBM at offset " +
                                          std::to_string(pool.varMemSize) +
                                          ", but the variable memory limit " + "(var_mem_max_size) is " +
                                          std::to_string(config_.varMemMaxSize) + " bytes");
        }
        address.offset = pool.varMemSize;
        address.memoryType = request.memoryType;
        // VarResource::SaveVarAddr: only HBM addresses are offset by the logic base.
        address.address = (request.memoryType == MemoryType::HBM ? config_.logicBase : 0) + address.offset;
        pool.varMemSize += footprint;
        grantAt(address, ReuseReason::None);
        grant.footprint = footprint;
        resource_.varOffsetMap[address.address] = address.memoryType;
        resource_.varDevAddrMgrMap[address.address] = VarDevAddr{request.desc, address.address, 0, false};
    }
    // SaveVarAddr / SetVarAddr: the key, the name's current description, the file slice, the weight.
    resource_.varAddrMgrMap.emplace(grant.varKey, address);
    keyMemSizes_[grant.varKey] = request.memSize;
    const bool newName = !resource_.varNamesToAllocatedGraphId.count(name);
    resource_.curVarTensorDescMap[name] = request.desc;
    if (request.kind == VarKind::FileConstant && request.fileSlice)
        fileConstantVarMap_.emplace(fileSliceKey(*request.fileSlice), grant.varKey);
    if (request.kind == VarKind::ConstantOp && reason != ReuseReason::IdenticalWeight && request.weight &&
        WeightIndex::comparable(*request.weight))
        weights_.add(*request.weight, grant.varKey);
    // AssignStaticMemory2Node: SetAllocatedGraphId for a variable it placed first.
    if (newName) setAllocatedGraphId(name, request.graphId);
    return grant;
}

void VarManager::setAllocatedGraphId(const std::string& name, uint32_t graphId) {
    resource_.varNamesToAllocatedGraphId[batchVarKeyName(name)] = graphId;
}

std::optional<uint32_t> VarManager::allocatedGraphId(const std::string& name) const {
    const auto it = resource_.varNamesToAllocatedGraphId.find(batchVarKeyName(name));
    if (it == resource_.varNamesToAllocatedGraphId.end()) return std::nullopt;
    return it->second;
}

bool VarManager::sameSerializedState(const VarManager& other) const {
    const VarResource& a = resource_;
    const VarResource& b = other.resource_;
    return sessionId_ == other.sessionId_ && config_ == other.config_ &&
           memResources_ == other.memResources_ && a.varAddrMgrMap == b.varAddrMgrMap &&
           a.varOffsetMap == b.varOffsetMap && a.curVarTensorDescMap == b.curVarTensorDescMap &&
           a.varToTransRoad == b.varToTransRoad && a.varNamesToChangedGraphId == b.varNamesToChangedGraphId &&
           a.varNamesToAllocatedGraphId == b.varNamesToAllocatedGraphId &&
           a.varBroadcastInfo == b.varBroadcastInfo && a.varDevAddrMgrMap == b.varDevAddrMgrMap;
}

std::vector<VarFusionDecision> VarManager::fusionsOf(uint32_t graphId) const {
    std::vector<VarFusionDecision> out;
    for (const VarFusionDecision& d : fusions_)
        if (d.graphId == graphId) out.push_back(d);
    return out;
}

}  // namespace passscope

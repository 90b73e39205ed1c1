#include "vars/var_manager.h"

#include <algorithm>

namespace passscope {

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

void VarManager::renewCurVarDesc(const std::string& name, const TensorDesc& desc) {
    resource_.curVarTensorDescMap[name] = desc;
}

const TensorDesc* VarManager::curVarDesc(const std::string& name) const {
    const auto it = resource_.curVarTensorDescMap.find(name);
    return it == resource_.curVarTensorDescMap.end() ? nullptr : &it->second;
}

bool VarManager::isVarExist(const std::string& name) const {
    return resource_.curVarTensorDescMap.count(name) > 0;
}

std::vector<VarFusionDecision> VarManager::fusionsOf(uint32_t graphId) const {
    std::vector<VarFusionDecision> out;
    for (const VarFusionDecision& d : fusions_)
        if (d.graphId == graphId) out.push_back(d);
    return out;
}

std::shared_ptr<VarManager> VarManagerPool::get(uint64_t sessionId) {
    std::lock_guard lock(mutex_);
    auto& slot = managers_[sessionId];
    if (!slot) slot = std::make_shared<VarManager>(sessionId);
    return slot;
}

void VarManagerPool::destroy(uint64_t sessionId) {
    std::lock_guard lock(mutex_);
    managers_.erase(sessionId);
}

size_t VarManagerPool::size() const {
    std::lock_guard lock(mutex_);
    return managers_.size();
}

}  // namespace passscope

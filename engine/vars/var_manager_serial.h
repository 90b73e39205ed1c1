#pragma once
// VarManager to and from bytes (GE's VarManager::VarManagerToSerial / VarManagerToDeserial,
// docs/ge-variables.md §7, §10): the protobuf message deployer.VarManagerInfo of
// engine/vars/var_manager.proto. What it keeps is what VarManager::sameSerializedState compares:
// the configuration, the session id, the address table, the current descriptions, trans roads,
// changed and allocated graph ids, broadcast infos, the device-address table and the memory pools.
// Not kept (GE keeps them in memory only): ready state, fusion decisions, batch names, the weights
// and file slices Const/FileConstant reuse compares, lazily allocated device memory.
#include <memory>
#include <string>
#include <string_view>

#include "vars/var_manager.h"

namespace passscope {

// Binary protobuf bytes of VarManagerInfo.
std::string serializeVarManager(const VarManager& manager);
// Throws std::runtime_error saying what is wrong for bytes that are not a VarManagerInfo, are
// truncated, or hold values PassScope does not know (a data type, a format, a memory type).
std::shared_ptr<VarManager> deserializeVarManager(std::string_view bytes);

// Written to a temporary file next to `path`, then renamed over it. Throw std::runtime_error
// naming the path on I/O or parse failure.
void saveVarManager(const VarManager& manager, const std::string& path);
std::shared_ptr<VarManager> loadVarManager(const std::string& path);

}  // namespace passscope

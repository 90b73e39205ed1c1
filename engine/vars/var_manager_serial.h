#pragma once
// Saving and loading a VarManager (the project's var_manager.proto, VarManagerInfo).
#include <memory>
#include <string>
#include <string_view>

#include "vars/var_manager.h"

namespace passscope {

// Binary protobuf bytes of VarManagerInfo.
std::string serializeVarManager(const VarManager& manager);
// Throws std::runtime_error with a message a user can act on for malformed input.
std::shared_ptr<VarManager> deserializeVarManager(std::string_view bytes);
// Throw std::runtime_error naming the path on I/O or parse failure.
void saveVarManager(const VarManager& manager, const std::string& path);
std::shared_ptr<VarManager> loadVarManager(const std::string& path);

}  // namespace passscope

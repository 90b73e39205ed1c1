#pragma once
// Whether a cached compile is still valid: the variable descriptions before and after compiling
// now (GE's VarMatchInfo desc_info_before_compile / desc_info_after_compile).
#include <optional>
#include <string>
#include <vector>

#include "ir/tensor_desc.h"
#include "vars/var_manager.h"

namespace passscope {

struct VarDescChange {
    std::string variable;
    std::optional<TensorDesc> before, after;
};

struct ModelCacheVerdict {
    bool valid = true;
    std::vector<VarDescChange> changes;
    // "cache valid: N variable descriptions unchanged" or
    // "recompile: <var> ND float [16,2] -> FRACTAL_NZ float [1,1,16,16]; ..."
    std::string message;
};

// Compares the variable descriptions (curVarTensorDescMap) of a cached compile with those after
// compiling now.
ModelCacheVerdict checkModelCache(const VarManager& cached, const VarManager& compiled);

}  // namespace passscope

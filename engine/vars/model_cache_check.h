#pragma once
// Is a cached compile still valid? GE's model cache (compiler/graph/build/model_cache.cc) keeps
// the variable descriptions before and after compiling (VarMatchInfo desc_info_before_compile /
// desc_info_after_compile, docs/ge-variables.md §7, §11) and recompiles when a variable's
// description differs — a variable changes format at most once, so a cache compiled before the
// change no longer matches the memory the variables are in.
#include <optional>
#include <string>
#include <vector>

#include "ir/tensor_desc.h"
#include "vars/var_manager.h"

namespace passscope {

struct VarDescChange {
    std::string variable;
    std::optional<TensorDesc> before, after;  // empty when the variable is missing on that side
};

struct ModelCacheVerdict {
    bool valid = true;
    std::vector<VarDescChange> changes;  // by variable name
    // "cache valid: N variable descriptions unchanged" or
    // "recompile: <var> ND float [16,2] -> FRACTAL_NZ float [1,1,16,16]; ..."
    std::string message;
};

// Compares the current descriptions (curVarTensorDescMap) of a cached compile with those after
// compiling now.
ModelCacheVerdict checkModelCache(const VarManager& cached, const VarManager& compiled);

}  // namespace passscope

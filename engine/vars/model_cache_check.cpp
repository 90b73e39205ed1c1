#include "vars/model_cache_check.h"
#include "ir/value_text.h"

#include <set>

namespace passscope {

ModelCacheVerdict checkModelCache(const VarManager& cached, const VarManager& compiled) {
    const auto& before = cached.resource().curVarTensorDescMap;
    const auto& after = compiled.resource().curVarTensorDescMap;
    std::set<std::string> names;
    for (const auto& [name, desc] : before) names.insert(name);
    for (const auto& [name, desc] : after) names.insert(name);

    ModelCacheVerdict verdict;
    size_t unchanged = 0;
    for (const std::string& name : names) {
        const auto b = before.find(name);
        const auto a = after.find(name);
        const bool inBoth = b != before.end() && a != after.end();
        if (inBoth && b->second == a->second) {
            ++unchanged;
            continue;
        }
        VarDescChange change{name, std::nullopt, std::nullopt};
        if (b != before.end()) change.before = b->second;
        if (a != after.end()) change.after = a->second;
        verdict.changes.push_back(std::move(change));
    }
    verdict.valid = verdict.changes.empty();
    if (verdict.valid) {
        verdict.message = "cache valid: " + std::to_string(unchanged) + " variable description" +
                          (unchanged == 1 ? "" : "s") + " unchanged";
        return verdict;
    }
    verdict.message = "recompile: ";
    for (size_t i = 0; i < verdict.changes.size(); ++i) {
        const VarDescChange& c = verdict.changes[i];
        if (i) verdict.message += "; ";
        verdict.message += c.variable + " " + (c.before ? storageDescText(*c.before) : "(not in the cache)") +
                           " -> " + (c.after ? storageDescText(*c.after) : "(not in this compile)");
    }
    return verdict;
}

}  // namespace passscope

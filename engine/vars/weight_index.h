#pragma once
// Byte-identical Const weights (VarResource::GetReuseAddr: same element size, same byte size, then
// memcmp; docs/ge-variables.md §4 rule 2). Weights are grouped by those two sizes first and hashed
// only once a group has a second member, so a byte is hashed at most once and compared only on a
// hash match. The index keeps Tensor copies (they share the payload, nothing is copied), so it
// outlives the graph that brought the weight: a later graph of the session finds it too.
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ir/tensor.h"

namespace passscope {

class WeightIndex {
  public:
    // The var key of an earlier weight with the same bytes.
    std::optional<std::string> find(const Tensor& weight) {
        auto group = groups_.find(groupKey(weight));
        if (group == groups_.end()) return std::nullopt;
        hashPending(group->second);
        const size_t hash = hashOf(weight);
        auto [first, last] = group->second.hashed.equal_range(hash);
        for (auto it = first; it != last; ++it)
            if (sameBytes(it->second.tensor, weight)) return it->second.owner;
        return std::nullopt;
    }

    void add(const Tensor& weight, std::string owner) {
        Group& group = groups_[groupKey(weight)];
        if (group.hashed.empty())
            group.pending.push_back({weight, std::move(owner)});
        else
            group.hashed.emplace(hashOf(weight), Item{weight, std::move(owner)});
    }

    // GE skips weights it cannot compare: no bytes, or strings (no fixed element size).
    static bool comparable(const Tensor& weight) {
        return elementSize(weight.dtype()) > 0 && weight.byteSize() > 0 && weight.rawData() != nullptr;
    }

  private:
    struct Item {
        Tensor tensor;
        std::string owner;
    };
    struct Group {
        std::vector<Item> pending;  // not hashed yet: the group had one member
        std::unordered_multimap<size_t, Item> hashed;
    };

    static std::pair<size_t, size_t> groupKey(const Tensor& w) {
        return {elementSize(w.dtype()), w.byteSize()};
    }
    static std::string_view bytesOf(const Tensor& w) {
        return {reinterpret_cast<const char*>(w.rawData()), w.byteSize()};
    }
    static size_t hashOf(const Tensor& w) { return std::hash<std::string_view>{}(bytesOf(w)); }
    static bool sameBytes(const Tensor& a, const Tensor& b) {
        return a.byteSize() == b.byteSize() && std::memcmp(a.rawData(), b.rawData(), a.byteSize()) == 0;
    }
    void hashPending(Group& group) {
        for (Item& item : group.pending) group.hashed.emplace(hashOf(item.tensor), std::move(item));
        group.pending.clear();
    }

    std::map<std::pair<size_t, size_t>, Group> groups_;
};

}  // namespace passscope

#include "pipeline/pass_stats.h"

#include <algorithm>

namespace passscope {

PassStatistic& PassStats::find(const StatisticInfo& info) {
    for (PassStatistic& s : entries_)
        if (s.name == info.name) return s;
    entries_.push_back(PassStatistic{std::string(info.name), std::string(info.description), 0});
    return entries_.back();
}

void PassStats::declare(const StatisticInfo& info) {
    find(info);
}

void PassStats::add(const StatisticInfo& info, uint64_t amount) {
    find(info).value += amount;
}

uint64_t PassStats::value(std::string_view name) const {
    for (const PassStatistic& s : entries_)
        if (s.name == name) return s.value;
    return 0;
}

bool PassStats::anyNonZero() const {
    return std::any_of(entries_.begin(), entries_.end(), [](const PassStatistic& s) { return s.value != 0; });
}

}  // namespace passscope

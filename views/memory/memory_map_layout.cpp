#include "memory/memory_map_layout.h"

#include <algorithm>
#include <cmath>

namespace passscope::views {
namespace {

// Log units: a 512-byte block is 2 wide, a 1 MiB block 12; a quarter unit stands for GE's guard.
constexpr double kLogGap = 0.25;
double logWidth(uint64_t bytes) {
    return 1.0 + std::log2(1.0 + static_cast<double>(bytes) / static_cast<double>(kSessionMemAlignSize));
}

}  // namespace

void MemoryMapLayout::build(const VarMemoryPlan& plan, Scale scale) {
    bands_.clear();
    spans_.assign(plan.entries.size(), Span{});
    for (size_t t = 0; t < kMemoryTypeCount; ++t) {
        if (plan.totals[t].entries == 0) continue;
        const auto type = static_cast<MemoryType>(t);
        bands_.push_back(Band{type, type == MemoryType::HBM ? plan.logicBase : 0, 0, 0});
    }
    placeOwners(plan, scale);
    placeReusers(plan);
}

int MemoryMapLayout::bandOf(MemoryType type) const {
    for (size_t i = 0; i < bands_.size(); ++i)
        if (bands_[i].type == type) return static_cast<int>(i);
    return -1;
}

double MemoryMapLayout::extent() const {
    double widest = 0;
    for (const Band& b : bands_) widest = std::max(widest, b.extent);
    return widest > 0 ? widest : 1.0;
}

// Entries with memory of their own, in assignment (= address) order within each pool.
void MemoryMapLayout::placeOwners(const VarMemoryPlan& plan, Scale scale) {
    std::vector<double> cursor(bands_.size(), 0.0);
    for (size_t i = 0; i < plan.entries.size(); ++i) {
        const VarMemoryEntry& e = plan.entries[i];
        if (e.reused()) continue;
        Span& s = spans_[i];
        s.band = bandOf(e.memoryType);
        Band& band = bands_[static_cast<size_t>(s.band)];
        if (scale == Scale::Linear) {
            s.x0 = static_cast<double>(e.offset);
            s.x1 = s.x0 + static_cast<double>(e.alignedSize);
            band.extent = std::max(band.extent, static_cast<double>(e.offset + e.footprint));
        } else {
            double& x = cursor[static_cast<size_t>(s.band)];
            s.x0 = x;
            s.x1 = x + logWidth(e.alignedSize);
            x = s.x1 + kLogGap;
            band.extent = x;
        }
    }
}

// A reused entry sits under its owner, at the owner's address; several reusers of one owner stack
// downwards (the last lane takes the overflow). Its width is its own block relative to the owner's,
// capped at the owner's.
void MemoryMapLayout::placeReusers(const VarMemoryPlan& plan) {
    std::vector<int> stacked(plan.entries.size(), 0);
    for (size_t i = 0; i < plan.entries.size(); ++i) {
        const VarMemoryEntry& e = plan.entries[i];
        if (!e.reused()) continue;
        const Span& owner = spans_[*e.reusedFrom];
        Span& s = spans_[i];
        s.band = owner.band;
        s.lane = 1 + std::min(stacked[*e.reusedFrom]++, kMaxReuseLanes - 1);
        s.x0 = owner.x0;
        const double ownerWidth = owner.x1 - owner.x0;
        const auto ownerSize = std::max<uint64_t>(1, plan.entries[*e.reusedFrom].alignedSize);
        const double ratio = static_cast<double>(e.alignedSize) / static_cast<double>(ownerSize);
        s.x1 = owner.x0 + ownerWidth * std::min(1.0, ratio);
        Band& band = bands_[static_cast<size_t>(s.band)];
        band.reuseLanes = std::max(band.reuseLanes, s.lane);
    }
}

}  // namespace passscope::views

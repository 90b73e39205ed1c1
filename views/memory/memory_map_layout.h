#pragma once
// Where each plan entry sits on the memory map, in abstract horizontal units and lanes; no Qt
// painting here. One band per memory type that has entries; lane 0 holds entries with memory of
// their own, lanes 1.. the entries that reuse an owner's memory, stacked under that owner.
#include <vector>

#include "vars/var_memory_plan.h"

namespace passscope::views {

class MemoryMapLayout {
  public:
    // Linear: x = pool offset in bytes, width = block size. LogSize: blocks in address order with
    // widths growing with log2 of their size, so scalars and large weights are both readable.
    enum class Scale { Linear, LogSize };
    static constexpr int kMaxReuseLanes = 4;

    struct Band {
        MemoryType type = MemoryType::HBM;
        uint64_t base = 0;   // address at x = 0
        double extent = 0;   // units from 0 to the end of the pool
        int reuseLanes = 0;  // lanes under the owners' lane
    };
    struct Span {
        int band = 0;
        int lane = 0;
        double x0 = 0;
        double x1 = 0;
    };

    void build(const VarMemoryPlan& plan, Scale scale);

    const std::vector<Band>& bands() const { return bands_; }
    const std::vector<Span>& spans() const { return spans_; }  // one per plan entry
    double extent() const;              // the widest band's extent; 1 for an empty plan
    int bandOf(MemoryType type) const;  // -1 when the plan has no entry of that type

  private:
    void placeOwners(const VarMemoryPlan& plan, Scale scale);
    void placeReusers(const VarMemoryPlan& plan);

    std::vector<Band> bands_;
    std::vector<Span> spans_;
};

}  // namespace passscope::views

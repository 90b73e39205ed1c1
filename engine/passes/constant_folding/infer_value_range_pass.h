#pragma once
// InferValueRangePass (GE compiler/graph/passes/shape_optimize/infer_value_range_pass.cc;
// docs/ge-constant-folding.md §13.1): records on TensorDesc::valueRange, per element, the interval
// each element of a small integer value lies in — a Shape of a tensor with symbolic dims gives
// [d,d] for a static dim and [0,∞) for a symbolic one, and Gather, Slice, Concat, Unsqueeze,
// Cast, Add, Mul, ... carry them on (value_range.h). GE's last pass of the Prepare stage; the
// properties panel shows the range, and PartialShapeFoldingPass folds a value whose every element
// has a single possible value. Nothing else changes. Under MemoryPriority, outputs of more than 25
// elements get no range (GE's IsAllowInferInMemPriority, gert::Shape::kMaxDimNum).
#include "passes/constant_folding/value_range.h"
#include "pipeline/pass.h"

namespace passscope {

class InferValueRangePass : public Pass {
  public:
    std::string name() const override { return "InferValueRangePass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    static constexpr StatisticInfo kRangesSet{"value_ranges_set", "Values whose value range was recorded"};
    std::vector<StatisticInfo> statistics() const override { return {kRangesSet}; }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

#pragma once
// DecomposeLargeConstPass (GE compiler/graph/optimize/autofuse/autofuse/pattern_fusion/
// decompose_large_const_pass.cpp, one of autofuse's pattern passes, run before automatic fusion;
// docs/ge-constant-folding.md §12.6). A constant of at least 128 MiB whose leading dims repeat one
// block (a broadcast folding produced) is stored as that block and rebuilt at run time: Tile(block,
// multiples), or Expand(scalar, shape) when every element is equal (GE's Fill). Only the leading run
// of broadcast dims is decomposed, as in GE. The new block constant keeps `_is_from_constant_folding`
// and the control edges; the Tile is marked no_need_constant_folding so folding does not undo it.
// GE decomposes only for consumers autofuse lowers as pointwise; PassScope asks that every reader
// is an elementwise ONNX op. Target ge only: autofuse is part of GE's device compile, and an ONNX
// export would only trade a stored constant for run-time work that ONNX Runtime folds back.
#include "pipeline/pass.h"

namespace passscope {

class DecomposeLargeConstPass : public Pass {
  public:
    static constexpr int64_t kLargeConstThreshold = int64_t{1024} * 1024 * 128;  // GE's, in bytes
    explicit DecomposeLargeConstPass(int64_t thresholdBytes = kLargeConstThreshold)
        : threshold_(thresholdBytes) {}
    std::string name() const override { return "DecomposeLargeConstPass"; }
    PassFamily family() const override { return PassFamily::Cleanup; }
    static constexpr StatisticInfo kDecomposed{"consts_decomposed", "Large broadcast constants decomposed"};
    static constexpr StatisticInfo kBytesSaved{"const_bytes_saved", "Constant bytes no longer stored"};
    std::vector<StatisticInfo> statistics() const override { return {kDecomposed, kBytesSaved}; }
    bool run(Graph& graph, PassContext& ctx) override;

  private:
    int64_t threshold_;
};

}  // namespace passscope

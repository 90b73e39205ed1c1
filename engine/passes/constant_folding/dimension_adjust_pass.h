#pragma once
// DimensionAdjustPass (docs/ge-constant-folding.md §4.3) in ONNX terms: Squeeze / Unsqueeze / Flatten /
// Reshape on a runtime tensor with constant axes or shape. A no-op (output shape equals input shape)
// is bypassed; a chain of them collapses into one Reshape with a constant target shape. Needs
// static shapes; the rewritten model computes the same.
#include "pipeline/pass.h"

namespace passscope {

class DimensionAdjustPass : public NodePass {
public:
    std::string name() const override { return "DimensionAdjustPass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    std::string switchOption() const override { return "ge.oo.constantFolding"; }

protected:
    NodeResult runOnNode(Graph& graph, NodeId node, PassContext& ctx) override;
};

}  // namespace passscope

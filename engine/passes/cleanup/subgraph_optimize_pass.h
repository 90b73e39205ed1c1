#pragma once
// SubgraphOptimizePass: If/Loop/Scan bodies are never folded as a whole (their owner is kept),
// but their insides are optimized like a graph of their own — folding (outer-scope constants
// count as constants), DCE and CSE to a fixed point. Each body is optimized on a copy and put
// back with one attribute change, so the journal can step over it like any other edit.
#include "pipeline/pass.h"

namespace passscope {

class SubgraphOptimizePass : public Pass {
public:
    std::string name() const override { return "SubgraphOptimizePass"; }
    PassFamily family() const override { return PassFamily::ConstantFolding; }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

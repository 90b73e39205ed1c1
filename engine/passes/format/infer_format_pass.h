#pragma once
// InferFormatStage1 / InferFormatStage2: origin-format inference as GE's FormatRefiner
// (graph_metadef/graph/refiner/format_refiner.cc, FormatRefiner::InferOrigineFormat;
// docs/ge-formats.md §4). Anchors (nodes with a non-ND format of their own, format_rules.h)
// refresh their origin formats, then spread them backwards to producers and forwards to
// consumers, node by node through each op's rule, into tensors whose origin is still ND; bodies
// of If/Loop/Scan reflect their owner's inputs and outputs. Sets only originFormat of node
// outputs (and storageFormat where it still equals the origin of a plain tensor, so storage and
// origin stay equal). GE runs it twice in GraphPrepare; the second run (stage 2) also gives the
// global data format to graph inputs no anchor reached (DataNodeFormatProcess).
#include "pipeline/pass.h"

namespace passscope {

class InferFormatPass : public Pass {
  public:
    explicit InferFormatPass(int stage) : stage_(stage) {}
    std::string name() const override { return "InferFormatStage" + std::to_string(stage_); }
    PassFamily family() const override { return PassFamily::Format; }

    static constexpr StatisticInfo kFormatsInferred{"formats_inferred", "Tensors given an origin format"};
    static constexpr StatisticInfo kAnchors{"anchors", "Nodes whose own formats started the inference"};
    static constexpr StatisticInfo kDataDefaulted{"data_format_applied",
                                                  "Graph inputs given the global data format"};
    std::vector<StatisticInfo> statistics() const override {
        return {kFormatsInferred, kAnchors, kDataDefaulted};
    }
    bool run(Graph& graph, PassContext& ctx) override;

  private:
    int stage_;
};

}  // namespace passscope

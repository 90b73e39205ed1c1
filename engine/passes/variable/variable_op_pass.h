#pragma once
// VariableOpPass, variable format fusion (GE compiler/graph/passes/variable_optimize/
// variable_op_pass.cc; docs/ge-variables.md §6). When every reader of a variable converts it the
// same way — a TransData, Cast, ReFormat, Reshape, Squeeze or Unsqueeze at its data input, all to
// the same (storage format, dtype, storage shape) — and every VarRef of the variable is written
// back through the inverse conversion, the variable is stored converted: the conversions go (the
// readers read the variable; on the write-back side the conversion is bypassed when it has other
// readers, else removed), layer after layer while that holds, the Variable and its VarRefs take
// the final description, and VarManager records the trans road (with a ReFormat in front when the
// variable's format is not the road's first input format), the changing graph, the change and
// the new current description. A variable changes format at most once per session
// (VarManager::isVarPermitToChangeFormats); unknown shapes, bodies and `ge.exec.variable_acc=false`
// change nothing. Every variable gets one VarFusionDecision per graph, fused or with the reason
// it was not. Runs in FormatOptimize (GE's OptimizeStage1_1) after the breadth fusion, target ge.
#include "passes/format/trans_op_util.h"

namespace passscope {

class VariableOpPass : public Pass {
  public:
    // PipelineOptions switch (docs/ge-variables.md §6, "Switch"); absent = on.
    static constexpr const char* kSwitch = "ge.exec.variable_acc";

    std::string name() const override { return "VariableOpPass"; }
    PassFamily family() const override { return PassFamily::Variable; }
    OptLevel minLevel() const override { return OptLevel::O3; }  // GE: LEVELS(OoLevel::kO3)
    static constexpr StatisticInfo kVariablesFused{"variables_fused",
                                                   "Variables stored in their readers' format"};
    static constexpr StatisticInfo kTransNodesRemoved{"trans_nodes_removed",
                                                      "Trans nodes removed by variable fusion"};
    static constexpr StatisticInfo kRefused{"fusions_refused", "Variables left as they are, with the reason"};
    std::vector<StatisticInfo> statistics() const override {
        return {kVariablesFused, kTransNodesRemoved, kRefused};
    }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

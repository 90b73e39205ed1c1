#pragma once
// UpdateVariableFormatsPass (GE compiler/graph/preprocess/graph_prepare.cc, UpdateVariableFormats;
// docs/ge-variables.md §6): a variable whose format an earlier graph of the session changed
// (VarManager::transRoad) is described by its stored format again, and the road is recovered in
// reverse after it (RecoverTransRoadForVar) and forward in front of each of its VarRefs
// (RecoverTransRoadForVarRef), so the graph still reads and writes the origin layout. The format
// passes then cancel the recovered conversions against the ones format selection inserts, and the
// later graph ends up as the one that fused. Runs in Prepare right after VariablePrepareOpPass,
// target ge only. The inserted nodes carry `_inserted_by_ge` (ATTR_INSERTED_BY_GE).
#include "pipeline/pass.h"

namespace passscope {

class UpdateVariableFormatsPass : public Pass {
  public:
    std::string name() const override { return "UpdateVariableFormatsPass"; }
    PassFamily family() const override { return PassFamily::Variable; }
    static constexpr StatisticInfo kVariablesUpdated{
        "variables_updated", "Variables given the storage format an earlier graph of the session chose"};
    static constexpr StatisticInfo kTransNodesRecovered{"trans_nodes_recovered",
                                                        "Conversions recovered from the trans roads"};
    std::vector<StatisticInfo> statistics() const override {
        return {kVariablesUpdated, kTransNodesRecovered};
    }
    bool run(Graph& graph, PassContext& ctx) override;
};

}  // namespace passscope

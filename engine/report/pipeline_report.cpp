#include "report/pipeline_report.h"

#include <map>

namespace passscope {
namespace {

nlohmann::json unfoldedJson(const UnfoldedNode& u) {
    nlohmann::json j{{"node", u.name}, {"op", u.opType}, {"reason", std::string(reasonName(u.reason))}, {"detail", u.detail}};
    if (!u.graph.empty()) j["graph"] = u.graphName;  // the body the node lives in ("If_0/then_branch")
    return j;
}

nlohmann::json summaryJson(const ModelInfo& i) {
    nlohmann::json ops = nlohmann::json::object();
    for (const auto& [k, v] : i.ops) ops[k] = v;
    return {{"nodes", i.nodes}, {"initializers", i.initializers}, {"initializer_bytes", i.initializerBytes}, {"ops", ops}};
}

}  // namespace

std::vector<UnfoldedNode> finalUnfolded(const Journal& journal, const Graph& g) {
    // Ids are unique only within one graph: a body's node is keyed by its graph's path too.
    std::map<std::pair<GraphPath, NodeId>, UnfoldedNode> last;
    for (const JournalStep& s : journal.steps())
        for (const UnfoldedNode& u : s.unfolded) last[{u.graph, u.node}] = u;
    std::vector<UnfoldedNode> out;
    for (auto& [key, u] : last) {
        const Graph* where = resolvePath(g, key.first);
        if (where && where->findNode(key.second)) out.push_back(u);
    }
    return out;
}

nlohmann::json pipelineReport(const Journal& journal, const PipelineRun& run, const ModelInfo& before,
                              const ModelInfo& after, const PipelineOptions& options) {
    nlohmann::json passes = nlohmann::json::array();
    for (const JournalStep& s : journal.steps()) {
        nlohmann::json unfolded = nlohmann::json::array();
        for (const UnfoldedNode& u : s.unfolded) unfolded.push_back(unfoldedJson(u));
        nlohmann::json entry{
            {"name", s.pass},
            {"stage", s.stage},
            {"iteration", s.iteration},
            {"seconds", s.seconds},
            {"changes", s.changes.size()},
            {"folded_nodes", s.stats.foldedNodes},
            {"removed_ops", s.stats.removedOps},
            {"const_bytes_added", s.stats.constBytesAdded},
            {"const_bytes_removed", s.stats.constBytesRemoved},
            {"marked_potential_const", s.stats.marked},
            {"merged", s.stats.merged},
            {"unfolded", unfolded},
        };
        if (!s.graphName.empty()) entry["graph"] = s.graphName;  // a nested run on a body
        passes.push_back(std::move(entry));
    }
    nlohmann::json stages = nlohmann::json::array();
    for (const StageReport& st : run.stages)
        stages.push_back({{"name", st.name}, {"iterations", st.iterations}, {"hit_iteration_cap", st.hitCap}});
    nlohmann::json options_json = nlohmann::json::object();
    for (const auto& [k, v] : options.toKeyValues()) options_json[k] = v;
    return {
        {"options", options_json},
        {"seconds", run.seconds},
        {"stages", stages},
        {"passes", passes},
        {"warnings", run.warnings},
        {"before", summaryJson(before)},
        {"after", summaryJson(after)},
    };
}

}  // namespace passscope

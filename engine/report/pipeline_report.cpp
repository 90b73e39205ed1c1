#include "report/pipeline_report.h"

#include <map>

namespace passscope {
namespace {

nlohmann::json unfoldedJson(const UnfoldedNode& u) {
    nlohmann::json j{{"node", u.name},
                     {"op", u.opType},
                     {"reason", std::string(reasonName(u.reason))},
                     {"detail", u.detail}};
    if (!u.graph.empty()) j["graph"] = u.graphName;  // the body the node lives in ("If_0/then_branch")
    return j;
}

nlohmann::json summaryJson(const ModelInfo& i) {
    nlohmann::json ops = nlohmann::json::object();
    for (const auto& [k, v] : i.ops) ops[k] = v;
    return {{"nodes", i.nodes},
            {"initializers", i.initializers},
            {"initializer_bytes", i.initializerBytes},
            {"ops", ops}};
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

std::vector<PassSummary> summarizePasses(const Journal& journal) {
    std::vector<PassSummary> out;
    std::map<std::string, size_t> index;
    for (const JournalStep& s : journal.steps()) {
        auto [it, fresh] = index.try_emplace(s.pass, out.size());
        if (fresh) out.push_back(PassSummary{s.pass, 0, 0, {}});
        PassSummary& p = out[it->second];
        ++p.runs;
        p.seconds += s.seconds;
        for (const PassStatistic& st : s.stats.entries())
            p.statistics.add(StatisticInfo{st.name, st.description}, st.value);
    }
    return out;
}

nlohmann::json pipelineReport(const Journal& journal, const PipelineRun& run, const ModelInfo& before,
                              const ModelInfo& after, const PipelineOptions& options) {
    nlohmann::json passes = nlohmann::json::array();
    nlohmann::json descriptions = nlohmann::json::object();
    for (const JournalStep& s : journal.steps()) {
        nlohmann::json unfolded = nlohmann::json::array();
        for (const UnfoldedNode& u : s.unfolded) unfolded.push_back(unfoldedJson(u));
        // The pass's own counters, whatever it declared (values by name; descriptions once below).
        nlohmann::json statistics = nlohmann::json::object();
        for (const PassStatistic& st : s.stats.entries()) {
            statistics[st.name] = st.value;
            descriptions[st.name] = st.description;
        }
        nlohmann::json entry{
            {"name", s.pass},
            {"stage", s.stage},
            {"iteration", s.iteration},
            {"seconds", s.seconds},
            {"changes", s.changes.size()},
            {"statistics", statistics},
            {"unfolded", unfolded},
        };
        if (!s.graphName.empty()) entry["graph"] = s.graphName;  // a nested run on a body
        passes.push_back(std::move(entry));
    }
    nlohmann::json totals = nlohmann::json::array();
    for (const PassSummary& p : summarizePasses(journal)) {
        nlohmann::json statistics = nlohmann::json::object();
        for (const PassStatistic& st : p.statistics.entries()) statistics[st.name] = st.value;
        totals.push_back(
            {{"name", p.pass}, {"runs", p.runs}, {"seconds", p.seconds}, {"statistics", statistics}});
    }
    nlohmann::json stages = nlohmann::json::array();
    for (const StageReport& st : run.stages)
        stages.push_back(
            {{"name", st.name}, {"iterations", st.iterations}, {"hit_iteration_cap", st.hitCap}});
    nlohmann::json options_json = nlohmann::json::object();
    for (const auto& [k, v] : options.toKeyValues()) options_json[k] = v;
    return {
        {"options", options_json},  {"seconds", run.seconds},        {"stages", stages},
        {"passes", passes},         {"pass_totals", totals},         {"statistic_descriptions", descriptions},
        {"warnings", run.warnings}, {"before", summaryJson(before)}, {"after", summaryJson(after)},
    };
}

}  // namespace passscope

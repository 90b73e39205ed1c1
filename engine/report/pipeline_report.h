#pragma once
// The JSON report of a pipeline run (`optimize --report`): one entry per pass run with its
// stage, iteration, time and the statistics the pass declared, totals per pass, the nodes
// folding passes left alone with their reasons, the stages' iteration counts, and a
// before/after summary.
#include <nlohmann/json.hpp>

#include "pipeline/journal.h"
#include "pipeline/pass_manager.h"
#include "report/model_info.h"

namespace passscope {

// All runs of one pass added up: how often it ran, its time, and each of its statistics.
struct PassSummary {
    std::string pass;
    size_t runs = 0;
    double seconds = 0;
    PassStats statistics;
};
// One summary per pass name, in the order the passes first ran.
std::vector<PassSummary> summarizePasses(const Journal& journal);

nlohmann::json pipelineReport(const Journal& journal, const PipelineRun& run, const ModelInfo& before,
                              const ModelInfo& after, const PipelineOptions& options);

// The last word on every node that some folding pass examined and left alone and that is still
// in `finalGraph` or one of its bodies, by (graph path, node id): main-graph nodes first.
std::vector<UnfoldedNode> finalUnfolded(const Journal& journal, const Graph& finalGraph);

}  // namespace passscope

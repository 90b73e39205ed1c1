#pragma once
// The JSON report of a pipeline run (`optimize --report`): one entry per pass run with its
// stage, iteration, time and statistics (seed 003 §4), the nodes folding passes left alone with
// their reasons, the stages' iteration counts, and a before/after summary.
#include <nlohmann/json.hpp>

#include "pipeline/journal.h"
#include "pipeline/pass_manager.h"
#include "report/model_info.h"

namespace passscope {

nlohmann::json pipelineReport(const Journal& journal, const PipelineRun& run, const ModelInfo& before,
                              const ModelInfo& after, const PipelineOptions& options);

// The last word on every node that some folding pass examined and left alone and that is still
// in `finalGraph` or one of its bodies, by (graph path, node id): main-graph nodes first.
std::vector<UnfoldedNode> finalUnfolded(const Journal& journal, const Graph& finalGraph);

}  // namespace passscope

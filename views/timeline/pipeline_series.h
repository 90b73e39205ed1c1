#pragma once
// The two curves of the pass chart: live nodes and bytes of constant tensors at every position of
// a pipeline run (position k = after the first k steps, 0 = the model as loaded).
//
// Computed once per run by walking one JournalCursor over the steps and re-reading only the nodes
// each step added, removed or gave a new "value": one scan of one graph plus work in proportion
// to the journal, rather than a scan of the whole graph per step (a 50k-node model runs hundreds
// of steps).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pipeline/journal.h"

namespace passscope::views {

struct PipelineResult;

struct PipelineSeries {
    std::vector<size_t> nodeCounts;       // index = position; Graph::nodeCount() of the main graph
    std::vector<uint64_t> constantBytes;  // index = position; payload bytes of Const / FileConstant

    size_t positions() const { return nodeCounts.size(); }
    bool empty() const { return nodeCounts.empty(); }
};

// Bytes of the tensor a constant node holds (Const and FileConstant keep it in the "value"
// attribute); 0 for every other node and for sparse constants, whose payload the engine keeps
// opaque.
uint64_t constantPayloadBytes(const Node& node);

// Both series for positions 0..journal.steps().size(); `finalGraph` is the graph as the journal
// left it.
PipelineSeries computeSeries(const Journal& journal, const Graph& finalGraph);
PipelineSeries computeSeries(const PipelineResult& result);

}  // namespace passscope::views

#pragma once
// A sequence of graphs (the stages of a GE dump, docs/ge-dumps.md §6) turned into a Journal, so the
// GUI and the CLI step through GE's own compile exactly as through the engine's passes: the first
// stage is the "model before", each later stage is one step, and the highlighting, the format
// overlays and the timeline work unchanged. Each step edits a working graph from the previous
// stage into the next through the Graph editing API (the journal records it), driven by the node
// matching of engine/diff/graph_diff.h.
#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "diff/graph_diff.h"
#include "dump/ge_dump.h"
#include "ir/model.h"
#include "pipeline/journal.h"
#include "util/diagnostics.h"

namespace passscope::dump {

// Counters each stage step carries (the timeline and `passscope-cli timeline` list them).
namespace stat {
inline constexpr StatisticInfo kNodesAdded{"nodes_added", "Nodes the stage added"};
inline constexpr StatisticInfo kNodesRemoved{"nodes_removed", "Nodes the stage removed"};
inline constexpr StatisticInfo kNodesChanged{"nodes_changed", "Nodes the stage changed"};
}  // namespace stat

// The journal stage name every dump step carries (JournalStep::stage).
inline constexpr std::string_view kDumpStageName = "GE dump";

struct StageInfo {
    std::string stage;           // GE's stage name, e.g. "OptimizeStage1_1"
    std::filesystem::path file;  // the dump file it was read from
    uint64_t index = 0;          // GE's dump counter
    size_t nodeCount = 0;        // nodes of the main graph at that stage
    diff::GraphDiff diff;        // against the stage before (empty for the first)
};

struct StageTimeline {
    Model first;                    // the first stage as loaded (never edited)
    std::vector<StageInfo> stages;  // stages[0] is the first; journal step k is stages[k + 1]
    Diagnostics diagnostics;        // warnings of every file, each prefixed with its file name
    bool cancelled = false;
};

// Loads the stages of `set` one at a time (the first, the working graph and the next are held;
// weights are shared between the first two) and replays them:
// `working` ends as the last stage, `journal` holds one step per stage after the first.
// Throws ModelError (naming the file) when a stage cannot be loaded.
StageTimeline replayStages(const GeDumpSet& set, Model& working, Journal& journal,
                           const std::atomic<bool>* cancel = nullptr);

// One step: edits `working` (observed by the journal) until its structure equals `target`.
// Returns the diff it applied. `working` and `target` are main graphs.
diff::GraphDiff replayStep(Graph& working, const Graph& target);

}  // namespace passscope::dump

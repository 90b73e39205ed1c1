// `passscope-cli timeline DUMP... [--graph-id ID] [--json] [--diffs] [--stage S --export OUT]`:
// GE's dump files of one compile (a folder, or files) as a timeline of stages, each diffed against
// the one before (docs/ge-dumps.md §6). The stages replay into a journal as the GUI's do, so
// what this prints is what File ▸ Open on the folder steps through.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "commands.h"
#include "dump/stage_replay.h"
#include "io/onnx_export.h"

namespace passscope::cli {
namespace {

std::string formatLabel(dump::GeDumpFormat f) {
    return f == dump::GeDumpFormat::OnnxText ? "ge_onnx" : "ge_proto";
}

// The stage `which` names: its position in the timeline (0 = first) or its GE stage name.
const dump::GeDumpStage& findStage(const dump::GeDumpSet& set, const std::string& which) {
    for (const dump::GeDumpStage& s : set.stages)
        if (s.name.stage == which) return s;
    if (!which.empty() && which.find_first_not_of("0123456789") == std::string::npos) {
        size_t k = std::stoul(which);
        if (k < set.stages.size()) return set.stages[k];
    }
    std::string names;
    for (const dump::GeDumpStage& s : set.stages) names += (names.empty() ? "" : ", ") + s.name.stage;
    throw ModelError("no stage '" + which + "' in the timeline (stages: " + names + ")");
}

nlohmann::json timelineJson(const dump::GeDumpSet& set, const dump::StageTimeline& t) {
    nlohmann::json stages = nlohmann::json::array();
    for (size_t k = 0; k < t.stages.size(); ++k) {
        const dump::StageInfo& s = t.stages[k];
        nlohmann::json j = nlohmann::json::parse(diff::diffToJson(s.diff));
        j["position"] = k;
        j["index"] = s.index;
        j["stage"] = s.stage;
        j["file"] = s.file.string();
        j["nodes"] = s.nodeCount;
        stages.push_back(std::move(j));
    }
    return {{"graph_id", set.graphId},
            {"format", formatLabel(set.stages.front().name.format)},
            {"other_graph_ids", set.otherGraphIds},
            {"stages", std::move(stages)}};
}

void printTimeline(const dump::GeDumpSet& set, const dump::StageTimeline& t, bool diffs) {
    std::cout << "GE dump timeline: graph " << set.graphId << ", " << t.stages.size() << " stages ("
              << formatLabel(set.stages.front().name.format) << ")\n";
    if (!set.otherGraphIds.empty()) {
        std::cout << "other graphs in the dump (--graph-id):";
        for (const std::string& id : set.otherGraphIds) std::cout << " " << id;
        std::cout << "\n";
    }
    size_t stageWidth = 5;
    for (const dump::StageInfo& s : t.stages) stageWidth = std::max(stageWidth, s.stage.size());
    std::cout << "\n  #  index     " << std::left << std::setw(static_cast<int>(stageWidth)) << "stage"
              << std::right << "   nodes   added removed changed\n";
    for (size_t k = 0; k < t.stages.size(); ++k) {
        const dump::StageInfo& s = t.stages[k];
        std::cout << std::setw(3) << k << "  " << std::setw(8) << std::setfill('0') << s.index
                  << std::setfill(' ') << "  " << std::left << std::setw(static_cast<int>(stageWidth))
                  << s.stage << std::right << std::setw(8) << s.nodeCount;
        if (k > 0)
            std::cout << std::setw(8) << s.diff.added.size() << std::setw(8) << s.diff.removed.size()
                      << std::setw(8) << s.diff.changed.size();
        std::cout << "\n";
        if (diffs && k > 0 && !s.diff.empty()) {
            std::string text = diff::diffToText(s.diff);
            size_t start = 0;
            while (start < text.size()) {
                size_t end = text.find('\n', start);
                if (end == std::string::npos) end = text.size();
                std::cout << "       " << text.substr(start, end - start) << "\n";
                start = end + 1;
            }
        }
    }
}

}  // namespace

Action addTimelineCommand(CLI::App& app) {
    struct Args {
        std::vector<std::string> inputs;
        std::string graphId, stage, exportPath;
        bool json = false, diffs = false;
    };
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand(
        "timeline",
        "Show GE's graph dumps (DUMP_GE_GRAPH: ge_onnx_*.pbtxt, ge_proto_*.txt) of one compile as a "
        "timeline of stages, each diffed against the one before; export one stage as ONNX");
    cmd->add_option("DUMP", args->inputs, "Dump folder(s) and/or dump files")->required();
    cmd->add_option("--graph-id", args->graphId,
                    "The graph to show when the dump holds several (default: the one with most stages)");
    cmd->add_flag("--json", args->json,
                  "Print {\"graph_id\",\"format\",\"other_graph_ids\",\"stages\":[{\"position\",\"index\","
                  "\"stage\",\"file\",\"nodes\",\"added\",\"removed\",\"changed\"}...]} (the diff fields "
                  "as `diff --json`, against the stage before)");
    cmd->add_flag("--diffs", args->diffs, "Under each stage, list the nodes it added, removed and changed");
    cmd->add_option("--stage", args->stage,
                    "With --export: the stage, by GE stage name or position (0 = first)");
    cmd->add_option("--export", args->exportPath, "Write --stage's graph as an ONNX model (.onnx or text)")
        ->needs("--stage");
    return [cmd, args]() -> int {
        if (!cmd->parsed()) return -1;
        return guarded([&] {
            std::vector<std::filesystem::path> paths(args->inputs.begin(), args->inputs.end());
            dump::GeDumpSet set = dump::listGeDumpStages(paths, args->graphId);
            if (!args->exportPath.empty()) {
                const dump::GeDumpStage& stage = findStage(set, args->stage);
                io::LoadResult loaded = dump::loadGeDump(stage.file, stage.name.format);
                printWarnings(loaded.diagnostics);
                Diagnostics diag;
                io::exportModel(loaded.model, args->exportPath, io::ExportOptions{}, diag);
                printWarnings(diag);
                std::cerr << "wrote stage " << stage.name.stage << " to " << args->exportPath << "\n";
                return kOk;
            }
            Model working;
            Journal journal;
            dump::StageTimeline timeline = dump::replayStages(set, working, journal);
            printWarnings(timeline.diagnostics);
            if (args->json)
                std::cout << timelineJson(set, timeline).dump(2) << "\n";
            else
                printTimeline(set, timeline, args->diffs);
            return kOk;
        });
    };
}

}  // namespace passscope::cli

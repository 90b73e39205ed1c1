// `passscope-cli vars MODEL [--json] [--save FILE] [--load FILE] [pipeline options]`: compiles the
// model at target ge as one graph of a variable session (a fresh one, or the session a saved
// VarManager describes), assigns variable memory against that session (GE's
// AssignStaticMemory2Node, docs/ge-variables.md §3-§4) and prints the address table, the totals
// per memory type, this graph's fusion decisions (VariableOpPass) and, with --load, whether the
// cached compile is still valid (docs/ge-variables.md §6-§7).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_common.h"
#include "commands.h"
#include "compile/run_pipeline.h"
#include "ir/value_text.h"
#include "pipeline_args.h"
#include "vars/model_cache_check.h"
#include "vars/var_manager.h"
#include "vars/var_manager_serial.h"
#include "vars/var_memory_plan.h"

namespace passscope::cli {
namespace {

// Whose memory an entry shares: an earlier entry of this graph, or (a reason without an entry)
// an address the session had before this graph.
std::string reuseText(const VarMemoryPlan& plan, const VarMemoryEntry& e) {
    if (e.reuseReason == ReuseReason::None) return "-";
    const std::string owner =
        e.reused() ? plan.entries[*e.reusedFrom].nodeName : "an earlier graph of the session";
    return std::string(reuseReasonName(e.reuseReason)) + " (" + owner + ")";
}

// Entries at an address the session had before this graph (a reuse reason, no owning entry).
size_t fromSession(const VarMemoryPlan& plan, MemoryType type) {
    size_t n = 0;
    for (const VarMemoryEntry& e : plan.entries)
        n += e.memoryType == type && !e.reused() && e.reuseReason != ReuseReason::None ? 1 : 0;
    return n;
}

std::string hex(uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

nlohmann::ordered_json toJson(const VarMemoryPlan& plan, const std::vector<VarFusionDecision>& fusions,
                              const ModelCacheVerdict* verdict) {
    nlohmann::ordered_json variables = nlohmann::ordered_json::array();
    for (const VarMemoryEntry& e : plan.entries)
        variables.push_back({{"name", e.nodeName},
                             {"key", e.varKey},
                             {"kind", std::string(varKindName(e.kind))},
                             {"mem_type", std::string(memoryTypeName(e.memoryType))},
                             {"logic_address", e.logicAddress},
                             {"size", e.alignedSize},
                             {"reuse", std::string(reuseReasonName(e.reuseReason))}});
    nlohmann::ordered_json decisions = nlohmann::ordered_json::array();
    for (const VarFusionDecision& d : fusions) {
        nlohmann::ordered_json road = nlohmann::ordered_json::array();
        for (const TransNodeInfo& step : d.transRoad) road.push_back(transStepText(step));
        decisions.push_back({{"variable", d.variable},
                             {"fused", d.fused},
                             {"reason", d.reason},
                             {"removed_nodes", d.removedNodes},
                             {"trans_road", road}});
    }
    nlohmann::ordered_json totals = nlohmann::ordered_json::object();
    for (MemoryType type : {MemoryType::HBM, MemoryType::RDMA, MemoryType::Host}) {
        const MemoryTypeTotals& t = plan.totalsFor(type);
        totals[std::string(memoryTypeName(type))] = {{"entries", t.entries},
                                                     {"allocated", t.allocated},
                                                     {"reused", t.reused},
                                                     {"from_session", fromSession(plan, type)},
                                                     {"tensor_bytes", t.tensorBytes},
                                                     {"pool_bytes", t.poolBytes},
                                                     {"saved_bytes", t.savedBytes}};
    }
    nlohmann::ordered_json out = {{"variables", variables}, {"fusions", decisions}, {"totals", totals}};
    if (verdict) {
        nlohmann::ordered_json changes = nlohmann::ordered_json::array();
        for (const VarDescChange& c : verdict->changes)
            changes.push_back({{"variable", c.variable},
                               {"before", c.before ? nlohmann::ordered_json(storageDescText(*c.before))
                                                   : nlohmann::ordered_json()},
                               {"after", c.after ? nlohmann::ordered_json(storageDescText(*c.after))
                                                 : nlohmann::ordered_json()}});
        out["model_cache"] = {{"valid", verdict->valid}, {"message", verdict->message}, {"changes", changes}};
    }
    return out;
}

void printTable(const VarMemoryPlan& plan) {
    size_t nameWidth = 4, keyWidth = 3;
    for (const VarMemoryEntry& e : plan.entries) {
        nameWidth = std::max(nameWidth, std::min<size_t>(e.nodeName.size(), 40));
        keyWidth = std::max(keyWidth, std::min<size_t>(e.varKey.size(), 48));
    }
    auto cell = [](const std::string& text, size_t width) {
        std::string s = text.size() > width ? text.substr(0, width - 1) + "~" : text;
        return s + std::string(width + 2 - s.size(), ' ');
    };
    std::cout << cell("Name", nameWidth) << cell("Key", keyWidth) << cell("Kind", 16) << cell("Memory", 6)
              << cell("Logic address", 14) << cell("Size", 10) << "Reuse\n";
    for (const VarMemoryEntry& e : plan.entries)
        std::cout << cell(e.nodeName, nameWidth) << cell(e.varKey, keyWidth)
                  << cell(std::string(varKindName(e.kind)), 16)
                  << cell(std::string(memoryTypeName(e.memoryType)), 6) << cell(hex(e.logicAddress), 14)
                  << cell(std::to_string(e.alignedSize), 10) << reuseText(plan, e) << "\n";
}

void printTotals(const VarMemoryPlan& plan) {
    std::cout << "\nTotals:\n";
    for (MemoryType type : {MemoryType::HBM, MemoryType::RDMA, MemoryType::Host}) {
        const MemoryTypeTotals& t = plan.totalsFor(type);
        if (t.entries == 0) continue;
        std::cout << "  " << memoryTypeName(type) << ": " << t.entries << " entries (" << t.allocated
                  << " allocated, " << t.reused << " reused, " << fromSession(plan, type)
                  << " at addresses of the session), pool " << t.poolBytes << " bytes, tensors "
                  << t.tensorBytes << " bytes, reuse saved " << t.savedBytes << " bytes\n";
    }
    if (plan.empty()) std::cout << "  no variables or constants in persistent memory\n";
}

void printFusions(const std::vector<VarFusionDecision>& fusions, uint32_t graphId) {
    std::cout << "\nVariable fusion (graph " << graphId << " of the session):\n";
    if (fusions.empty())
        std::cout << "  no variables in this graph: nothing to fuse (constants keep their formats)\n";
    for (const VarFusionDecision& d : fusions) {
        std::cout << "  " << d.variable << ": " << (d.fused ? "fused" : "not fused") << " - " << d.reason
                  << "\n";
        if (!d.removedNodes.empty()) {
            std::cout << "    removed:";
            for (const std::string& n : d.removedNodes) std::cout << " " << n;
            std::cout << "\n";
        }
        for (const TransNodeInfo& step : d.transRoad)
            std::cout << "    road: " << transStepText(step) << "\n";
    }
}

}  // namespace

Action addVarsCommand(CLI::App& app) {
    struct Args {
        std::string input, save, load;
        bool json = false;
        PipelineArgs pipeline;
    };
    auto args = std::make_shared<Args>();
    args->pipeline.target = "ge";  // variables exist only at target ge (docs/ge-variables.md §2)
    CLI::App* cmd = app.add_subcommand(
        "vars",
        "Compile at target ge as one graph of a variable session and print the variable address table, "
        "the totals per memory type and the variable fusion decisions");
    cmd->add_option("IN", args->input, "Model to compile")->required();
    cmd->add_flag(
        "--json", args->json,
        "Print {\"variables\":[{name, key, kind, mem_type, logic_address, size, reuse}...], "
        "\"fusions\":[{variable, fused, reason, removed_nodes, trans_road}...], \"totals\":{HBM, RDMA, "
        "Host}} (and \"model_cache\" with --load); logic addresses are plain integers");
    cmd->add_option("--save", args->save, "Write the session's VarManager after this compile to FILE");
    cmd->add_option("--load", args->load,
                    "Compile as a later graph of the session saved in FILE (by --save), and say whether that "
                    "cached compile is still valid (its variable descriptions unchanged)");
    addPipelineOptions(cmd, args->pipeline);
    return [cmd, args]() -> int {
        if (!cmd->parsed()) return -1;
        const std::optional<PipelineOptions> parsed = pipelineOptionsOrReport(args->pipeline);
        if (!parsed) return kUsage;
        if (parsed->target != Target::Ge) {  // --target onnx, or --option passscope.target=onnx
            std::cerr << "error: vars: variables exist only at target ge\n";
            return kUsage;
        }
        const PipelineOptions& options = *parsed;
        return guarded([&] {
            io::LoadResult loaded = io::loadModel(args->input);
            printWarnings(loaded.diagnostics);
            PipelineHooks hooks;
            std::unique_ptr<VarManager> cached;  // the session as loaded, before this compile
            if (!args->load.empty()) {
                hooks.varManager = loadVarManager(args->load);
                cached = std::make_unique<VarManager>(*hooks.varManager);
            }
            Journal journal;
            const PipelineRun run = runPipelineForCli(loaded.model, options, journal, hooks);
            VarManager& manager = *run.varManager;
            const VarMemoryPlan plan = assignVariableMemory(*loaded.model.graph, manager, run.graphId);
            const std::vector<VarFusionDecision> fusions = manager.fusionsOf(run.graphId);
            std::optional<ModelCacheVerdict> verdict;
            if (cached) verdict = checkModelCache(*cached, manager);
            if (!args->save.empty()) saveVarManager(manager, args->save);
            if (args->json) {
                std::cout << toJson(plan, fusions, verdict ? &*verdict : nullptr).dump(2) << "\n";
                return kOk;
            }
            printTable(plan);
            printTotals(plan);
            printFusions(fusions, run.graphId);
            if (verdict) std::cout << "\nModel cache: " << verdict->message << "\n";
            if (!args->save.empty())
                std::cout << "\nSaved the session's VarManager to " << args->save << "\n";
            return kOk;
        });
    };
}

}  // namespace passscope::cli

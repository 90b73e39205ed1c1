// TEMPORARY (issue 11): stand-ins for what engine/vars provides once H1's VarManager work lands
// (assignVariableMemory, serialization, the model-cache check), so `vars` builds and runs before
// the merge. Not the real thing: the saved file is JSON, not VarManagerInfo bytes. Delete this file
// and vars_pending.h at the merge.
#include "vars_pending.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "vars/model_cache_check.h"
#include "vars/var_manager.h"
#include "vars/var_manager_serial.h"

namespace passscope {
namespace {

constexpr std::string_view kMagic = "passscope-varmanager-pending\n";

nlohmann::json shapeJson(const Shape& s) {
    nlohmann::json dims = nlohmann::json::array();
    for (const Dim& d : s.dims())
        dims.push_back(d.isKnown() ? nlohmann::json(d.value) : nlohmann::json(d.symbol));
    return dims;
}

Shape shapeFrom(const nlohmann::json& j) {
    std::vector<Dim> dims;
    for (const auto& d : j)
        dims.push_back(d.is_string() ? Dim::symbolic(d.get<std::string>()) : Dim::known(d.get<int64_t>()));
    return Shape(std::move(dims));
}

nlohmann::json descJson(const TensorDesc& d) {
    return {{"kind", static_cast<int>(d.kind)},
            {"dtype", static_cast<int>(d.dtype)},
            {"origin_format", static_cast<int>(d.originFormat)},
            {"origin_shape", shapeJson(d.originShape)},
            {"storage_format", static_cast<int>(d.storageFormat)},
            {"storage_shape", shapeJson(d.storageShape)}};
}

TensorDesc descFrom(const nlohmann::json& j) {
    TensorDesc d;
    d.kind = static_cast<ValueKind>(j.at("kind").get<int>());
    d.dtype = static_cast<DataType>(j.at("dtype").get<int>());
    d.originFormat = static_cast<Format>(j.at("origin_format").get<int>());
    d.originShape = shapeFrom(j.at("origin_shape"));
    d.storageFormat = static_cast<Format>(j.at("storage_format").get<int>());
    d.storageShape = shapeFrom(j.at("storage_shape"));
    return d;
}

std::string descText(const TensorDesc& d) {
    return std::string(formatName(d.storageFormat)) + " " + std::string(dataTypeName(d.dtype)) + " " +
           d.storageShape.toString();
}

}  // namespace

VarMemoryPlan assignVariableMemory(const Graph& graph, VarManager& manager, uint32_t graphId,
                                   const VarPlanOptions& options) {
    VarMemoryPlan plan = planVariableMemory(graph, options);
    VarResource& res = manager.resource();
    for (const VarMemoryEntry& e : plan.entries) {
        const Node& n = graph.node(e.node);
        const TensorDesc desc = n.outputs().empty() ? TensorDesc{} : n.output(0).desc;
        res.varAddrMgrMap[e.varKey] = VarAddress{desc, e.logicAddress, e.offset, e.memoryType};
        res.varOffsetMap[e.logicAddress] = e.memoryType;
        if (e.kind == VarKind::Variable && e.nodeName == e.varName) {
            manager.renewCurVarDesc(e.varName, desc);
            res.varNamesToAllocatedGraphId[e.varName] = graphId;
        }
    }
    for (MemoryType type : {MemoryType::HBM, MemoryType::RDMA, MemoryType::Host})
        manager.memResources()[type].varMemSize = plan.totalsFor(type).poolBytes;
    return plan;
}

std::string serializeVarManager(const VarManager& m) {
    nlohmann::json j;
    j["session_id"] = m.sessionId();
    j["last_graph_id"] = m.lastGraphId();
    for (const auto& [name, desc] : m.resource().curVarTensorDescMap) j["cur_desc"][name] = descJson(desc);
    for (const auto& [key, a] : m.resource().varAddrMgrMap)
        j["addresses"][key] = {{"desc", descJson(a.desc)},
                               {"address", a.address},
                               {"offset", a.offset},
                               {"mem_type", static_cast<int>(a.memoryType)}};
    for (const auto& [name, id] : m.resource().varNamesToChangedGraphId) j["changed"][name] = id;
    for (const auto& [name, id] : m.resource().varNamesToAllocatedGraphId) j["allocated"][name] = id;
    for (const auto& [name, road] : m.resource().varToTransRoad)
        for (const TransNodeInfo& t : road)
            j["roads"][name].push_back(
                {{"type", t.nodeType}, {"in", descJson(t.input)}, {"out", descJson(t.output)}});
    return std::string(kMagic) + j.dump();
}

std::shared_ptr<VarManager> deserializeVarManager(std::string_view bytes) {
    if (bytes.substr(0, kMagic.size()) != kMagic)
        throw std::runtime_error("not a saved VarManager (written by passscope-cli vars --save)");
    try {
        const nlohmann::json j = nlohmann::json::parse(bytes.substr(kMagic.size()));
        auto m = std::make_shared<VarManager>(j.at("session_id").get<uint64_t>());
        for (uint32_t i = 0, n = j.at("last_graph_id").get<uint32_t>(); i < n; ++i) m->beginGraph();
        VarResource& res = m->resource();
        if (j.contains("cur_desc"))
            for (const auto& [name, d] : j["cur_desc"].items()) res.curVarTensorDescMap[name] = descFrom(d);
        if (j.contains("addresses"))
            for (const auto& [key, a] : j["addresses"].items())
                res.varAddrMgrMap[key] = VarAddress{descFrom(a.at("desc")), a.at("address").get<uint64_t>(),
                                                    a.at("offset").get<uint64_t>(),
                                                    static_cast<MemoryType>(a.at("mem_type").get<int>())};
        if (j.contains("changed"))
            for (const auto& [name, id] : j["changed"].items())
                res.varNamesToChangedGraphId[name] = id.get<uint32_t>();
        if (j.contains("allocated"))
            for (const auto& [name, id] : j["allocated"].items())
                res.varNamesToAllocatedGraphId[name] = id.get<uint32_t>();
        if (j.contains("roads"))
            for (const auto& [name, road] : j["roads"].items())
                for (const auto& t : road)
                    res.varToTransRoad[name].push_back(
                        {t.at("type").get<std::string>(), descFrom(t.at("in")), descFrom(t.at("out"))});
        return m;
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(std::string("a damaged saved VarManager: ") + e.what());
    }
}

void saveVarManager(const VarManager& manager, const std::string& path) {
    std::ofstream out(path, std::ios::binary);
    out << serializeVarManager(manager);
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path);
}

std::shared_ptr<VarManager> loadVarManager(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    try {
        return deserializeVarManager(bytes.str());
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

ModelCacheVerdict checkModelCache(const VarManager& cached, const VarManager& compiled) {
    ModelCacheVerdict v;
    const auto& before = cached.resource().curVarTensorDescMap;
    const auto& after = compiled.resource().curVarTensorDescMap;
    std::map<std::string, VarDescChange> changes;
    for (const auto& [name, desc] : before)
        if (auto it = after.find(name); it == after.end() || !(it->second == desc))
            changes[name] = {name, desc, it == after.end() ? std::nullopt : std::optional(it->second)};
    for (const auto& [name, desc] : after)
        if (!before.count(name)) changes[name] = {name, std::nullopt, desc};
    std::string list;
    for (auto& [name, c] : changes) {
        if (!list.empty()) list += "; ";
        list += name + " " + (c.before ? descText(*c.before) : "(none)") + " -> " +
                (c.after ? descText(*c.after) : "(none)");
        v.changes.push_back(std::move(c));
    }
    v.valid = v.changes.empty();
    v.message = v.valid ? "cache valid: " + std::to_string(before.size()) + " variable descriptions unchanged"
                        : "recompile: " + list;
    return v;
}

}  // namespace passscope

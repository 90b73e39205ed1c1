#include "vars/var_manager_serial.h"

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "io/safe_output.h"
#include "vars/var_manager.pb.h"

namespace passscope {
namespace {

// VarManagerInfo.end_marker (var_manager.proto): "VARS".
constexpr uint32_t kEndMarker = 0x53524156;

// ---- to the message ----

void toProto(const Shape& shape, deployer::VarShape& out) {
    out.set_rank_known(shape.rankKnown());
    bool symbolic = false;
    for (const Dim& d : shape.dims()) symbolic |= !d.symbol.empty();
    for (const Dim& d : shape.dims()) {
        out.add_dims(d.value);
        if (symbolic) out.add_symbols(d.symbol);
    }
}

void toProto(const TensorDesc& desc, deployer::VarTensorDesc& out) {
    out.set_kind(static_cast<int32_t>(desc.kind));
    out.set_dtype(static_cast<int32_t>(desc.dtype));
    out.set_origin_format(std::string(formatName(desc.originFormat)));
    toProto(desc.originShape, *out.mutable_origin_shape());
    out.set_storage_format(desc.storageFormatText());
    toProto(desc.storageShape, *out.mutable_storage_shape());
}

void toProto(const VarTransRoad& road, deployer::TransNodeMultiInfo& out) {
    for (const TransNodeInfo& step : road) {
        deployer::SingleTransNodeInfo* info = out.add_node_info();
        info->set_node_type(step.nodeType);
        toProto(step.input, *info->mutable_input());
        toProto(step.output, *info->mutable_output());
    }
}

void toProto(const BroadcastInfo& info, deployer::BroadcastInfo& out) {
    out.set_var_name(info.varName);
    out.set_broadcast_name(info.broadcastName);
    out.set_idx(info.idx);
    out.set_input_offset(info.inputOffset);
    out.set_input_size(info.inputSize);
    out.set_output_offset(info.outputOffset);
    out.set_output_size(info.outputSize);
}

uint32_t memoryTypeCode(MemoryType type) {
    return static_cast<uint32_t>(type);  // 0 HBM, 1 RDMA, 2 host (var_manager.proto)
}

void toProto(const VarResource& r, deployer::VarResourceInfo& out) {
    for (const auto& [address, type] : r.varOffsetMap)
        (*out.mutable_var_offset_map())[address] = memoryTypeCode(type);
    for (const auto& [key, at] : r.varAddrMgrMap) {
        deployer::VarAddrMgrInfo& info = (*out.mutable_var_addr_mgr_map())[key];
        toProto(at.desc, *info.mutable_desc());
        info.set_address(at.address);
        info.set_offset(at.offset);
        info.set_memory_type(memoryTypeCode(at.memoryType));
    }
    for (const auto& [name, desc] : r.curVarTensorDescMap)
        toProto(desc, (*out.mutable_cur_var_tensor_desc_map())[name]);
    for (const auto& [name, road] : r.varToTransRoad) toProto(road, (*out.mutable_var_to_trans_road())[name]);
    for (const auto& [name, id] : r.varNamesToChangedGraphId)
        (*out.mutable_var_names_to_changed_graph_id())[name] = id;
    for (const auto& [name, id] : r.varNamesToAllocatedGraphId)
        (*out.mutable_var_names_to_allocated_graph_id())[name] = id;
    for (const auto& [graphId, infos] : r.varBroadcastInfo) {
        deployer::BroadcastMultiInfo& multi = (*out.mutable_var_broad_cast_info())[graphId];
        for (const auto& [name, info] : infos) toProto(info, (*multi.mutable_broadcast_info())[name]);
    }
    for (const auto& [address, dev] : r.varDevAddrMgrMap) {
        deployer::VarDevAddrMgr& info = (*out.mutable_var_dev_addr_mgr_map())[address];
        toProto(dev.desc, *info.mutable_desc());
        info.set_address(dev.address);
        info.set_dev_addr(dev.devAddr);
    }
}

// ---- from the message: every value is checked, a bad one names where it was found ----

[[noreturn]] void malformed(const std::string& what) {
    throw std::runtime_error("malformed variable manager data: " + what);
}

Shape fromProto(const deployer::VarShape& in, const std::string& where) {
    if (!in.rank_known()) {
        if (in.dims_size() > 0) malformed(where + ": a shape of unknown rank has dims");
        return Shape();
    }
    if (in.symbols_size() != 0 && in.symbols_size() != in.dims_size())
        malformed(where + ": " + std::to_string(in.symbols_size()) + " dim names for " +
                  std::to_string(in.dims_size()) + " dims");
    std::vector<Dim> dims;
    for (int i = 0; i < in.dims_size(); ++i) {
        const int64_t v = in.dims(i);
        if (v < Dim::kUnknown) malformed(where + ": dim " + std::to_string(i) + " is " + std::to_string(v));
        dims.push_back(Dim{v, in.symbols_size() ? in.symbols(i) : std::string()});
    }
    return Shape(std::move(dims));
}

FormatWithSub formatFromProto(const std::string& text, const std::string& where) {
    const auto format = parseFormatWithSub(text);
    if (!format) malformed(where + ": unknown format '" + text + "'");
    return *format;
}

TensorDesc fromProto(const deployer::VarTensorDesc& in, const std::string& where) {
    TensorDesc d;
    if (in.kind() < static_cast<int32_t>(ValueKind::Unknown) ||
        in.kind() > static_cast<int32_t>(ValueKind::Optional))
        malformed(where + ": unknown value kind " + std::to_string(in.kind()));
    d.kind = static_cast<ValueKind>(in.kind());
    if (!isKnownDataType(in.dtype())) malformed(where + ": unknown data type " + std::to_string(in.dtype()));
    d.dtype = static_cast<DataType>(in.dtype());
    d.originFormat = formatFromProto(in.origin_format(), where).format;
    d.originShape = fromProto(in.origin_shape(), where);
    const FormatWithSub storage = formatFromProto(in.storage_format(), where);
    d.storageFormat = storage.format;
    d.storageSubFormat = storage.subFormat;
    d.storageShape = fromProto(in.storage_shape(), where);
    return d;
}

VarTransRoad fromProto(const deployer::TransNodeMultiInfo& in, const std::string& where) {
    VarTransRoad road;
    for (const deployer::SingleTransNodeInfo& info : in.node_info())
        road.push_back(TransNodeInfo{info.node_type(),
                                     fromProto(info.input(), where + " (" + info.node_type() + " input)"),
                                     fromProto(info.output(), where + " (" + info.node_type() + " output)")});
    return road;
}

MemoryType memoryTypeFromCode(uint64_t code, const std::string& where) {
    if (code >= kMemoryTypeCount) malformed(where + ": unknown memory type " + std::to_string(code));
    return static_cast<MemoryType>(code);
}

VarResource fromProto(const deployer::VarResourceInfo& in) {
    VarResource r;
    for (const auto& [address, code] : in.var_offset_map())
        r.varOffsetMap[address] = memoryTypeFromCode(code, "var_offset_map");
    for (const auto& [key, info] : in.var_addr_mgr_map()) {
        const std::string where = "address of '" + key + "'";
        r.varAddrMgrMap[key] = VarAddress{fromProto(info.desc(), where), info.address(), info.offset(),
                                          memoryTypeFromCode(info.memory_type(), where)};
    }
    for (const auto& [name, desc] : in.cur_var_tensor_desc_map())
        r.curVarTensorDescMap[name] = fromProto(desc, "description of '" + name + "'");
    for (const auto& [name, road] : in.var_to_trans_road())
        r.varToTransRoad[name] = fromProto(road, "trans road of '" + name + "'");
    for (const auto& [name, id] : in.var_names_to_changed_graph_id()) r.varNamesToChangedGraphId[name] = id;
    for (const auto& [name, id] : in.var_names_to_allocated_graph_id())
        r.varNamesToAllocatedGraphId[name] = id;
    for (const auto& [graphId, multi] : in.var_broad_cast_info())
        for (const auto& [name, b] : multi.broadcast_info())
            r.varBroadcastInfo[graphId][name] =
                BroadcastInfo{b.var_name(),   b.broadcast_name(), b.idx(),        b.input_offset(),
                              b.input_size(), b.output_offset(),  b.output_size()};
    for (const auto& [address, dev] : in.var_dev_addr_mgr_map())
        r.varDevAddrMgrMap[address] =
            VarDevAddr{fromProto(dev.desc(), "device address " + std::to_string(address)), dev.address(),
                       dev.dev_addr(), false};
    return r;
}

// A cut-off file can still parse (it may end between two fields); what it lost shows as tables
// that no longer agree: every address must lie in a pool that reaches past it.
void checkConsistent(const VarManager& m) {
    for (const auto& [key, at] : m.resource().varAddrMgrMap) {
        const auto pool = m.memResources().find(at.memoryType);
        if (pool == m.memResources().end() || pool->second.varMemSize <= at.offset)
            malformed("'" + key + "' lies at offset " + std::to_string(at.offset) + " of the " +
                      std::string(memoryTypeName(at.memoryType)) + " pool, which " +
                      (pool == m.memResources().end()
                           ? std::string("is missing")
                           : "holds only " + std::to_string(pool->second.varMemSize) + " bytes") +
                      " (truncated or edited file?)");
        if (!m.resource().varOffsetMap.count(at.address))
            malformed("'" + key + "' has address " + std::to_string(at.address) +
                      " that var_offset_map does not list (truncated or edited file?)");
    }
}

}  // namespace

std::string serializeVarManager(const VarManager& manager) {
    deployer::VarManagerInfo info;
    const VarManagerConfig& c = manager.config();
    info.set_version(static_cast<uint32_t>(c.version));
    info.set_session_id(manager.sessionId());
    info.set_device_id(c.deviceId);
    info.set_job_id(c.jobId);
    info.set_graph_mem_max_size(c.graphMemMaxSize);
    info.set_var_mem_max_size(c.varMemMaxSize);
    info.set_var_mem_logic_base(c.logicBase);
    info.set_use_max_mem_size(c.useMaxMemSize);
    info.set_var_mem_auto_malloc(c.varMemAutoMalloc);
    info.set_end_marker(kEndMarker);
    toProto(manager.resource(), *info.mutable_var_resource());
    for (const auto& [type, pool] : manager.memResources()) {
        deployer::MemResourceInfo& out = (*info.mutable_mem_resource_map())[memoryTypeCode(type)];
        out.set_total_size(pool.totalSize);
        out.set_var_mem_size(pool.varMemSize);
    }
    // Deterministic: map entries in key order, so the same manager always gives the same bytes.
    std::string bytes;
    {
        google::protobuf::io::StringOutputStream stream(&bytes);
        google::protobuf::io::CodedOutputStream coded(&stream);
        coded.SetSerializationDeterministic(true);
        if (!info.SerializeToCodedStream(&coded))
            throw std::runtime_error("cannot serialize the variable manager");
    }
    return bytes;
}

std::shared_ptr<VarManager> deserializeVarManager(std::string_view bytes) {
    if (bytes.empty()) malformed("no bytes (an empty file?)");
    if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) malformed("more than 2 GiB");
    deployer::VarManagerInfo info;
    if (!info.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
        malformed("not a VarManagerInfo protobuf, or cut off (" + std::to_string(bytes.size()) + " bytes)");
    // Text or other data can happen to parse as fields PassScope never writes.
    if (!info.GetReflection()->GetUnknownFields(info).empty() ||
        !info.var_resource().GetReflection()->GetUnknownFields(info.var_resource()).empty())
        malformed("fields a VarManagerInfo does not have: not a PassScope variable manager file");
    if (info.version() == 0) malformed("no version: not a PassScope variable manager file");
    if (info.end_marker() != kEndMarker) malformed("no end marker: cut off, or not written by PassScope");

    auto manager = std::make_shared<VarManager>(info.session_id());
    VarManagerConfig c;
    c.version = info.version();
    c.deviceId = info.device_id();
    c.jobId = info.job_id();
    c.graphMemMaxSize = info.graph_mem_max_size();
    c.varMemMaxSize = info.var_mem_max_size();
    c.logicBase = info.var_mem_logic_base();
    c.useMaxMemSize = info.use_max_mem_size();
    c.varMemAutoMalloc = info.var_mem_auto_malloc();
    manager->setConfig(c);
    manager->resource() = fromProto(info.var_resource());
    for (const auto& [code, pool] : info.mem_resource_map())
        manager->memResources()[memoryTypeFromCode(code, "mem_resource_map")] =
            MemResource{pool.total_size(), pool.var_mem_size()};
    checkConsistent(*manager);
    for (const auto& [name, id] : manager->resource().varNamesToChangedGraphId)
        manager->continueGraphIdsAfter(id);
    for (const auto& [name, id] : manager->resource().varNamesToAllocatedGraphId)
        manager->continueGraphIdsAfter(id);
    return manager;
}

void saveVarManager(const VarManager& manager, const std::string& path) {
    try {
        io::StagedFile file(path);
        file.write(serializeVarManager(manager));
        file.finish();
        file.commit();
    } catch (const std::exception& e) {
        throw std::runtime_error("cannot save the variable manager to '" + path + "': " + e.what());
    }
}

std::shared_ptr<VarManager> loadVarManager(const std::string& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        throw std::runtime_error("'" + path + "' is a folder, not a variable manager file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open variable manager file '" + path + "'");
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad()) throw std::runtime_error("cannot read variable manager file '" + path + "'");
    try {
        return deserializeVarManager(bytes.str());
    } catch (const std::exception& e) {
        throw std::runtime_error("'" + path + "': " + e.what());
    }
}

}  // namespace passscope

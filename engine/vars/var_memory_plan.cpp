#include "vars/var_memory_plan.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <unordered_map>
#include <utility>

#include "ir/op_types.h"
#include "vars/var_manager.h"

namespace passscope {
namespace {

// The plan looks at the structural nodes and ONNX's Constant (ONNX domain) and at GE's own
// persistent ops (GE domain).
bool isGeOrOnnxDomain(const Node& n) {
    return op::isOnnxDomain(n.domain()) || n.domain() == op::kGeDomain;
}

// docs/ge-variables.md §2. ONNX's Constant op and initializers arrive as GE's Const (CONSTANTOP).
// A Const holding only a sparse initializer has no dense payload GE could place: left out.
std::optional<VarKind> persistentKind(const Node& n, const VarPlanOptions& options) {
    if (!isGeOrOnnxDomain(n)) return std::nullopt;
    const std::string& type = n.opType();
    // An initializer that is also a graph input: a variable at target ge (docs/ge-variables.md §2).
    if (options.initializerInputsAreVariables && op::isDataVariable(n)) return VarKind::Variable;
    if (op::isVariableOp(n)) return VarKind::Variable;
    if (type == op::kFileConstant) return VarKind::FileConstant;
    if (type == op::kConstPlaceHolder) return VarKind::ConstPlaceHolder;
    if (type == op::kConst && n.attrTensor(op::attr::kValue)) return VarKind::ConstantOp;
    if (op::isOnnxOp(type, n.domain(), op::kConstantOp)) return VarKind::ConstantOp;
    return std::nullopt;
}

// The payload of a Const / Constant / importer FileConstant; null for the other kinds.
const Tensor* weightOf(const Node& n) {
    return n.attrTensor(op::attr::kValue);
}

struct TensorFacts {
    DataType dtype = DataType::Undefined;
    Format format = Format::ND;
    std::optional<uint64_t> bytes;
};

std::optional<uint64_t> bytesOf(const std::optional<int64_t>& elements, DataType dtype) {
    const uint64_t width = elementSize(dtype);
    if (!elements || *elements < 0 || width == 0) return std::nullopt;
    const auto count = static_cast<uint64_t>(*elements);
    if (count > std::numeric_limits<uint64_t>::max() / width) return std::nullopt;
    return count * width;
}

// Byte size when the description says nothing usable: the payload itself, GE's FileConstant
// "length", or a Variable's declared "shape" attribute.
std::optional<uint64_t> fallbackBytes(const Node& n, DataType dtype) {
    if (const Tensor* w = weightOf(n)) {
        if (w->external() && w->external()->length > 0) return w->external()->length;
        return w->byteSize();
    }
    if (n.hasAttr(varattr::kLength))
        return static_cast<uint64_t>(std::max<int64_t>(0, n.attrInt(varattr::kLength, 0)));
    const Attribute* shape = n.findAttr("shape");
    if (const auto* dims = shape ? std::get_if<std::vector<int64_t>>(&shape->value) : nullptr)
        return bytesOf(checkedElementCount(*dims), dtype);
    return std::nullopt;
}

// A Variable's "dtype" attribute (ONNX enum value), when its output carries no type.
DataType declaredDtype(const Node& n) {
    const int64_t v = n.attrInt("dtype", 0);
    const bool known =
        v >= 0 && v <= std::numeric_limits<int32_t>::max() && isKnownDataType(static_cast<int32_t>(v));
    return known ? static_cast<DataType>(v) : DataType::Undefined;
}

}  // namespace

std::optional<TensorDesc> declaredVariableDesc(const Node& n) {
    const DataType dtype = declaredDtype(n);
    const Attribute* shape = n.findAttr("shape");
    const auto* dims = shape ? std::get_if<std::vector<int64_t>>(&shape->value) : nullptr;
    if (dtype == DataType::Undefined || !dims || !checkedElementCount(*dims)) return std::nullopt;
    for (int64_t d : *dims)
        if (d < 0) return std::nullopt;
    return TensorDesc::tensor(dtype, Shape::fromExtents(*dims));
}

namespace {

// What AssignVarMem sizes and keys by: output 0's dtype, storage format and storage shape (GE's
// GeTensorDesc::GetFormat/GetShape are the storage ones).
TensorFacts describe(const Node& n) {
    TensorFacts f;
    const TensorDesc* desc = n.outputs().empty() ? nullptr : &n.output(0).desc;
    const Tensor* weight = weightOf(n);
    if (desc && desc->dtype != DataType::Undefined)
        f.dtype = desc->dtype;
    else if (weight)
        f.dtype = weight->dtype();
    else
        f.dtype = declaredDtype(n);
    if (desc && desc->hasType()) {
        f.format = desc->storageFormat;
        f.bytes = bytesOf(desc->storageShape.elementCount(), f.dtype);
    }
    if (!f.bytes) f.bytes = fallbackBytes(n, f.dtype);
    return f;
}

// VarMemAssignUtil::AssignStaticMemory2Node reads ATTR_OUTPUT_MEMORY_TYPE (1 = RDMA); GE's host
// execution places variables and constants marked ATTR_VARIABLE_PLACEMENT = "host" in host memory.
MemoryType requestedMemoryType(const Node& n) {
    if (n.attrString(varattr::kVariablePlacement) == varattr::kPlacementHost) return MemoryType::Host;
    if (n.attrInt(varattr::kOutputMemoryType, 0) == varattr::kOutputMemoryTypeRdma) return MemoryType::RDMA;
    return MemoryType::HBM;
}

// The (file path, offset) a FileConstant's weights come from (FileConstantUtils::GetFileConstantInfo).
std::optional<std::pair<std::string, uint64_t>> fileKey(const Node& n) {
    if (const Tensor* w = weightOf(n); w && w->external())
        return std::make_pair(w->external()->location, w->external()->offset);
    std::string path = n.attrString(varattr::kLocation);
    if (path.empty()) path = n.attrString(varattr::kFilePath);
    if (path.empty()) return std::nullopt;
    return std::make_pair(path, static_cast<uint64_t>(std::max<int64_t>(0, n.attrInt(varattr::kOffset, 0))));
}

// What the plan asks VarManager for one node output: the description it keys and records (the
// output's, with the dtype the plan settled on), GE's memory size and the reuse hints.
struct Request {
    VarMemRequest mem;
    VarMemoryEntry entry;
};

TensorDesc recordedDesc(const Node& n, size_t output, const TensorFacts& facts) {
    TensorDesc desc = output < n.outputs().size() ? n.output(output).desc : TensorDesc{};
    if (!desc.hasType()) {
        desc.kind = ValueKind::Tensor;
        desc.storageFormat = desc.originFormat = facts.format;
    }
    desc.dtype = facts.dtype;
    return desc;
}

// The facts of one output other than output 0 (a writer's in-place output).
TensorFacts describeOutput(const Node& n, size_t output) {
    if (output == 0) return describe(n);
    TensorFacts f;
    const TensorDesc& desc = n.output(output).desc;
    f.dtype = desc.dtype;
    f.format = desc.storageFormat;
    if (desc.hasType()) f.bytes = bytesOf(desc.storageShape.elementCount(), f.dtype);
    return f;
}

// One pass of AssignStaticMemory2Node over a graph against the session's manager; the plan keeps
// per entry which entry of this graph first holds its address.
class Planner {
  public:
    Planner(VarManager& manager, uint32_t graphId, const VarPlanOptions& options)
        : manager_(manager), graphId_(graphId), options_(options) {
        plan_.logicBase = manager.config().logicBase;
    }

    void assign(const Node& n, size_t output, VarKind kind, std::string varName);
    VarMemoryPlan finish();

  private:
    VarManager& manager_;
    uint32_t graphId_;
    VarPlanOptions options_;
    VarMemoryPlan plan_;
    std::map<std::pair<MemoryType, uint64_t>, size_t> firstAt_;  // (type, logic address) -> entry
};

void Planner::assign(const Node& n, size_t output, VarKind kind, std::string varName) {
    const TensorFacts facts = describeOutput(n, output);
    VarMemoryEntry e;
    e.node = n.id();
    e.nodeName = n.displayName();
    e.varName = std::move(varName);
    e.kind = kind;
    e.memoryType = requestedMemoryType(n);
    e.sizeKnown = facts.bytes.has_value();
    e.tensorBytes = facts.bytes.value_or(0);
    e.memSize = tensorMemorySize(e.tensorBytes);

    VarMemRequest request;
    request.name = e.varName;
    request.desc = recordedDesc(n, output, facts);
    request.memSize = e.memSize;
    request.memoryType = e.memoryType;
    request.kind = kind;
    request.weight = kind == VarKind::ConstantOp ? weightOf(n) : nullptr;
    if (kind == VarKind::FileConstant) request.fileSlice = fileKey(n);
    request.reuseIdenticalWeights = options_.reuseIdenticalWeights;
    request.reuseFileConstants = options_.reuseFileConstants;
    request.graphId = graphId_;
    const VarMemGrant grant = manager_.assignVarMem(request);

    // A reused entry lives where its owner lives, in the owner's memory type (GetVarAddr and
    // GetReuseAddr hand back the stored memory_type too).
    e.varKey = grant.varKey;
    e.memoryType = grant.memoryType;
    e.offset = grant.offset;
    e.logicAddress = grant.logicAddress;
    e.alignedSize = varBlockSize(e.memoryType, e.memSize);
    e.footprint = grant.footprint;
    e.reuseReason = grant.reuse;
    const size_t index = plan_.entries.size();
    const auto [first, isFirst] = firstAt_.emplace(std::make_pair(e.memoryType, e.logicAddress), index);
    if (grant.reuse != ReuseReason::None) {
        if (isFirst)
            e.fromSession = true;
        else
            e.reusedFrom = first->second;
    }
    plan_.entries.push_back(std::move(e));
}

VarMemoryPlan Planner::finish() {
    for (const VarMemoryEntry& e : plan_.entries) {
        MemoryTypeTotals& t = plan_.totals[static_cast<size_t>(e.memoryType)];
        ++t.entries;
        t.tensorBytes += e.tensorBytes;
        t.poolBytes += e.footprint;
        if (e.reused()) {
            ++t.reused;
            t.savedBytes += varFootprint(e.memoryType, e.alignedSize);
        } else if (e.fromSession) {
            ++t.fromSession;
        } else {
            ++t.allocated;
        }
        if (e.kind == VarKind::ConstPlaceHolder) t.constPlaceHolderBytes += e.footprint;
    }
    return std::move(plan_);
}

// The variables a writer's outputs write in place (_output_ref_var_src_var_name), by output.
std::vector<std::pair<size_t, std::string>> outputRefs(const Node& n) {
    std::vector<std::pair<size_t, std::string>> refs;
    const Attribute* a = n.findAttr(op::attr::kOutputRefVarSrcVarName);
    const auto* names = a ? std::get_if<std::vector<std::string>>(&a->value) : nullptr;
    if (!names) return refs;
    for (size_t i = 0; i < names->size() && i < n.outputs().size(); ++i)
        if (!(*names)[i].empty()) refs.emplace_back(i, (*names)[i]);
    return refs;
}

// The variable a VarRef stands for: REF_VAR_SRC_VAR_NAME, else the Variable feeding its input 0.
std::string refSourceName(const Graph& g, const Node& n) {
    std::string name = n.attrString(op::attr::kRefVarSrcVarName);
    if (!name.empty()) return name;
    if (!n.inputs().empty())
        if (const Node* src = g.producer(n.input(0)); src && src->opType() == op::kVariable)
            return src->displayName();
    return n.displayName();
}

std::vector<NodeId> assignmentOrder(const Graph& g) {
    if (auto order = g.topologicalOrder()) return *order;
    std::vector<NodeId> ids;  // a cycle: fall back to id order so the plan still shows something
    for (const Node* n : g.nodes()) ids.push_back(n->id());
    return ids;
}

}  // namespace

std::string_view varKindName(VarKind kind) {
    switch (kind) {
        case VarKind::Variable:
            return "VARIABLE";
        case VarKind::ConstantOp:
            return "CONSTANTOP";
        case VarKind::FileConstant:
            return "FILECONSTANT";
        case VarKind::ConstPlaceHolder:
            return "CONSTPLACEHOLDER";
    }
    return "?";
}

std::string_view memoryTypeName(MemoryType type) {
    switch (type) {
        case MemoryType::HBM:
            return "HBM";
        case MemoryType::RDMA:
            return "RDMA";
        case MemoryType::Host:
            return "Host";
    }
    return "?";
}

std::string_view reuseReasonName(ReuseReason reason) {
    switch (reason) {
        case ReuseReason::None:
            return "none";
        case ReuseReason::SameNameAndFormat:
            return "same name and format";
        case ReuseReason::IdenticalWeight:
            return "identical weight bytes";
        case ReuseReason::SameFileOffset:
            return "same file and offset";
        case ReuseReason::SizeCompatible:
            return "size-compatible";
    }
    return "?";
}

size_t VarMemoryPlan::reusedCount() const {
    size_t n = 0;
    for (const VarMemoryEntry& e : entries) n += e.reused();
    return n;
}

const VarMemoryEntry* VarMemoryPlan::findByNode(NodeId node) const {
    for (const VarMemoryEntry& e : entries)
        if (e.node == node) return &e;
    return nullptr;
}

VarMemoryPlan assignVariableMemory(const Graph& graph, VarManager& manager, uint32_t graphId,
                                   const VarPlanOptions& options) {
    Planner planner(manager, graphId, options);
    std::vector<const Node*> refs;
    std::vector<const Node*> writers;
    for (NodeId id : assignmentOrder(graph)) {
        const Node& n = graph.node(id);
        if (op::refersToVariable(n)) {
            refs.push_back(&n);
        } else if (auto kind = persistentKind(n, options)) {
            planner.assign(n, 0, *kind, n.displayName());
        }
        if (n.hasAttr(op::attr::kOutputRefVarSrcVarName)) writers.push_back(&n);
    }
    // AssignVarAttr2Nodes runs after every variable has memory: a VarRef takes its source's, and
    // so does an output written in place once VariableRefDeleteOpPass removed its VarRef.
    for (const Node* n : refs) planner.assign(*n, 0, VarKind::Variable, refSourceName(graph, *n));
    for (const Node* n : writers)
        for (const auto& [output, name] : outputRefs(*n)) planner.assign(*n, output, VarKind::Variable, name);
    return planner.finish();
}

VarMemoryPlan planVariableMemory(const Graph& graph, const VarPlanOptions& options) {
    VarManager manager;
    VarManagerConfig config = manager.config();
    config.logicBase = options.logicBase;
    manager.setConfig(config);
    return assignVariableMemory(graph, manager, manager.beginGraph(), options);
}

}  // namespace passscope

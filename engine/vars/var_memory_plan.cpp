#include "vars/var_memory_plan.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <unordered_map>
#include <utility>

#include "ir/op_types.h"

namespace passscope {
namespace {

uint64_t alignUp(uint64_t value, uint64_t alignment) {
    return (value + alignment - 1) / alignment * alignment;
}

// TensorUtils::GetTensorMemorySizeInBytes: ((bytes + 2 * 32 - 1) / 32) * 32, i.e. 32 bytes of
// padding rounded up to 32. A zero-byte tensor still takes 32.
uint64_t tensorMemorySize(uint64_t bytes) {
    return alignUp(bytes + kDataMemAlignSize, kDataMemAlignSize);
}

// The block a request of memSize occupies: HbmMemResource::AssignVarMem rounds up to 512; the RDMA
// and host pools (GetRdmaPoolMemory / GetHostPoolMemory) take the size as it is.
uint64_t blockSize(MemoryType type, uint64_t memSize) {
    return type == MemoryType::HBM ? alignUp(memSize, kSessionMemAlignSize) : memSize;
}

// How far the pool advances: the HBM pool leaves a 1024-byte guard after each block.
uint64_t footprintOf(MemoryType type, uint64_t alignedSize) {
    return type == MemoryType::HBM ? alignedSize + kSessionMemGuardSize : alignedSize;
}

bool isGeOrOnnxDomain(const Node& n) {
    return n.domain().empty() || n.domain() == op::kGeDomain;
}

std::string stringAttr(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    const auto* s = a ? std::get_if<std::string>(&a->value) : nullptr;
    return s ? *s : std::string();
}

// VarRef, or any node naming a source variable: it owns no memory (AssignStaticMemory2Node skips
// nodes with REF_VAR_SRC_VAR_NAME) and is given its source's address afterwards.
bool isVariableRef(const Node& n) {
    if (!isGeOrOnnxDomain(n)) return false;
    return n.opType() == op::kVarRef ||
           (n.opType() == op::kVariable && n.hasAttr(varattr::kRefVarSrcVarName));
}

// docs/ge-variables.md §2. ONNX's Constant op and initializers arrive as GE's Const (CONSTANTOP).
// A Const holding only a sparse initializer has no dense payload GE could place: left out.
std::optional<VarKind> persistentKind(const Node& n) {
    if (!isGeOrOnnxDomain(n)) return std::nullopt;
    const std::string& type = n.opType();
    if (type == op::kVariable) return VarKind::Variable;
    if (type == op::kFileConstant) return VarKind::FileConstant;
    if (type == op::kConstPlaceHolder) return VarKind::ConstPlaceHolder;
    if (type == op::kConst && n.attrTensor(op::attr::kValue)) return VarKind::ConstantOp;
    if (type == "Constant" && n.domain().empty()) return VarKind::ConstantOp;
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
    if (stringAttr(n, varattr::kVariablePlacement) == varattr::kPlacementHost) return MemoryType::Host;
    if (n.attrInt(varattr::kOutputMemoryType, 0) == varattr::kOutputMemoryTypeRdma) return MemoryType::RDMA;
    return MemoryType::HBM;
}

// VarResource::VarKey: batch_var_name, format, data type (docs/ge-variables.md §3).
// GE joins the enum numbers; the plan spells them out so a user can read the key.
std::string varKey(const std::string& name, Format format, DataType dtype) {
    std::string key = name;
    key.append("_").append(formatName(format)).append("_").append(geDataTypeName(dtype));
    return key;
}

// The (file path, offset) a FileConstant's weights come from (FileConstantUtils::GetFileConstantInfo).
std::optional<std::pair<std::string, uint64_t>> fileKey(const Node& n) {
    if (const Tensor* w = weightOf(n); w && w->external())
        return std::make_pair(w->external()->location, w->external()->offset);
    std::string path = stringAttr(n, varattr::kLocation);
    if (path.empty()) path = stringAttr(n, varattr::kFilePath);
    if (path.empty()) return std::nullopt;
    return std::make_pair(path, static_cast<uint64_t>(std::max<int64_t>(0, n.attrInt(varattr::kOffset, 0))));
}

// Byte-identical Const weights (VarResource::GetReuseAddr: same element size, same byte size, then
// memcmp). Weights are grouped by those two sizes first and hashed only once a group has a second
// member, so a byte is hashed at most once and compared only on a hash match; nothing is copied.
class WeightIndex {
  public:
    std::optional<size_t> find(const Tensor& weight) {
        auto group = groups_.find(groupKey(weight));
        if (group == groups_.end()) return std::nullopt;
        hashPending(group->second);
        const size_t hash = hashOf(weight);
        auto [first, last] = group->second.hashed.equal_range(hash);
        for (auto it = first; it != last; ++it)
            if (sameBytes(*it->second.tensor, weight)) return it->second.owner;
        return std::nullopt;
    }

    void add(const Tensor& weight, size_t owner) {
        Group& group = groups_[groupKey(weight)];
        if (group.hashed.empty())
            group.pending.push_back({&weight, owner});
        else
            group.hashed.emplace(hashOf(weight), Item{&weight, owner});
    }

    // GE skips weights it cannot compare: no bytes, or strings (no fixed element size).
    static bool comparable(const Tensor& weight) {
        return elementSize(weight.dtype()) > 0 && weight.byteSize() > 0 && weight.rawData() != nullptr;
    }

  private:
    struct Item {
        const Tensor* tensor;
        size_t owner;
    };
    struct Group {
        std::vector<Item> pending;  // not hashed yet: the group had one member
        std::unordered_multimap<size_t, Item> hashed;
    };

    static std::pair<size_t, size_t> groupKey(const Tensor& w) {
        return {elementSize(w.dtype()), w.byteSize()};
    }
    static std::string_view bytesOf(const Tensor& w) {
        return {reinterpret_cast<const char*>(w.rawData()), w.byteSize()};
    }
    static size_t hashOf(const Tensor& w) { return std::hash<std::string_view>{}(bytesOf(w)); }
    static bool sameBytes(const Tensor& a, const Tensor& b) {
        return a.byteSize() == b.byteSize() && std::memcmp(a.rawData(), b.rawData(), a.byteSize()) == 0;
    }
    void hashPending(Group& group) {
        for (const Item& item : group.pending) group.hashed.emplace(hashOf(*item.tensor), item);
        group.pending.clear();
    }

    std::map<std::pair<size_t, size_t>, Group> groups_;
};

// One pass of VarManager over a graph: the tables GE keeps in VarResource and MemResource.
class Planner {
  public:
    explicit Planner(const VarPlanOptions& options) : options_(options) {
        plan_.logicBase = options.logicBase;
    }

    void assign(const Node& n, VarKind kind, std::string varName);
    VarMemoryPlan finish();

  private:
    VarMemoryEntry makeEntry(const Node& n, VarKind kind, std::string varName) const;
    std::optional<std::pair<size_t, ReuseReason>> findReuse(const Node& n, const VarMemoryEntry& e);
    void allocate(VarMemoryEntry& e);
    void share(VarMemoryEntry& e, size_t owner, ReuseReason reason) const;
    void remember(const Node& n, const VarMemoryEntry& e, size_t index, bool keyExisted);
    uint64_t baseOf(MemoryType type) const { return type == MemoryType::HBM ? options_.logicBase : 0; }

    VarPlanOptions options_;
    VarMemoryPlan plan_;
    std::unordered_map<std::string, size_t> byKey_;              // var_addr_mgr_map_: var key -> entry
    std::unordered_map<std::string, size_t> curByName_;          // cur_var_tensor_desc_map_: name -> entry
    std::map<std::pair<std::string, uint64_t>, size_t> byFile_;  // file_constant_var_map_
    WeightIndex weights_;
    std::array<uint64_t, kMemoryTypeCount> poolEnd_{};  // MemResource::var_mem_size_ per type
};

VarMemoryEntry Planner::makeEntry(const Node& n, VarKind kind, std::string varName) const {
    const TensorFacts facts = describe(n);
    VarMemoryEntry e;
    e.node = n.id();
    e.nodeName = n.displayName();
    e.varName = std::move(varName);
    e.kind = kind;
    e.varKey = varKey(e.varName, facts.format, facts.dtype);
    e.memoryType = requestedMemoryType(n);
    e.sizeKnown = facts.bytes.has_value();
    e.tensorBytes = facts.bytes.value_or(0);
    e.memSize = tensorMemorySize(e.tensorBytes);
    return e;
}

// VarManager::AssignVarMem's order (docs/ge-variables.md §4): an assigned key is used as is
// (AssignStaticMemory2Node checks IsVarExist first); a known name with another description keeps its
// block when the new tensor fits; otherwise GetReuseAddr looks for identical weights or the same file slice.
std::optional<std::pair<size_t, ReuseReason>> Planner::findReuse(const Node& n, const VarMemoryEntry& e) {
    if (auto it = byKey_.find(e.varKey); it != byKey_.end())
        return std::make_pair(it->second, ReuseReason::SameNameAndFormat);
    if (auto it = curByName_.find(e.varName); it != curByName_.end()) {
        if (e.memSize <= plan_.entries[it->second].memSize)
            return std::make_pair(it->second, ReuseReason::SizeCompatible);
        return std::nullopt;  // the old block is too small: new memory
    }
    if (e.kind == VarKind::ConstantOp && options_.reuseIdenticalWeights) {
        const Tensor* w = weightOf(n);
        if (w && WeightIndex::comparable(*w))
            if (auto owner = weights_.find(*w)) return std::make_pair(*owner, ReuseReason::IdenticalWeight);
    }
    if (e.kind == VarKind::FileConstant && options_.reuseFileConstants) {
        auto key = fileKey(n);
        if (auto it = key ? byFile_.find(*key) : byFile_.end(); it != byFile_.end())
            return std::make_pair(it->second, ReuseReason::SameFileOffset);
    }
    return std::nullopt;
}

void Planner::allocate(VarMemoryEntry& e) {
    uint64_t& end = poolEnd_[static_cast<size_t>(e.memoryType)];
    e.offset = end;
    e.logicAddress = baseOf(e.memoryType) + e.offset;
    e.alignedSize = blockSize(e.memoryType, e.memSize);
    e.footprint = footprintOf(e.memoryType, e.alignedSize);
    end += e.footprint;
}

// A reused entry lives where its owner lives, in the owner's memory type (GetVarAddr and
// GetReuseAddr hand back the stored memory_type too).
void Planner::share(VarMemoryEntry& e, size_t owner, ReuseReason reason) const {
    const VarMemoryEntry& o = plan_.entries[owner];
    const size_t root = o.reusedFrom.value_or(owner);
    const VarMemoryEntry& r = plan_.entries[root];
    e.memoryType = r.memoryType;
    e.offset = r.offset;
    e.logicAddress = r.logicAddress;
    e.alignedSize = blockSize(e.memoryType, e.memSize);
    e.footprint = 0;
    e.reusedFrom = root;
    e.reuseReason = reason;
}

// What SaveVarAddr / SetVarAddr record: the key (first writer wins), the name's current
// description, the FileConstant slice, and the Const's bytes for later weight dedup.
void Planner::remember(const Node& n, const VarMemoryEntry& e, size_t index, bool keyExisted) {
    if (keyExisted) return;  // GE does not call AssignVarMem for an existing key
    const size_t owner = e.reusedFrom.value_or(index);
    byKey_.emplace(e.varKey, index);
    curByName_[e.varName] = index;
    if (e.kind == VarKind::FileConstant)
        if (auto key = fileKey(n)) byFile_.emplace(*key, owner);
    if (e.kind == VarKind::ConstantOp && e.reuseReason != ReuseReason::IdenticalWeight)
        if (const Tensor* w = weightOf(n); w && WeightIndex::comparable(*w)) weights_.add(*w, owner);
}

void Planner::assign(const Node& n, VarKind kind, std::string varName) {
    VarMemoryEntry e = makeEntry(n, kind, std::move(varName));
    const size_t index = plan_.entries.size();
    const auto reuse = findReuse(n, e);
    if (reuse)
        share(e, reuse->first, reuse->second);
    else
        allocate(e);
    remember(n, e, index, reuse && reuse->second == ReuseReason::SameNameAndFormat);
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
            t.savedBytes += footprintOf(e.memoryType, e.alignedSize);
        } else {
            ++t.allocated;
        }
        if (e.kind == VarKind::ConstPlaceHolder) t.constPlaceHolderBytes += e.footprint;
    }
    return std::move(plan_);
}

// The variable a VarRef stands for: REF_VAR_SRC_VAR_NAME, else the Variable feeding its input 0.
std::string refSourceName(const Graph& g, const Node& n) {
    std::string name = stringAttr(n, varattr::kRefVarSrcVarName);
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

VarMemoryPlan planVariableMemory(const Graph& graph, const VarPlanOptions& options) {
    Planner planner(options);
    std::vector<const Node*> refs;
    for (NodeId id : assignmentOrder(graph)) {
        const Node& n = graph.node(id);
        if (isVariableRef(n)) {
            refs.push_back(&n);
        } else if (auto kind = persistentKind(n)) {
            planner.assign(n, *kind, n.displayName());
        }
    }
    // AssignVarAttr2Nodes runs after every variable has memory: a VarRef takes its source's.
    for (const Node* n : refs) planner.assign(*n, VarKind::Variable, refSourceName(graph, *n));
    return planner.finish();
}

}  // namespace passscope

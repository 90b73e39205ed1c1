#include "diff/constant_content.h"

#include <functional>
#include <string_view>

#include "ir/op_types.h"
#include "kernels/kernel_registry.h"

namespace passscope::diff {
namespace {

void mix(size_t& seed, size_t value) {
    seed ^= value + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2);
}

size_t contentHash(const Tensor& t) {
    size_t h = std::hash<int>()(static_cast<int>(t.dtype()));
    for (int64_t d : t.dims()) mix(h, std::hash<int64_t>()(d));
    if (t.dtype() == DataType::String) {
        for (const std::string& s : t.strings()) mix(h, std::hash<std::string_view>()(s));
        return h;
    }
    // libstdc++'s string_view hash reads 8 bytes at a time: a 100 MB weight costs tens of ms.
    const auto* bytes = reinterpret_cast<const char*>(t.rawData());
    mix(h, std::hash<std::string_view>()(std::string_view(bytes ? bytes : "", bytes ? t.byteSize() : 0)));
    return h;
}

// The ONNX Constant's value, computed by its kernel (value, value_float(s), value_int(s),
// value_string(s)); the opset does not change what Constant computes.
std::optional<Tensor> constantOpValue(const Node& n) {
    static const kernels::KernelFn kernel = kernels::KernelRegistry::builtin().find("", "Constant", 21);
    if (!kernel) return std::nullopt;
    try {
        kernels::KernelResult r = kernel(kernels::KernelContext(n, 21, {}));
        if (r.status != kernels::KernelStatus::Ok || r.outputs.size() != 1) return std::nullopt;
        return std::move(r.outputs[0]);
    } catch (const std::exception&) {  // a malformed Constant: no value to compare, a node like others
        return std::nullopt;
    }
}

}  // namespace

std::optional<ConstantContent> constantContent(const Node& n) {
    std::optional<Tensor> value;
    if (n.opType() == op::kConst && n.domain().empty()) {
        if (const Tensor* t = n.attrTensor(op::attr::kValue)) value = *t;
    } else if (op::isOnnxOp(n.opType(), n.domain(), op::kConstantOp) && n.inputs().empty()) {
        value = constantOpValue(n);
    }
    if (!value) return std::nullopt;
    if (value->dtype() != DataType::String && !value->rawData() && value->elementCount() != 0)
        return std::nullopt;  // external bytes not loaded: nothing to compare
    ConstantContent c;
    c.hash = contentHash(*value);
    c.tensor = std::move(*value);
    return c;
}

ConstantTable::ConstantTable(const Graph& g) {
    for (const Node* n : g.nodes()) {
        if (!op::holdsConstant(n->opType(), n->domain())) continue;
        std::optional<ConstantContent> c = constantContent(*n);
        if (!c) continue;
        byHash_.emplace(c->hash, n->id());
        byNode_.emplace(n->id(), std::move(*c));
    }
}

const ConstantContent* ConstantTable::find(NodeId id) const {
    auto it = byNode_.find(id);
    return it == byNode_.end() ? nullptr : &it->second;
}

NodeId ConstantTable::findEqual(const ConstantContent& content) const {
    NodeId found = kNoNode;
    auto [from, to] = byHash_.equal_range(content.hash);
    for (auto it = from; it != to; ++it)
        if ((found == kNoNode || it->second < found) && byNode_.at(it->second).sameAs(content))
            found = it->second;
    return found;
}

}  // namespace passscope::diff

#include "passes/constant_folding/control_flow.h"

#include "ir/node_attributes.h"
#include "ir/op_types.h"
#include "ir/value_text.h"

namespace passscope::controlflow {
namespace {

// "a sequence", "a sparse_tensor"; "a value of unknown kind".
std::string aKind(ValueKind k) {
    const std::string kind = kindText(k);
    return "a " + (kind.empty() ? std::string("value of unknown kind") : kind);
}

}  // namespace

std::string describeRuntimeValue(const Graph& g, const ValueRef& ref) {
    const NodeOutput* v = g.value(ref);
    const Node* p = g.producer(ref);
    std::string text = "'" + (v ? v->name : std::string()) + "'";
    if (!p) return text + " has no producer";
    if (op::isData(p->opType(), p->domain()))
        return text + (op::isOverridableInitializer(*p) ? " is an initializer that callers may override"
                                                        : " is a graph input");
    return text + " is computed at run time by '" + p->displayName() + "' (" + p->opType() + ")";
}

std::optional<std::string> incompatible(const TensorDesc& replacement, const TensorDesc& original) {
    if (!replacement.hasType() || !original.hasType()) return std::nullopt;
    if (replacement.kind != original.kind)
        return aKind(replacement.kind) + " where " + aKind(original.kind) + " is expected";
    if (replacement.kind != ValueKind::Tensor) return std::nullopt;
    if (replacement.dtype != DataType::Undefined && original.dtype != DataType::Undefined &&
        replacement.dtype != original.dtype)
        return std::string(dataTypeName(replacement.dtype)) + " where " +
               std::string(dataTypeName(original.dtype)) + " is expected";
    const Shape& a = replacement.originShape;
    const Shape& b = original.originShape;
    if (!a.rankKnown() || !b.rankKnown()) return std::nullopt;
    bool differs = a.rank() != b.rank();
    for (size_t i = 0; !differs && i < a.rank(); ++i)
        differs = a[i].isKnown() && b[i].isKnown() && a[i].value != b[i].value;
    if (differs) return "shape " + a.toString() + " where " + b.toString() + " is expected";
    return std::nullopt;
}

}  // namespace passscope::controlflow

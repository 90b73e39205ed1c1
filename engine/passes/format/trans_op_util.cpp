#include "passes/format/trans_op_util.h"

#include <algorithm>

#include "ir/op_traits.h"
#include "ir/op_types.h"

namespace passscope::transop {
namespace {

// What a dtype can hold: integers of `bits` (signed or not), floats with `mantissa` significant
// bits and `exponent` bits, or bool.
struct Range {
    enum Cls { Other, Bool, Unsigned, Signed, Floating } cls = Other;
    int bits = 0;      // integers: value bits
    int mantissa = 0;  // floats: significant bits (implicit one included)
    int exponent = 0;  // floats: exponent bits
};

Range rangeOf(DataType t) {
    switch (t) {
        case DataType::Bool:
            return {Range::Bool};
        case DataType::UInt8:
            return {Range::Unsigned, 8};
        case DataType::UInt16:
            return {Range::Unsigned, 16};
        case DataType::UInt32:
            return {Range::Unsigned, 32};
        case DataType::UInt64:
            return {Range::Unsigned, 64};
        case DataType::Int8:
            return {Range::Signed, 8};
        case DataType::Int16:
            return {Range::Signed, 16};
        case DataType::Int32:
            return {Range::Signed, 32};
        case DataType::Int64:
            return {Range::Signed, 64};
        case DataType::Float16:
            return {Range::Floating, 0, 11, 5};
        case DataType::BFloat16:
            return {Range::Floating, 0, 8, 8};
        case DataType::Float:
            return {Range::Floating, 0, 24, 8};
        case DataType::Double:
            return {Range::Floating, 0, 53, 11};
        default:
            return {};
    }
}

bool isConstNode(const Node& n) {
    return op::holdsConstant(n.opType(), n.domain());
}

}  // namespace

Kind kindOf(const Node& n) {
    if (n.domain() == op::kGeDomain) {
        if (n.opType() == op::kTransData) return Kind::TransData;
        if (n.opType() == op::kReFormat) return Kind::ReFormat;
        return Kind::None;
    }
    if (!op::isOnnxDomain(n.domain())) return Kind::None;
    const std::string& t = n.opType();
    if (t == "Transpose") return Kind::Transpose;
    if (t == "Cast") return Kind::Cast;
    if (t == "Reshape") return Kind::Reshape;
    if (t == "Squeeze") return Kind::Squeeze;
    if (t == "Unsqueeze") return Kind::Unsqueeze;
    return Kind::None;
}

const TensorDesc* valueDesc(const Graph& g, const ValueRef& ref) {
    const NodeOutput* v = g.value(ref);
    return v ? &v->desc : nullptr;
}

TensorDesc inputDesc(const Graph& g, const Node& consumer, size_t i) {
    if (i < consumer.inputDescs().size() && consumer.inputDescs()[i].hasType())
        return consumer.inputDescs()[i];
    if (i < consumer.inputs().size())
        if (const TensorDesc* d = valueDesc(g, consumer.input(i))) return *d;
    return {};
}

DataType outputType(const Node& n) {
    if (kindOf(n) != Kind::Cast) return n.output(0).desc.dtype;
    const int64_t to = n.attrInt("to", 0);
    return isKnownDataType(static_cast<int32_t>(to)) ? static_cast<DataType>(to) : DataType::Undefined;
}

bool castIsLossless(DataType from, DataType to) {
    if (from == to) return from != DataType::Undefined;
    const Range a = rangeOf(from), b = rangeOf(to);
    if (a.cls == Range::Other || b.cls == Range::Other) return false;
    if (a.cls == Range::Bool) return true;  // 0 and 1 exist in every numeric type
    switch (b.cls) {
        case Range::Bool:
            return false;
        case Range::Unsigned:
            return a.cls == Range::Unsigned && b.bits >= a.bits;
        case Range::Signed:
            return (a.cls == Range::Signed && b.bits >= a.bits) ||
                   (a.cls == Range::Unsigned && b.bits > a.bits);
        case Range::Floating:
            if (a.cls == Range::Unsigned) return b.mantissa >= a.bits;
            if (a.cls == Range::Signed) return b.mantissa >= a.bits - 1;
            return a.cls == Range::Floating && b.mantissa >= a.mantissa && b.exponent >= a.exponent;
        default:
            return false;
    }
}

std::optional<std::vector<int64_t>> transposePerm(const Graph& g, const Node& transpose) {
    if (const Attribute* a = transpose.findAttr("perm"))
        if (const auto* v = std::get_if<std::vector<int64_t>>(&a->value)) return *v;
    if (transpose.findAttr("perm") || transpose.inputs().empty()) return std::nullopt;
    const TensorDesc in = inputDesc(g, transpose, 0);
    if (!in.originShape.rankKnown()) return std::nullopt;
    std::vector<int64_t> perm(in.originShape.rank());
    for (size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<int64_t>(perm.size() - 1 - i);
    return perm;
}

std::optional<std::vector<int64_t>> layoutPerm(Format from, Format to) {
    if (from == Format::NCHW && to == Format::NHWC) return std::vector<int64_t>{0, 2, 3, 1};
    if (from == Format::NHWC && to == Format::NCHW) return std::vector<int64_t>{0, 3, 1, 2};
    return std::nullopt;
}

bool provablyEqual(const Shape& a, const Shape& b) {
    if (!a.rankKnown() || !(a == b)) return false;
    return std::all_of(a.dims().begin(), a.dims().end(),
                       [](const Dim& d) { return d.isKnown() || !d.symbol.empty(); });
}

bool plainSingleOutput(const Node& n) {
    return n.outputs().size() == 1 && !n.inputs().empty() && n.input(0).valid() && n.input(0).depth == 0;
}

void removeUnused(Graph& g, NodeId node) {
    const Node& n = g.node(node);
    const std::vector<NodeId> preds = n.controlInputs();
    const std::vector<NodeId> succs = n.controlOutputs();
    std::vector<NodeId> constInputs;
    for (const ValueRef& r : n.inputs())
        if (r.valid() && r.depth == 0 && isConstNode(g.node(r.node))) constInputs.push_back(r.node);
    for (NodeId p : preds)
        for (NodeId s : succs)
            if (p != s) g.addControlEdge(p, s);
    g.removeNode(node);
    // GE's DeleteUselessConstAxisNode: a perm/shape/axes constant only this node read goes too.
    for (NodeId c : constInputs) {
        const Node* cn = g.findNode(c);
        if (!cn || !cn->controlOutputs().empty()) continue;
        bool used = false;
        for (const NodeOutput& o : cn->outputs()) used |= !o.uses.empty();
        if (!used && std::find(g.inputs().begin(), g.inputs().end(), c) == g.inputs().end()) g.removeNode(c);
    }
}

void bypassAndRemove(Graph& g, NodeId node, const ValueRef& replacement) {
    g.replaceAllUses(ValueRef{node, 0, 0}, replacement);
    removeUnused(g, node);
}

}  // namespace passscope::transop

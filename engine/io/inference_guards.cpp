#include "io/inference_guards.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <onnx/defs/data_type_utils.h>
#include <onnx/defs/schema.h>
#include <onnx/defs/shape_inference.h>

#include "ir/op_rank_rules.h"
#include "ir/op_traits.h"

namespace passscope::io {
namespace {

// What a rule sees of one node: from a NodeProto before inference (ranks as declared), or from
// libonnx's InferenceContext during it (ranks as inferred so far).
struct NodeView {
    std::string_view opType;
    int64_t opsetVersion;
    int inputCount;
    int outputCount;
    std::function<const onnx::AttributeProto*(std::string_view)> attr;
    std::function<const onnx::TypeProto*(std::size_t)> type;  // nullptr when unknown or absent
    std::function<std::string(std::size_t)> inputName;
    std::function<bool(std::size_t)> inputGiven;  // false for an omitted (empty) input
    std::string_view domain;

    std::optional<int> rank(std::size_t i) const {
        const onnx::TypeProto* t = type(i);
        if (!t || !t->has_tensor_type() || !t->tensor_type().has_shape()) return std::nullopt;
        return t->tensor_type().shape().dim_size();
    }
};

NodeView viewOf(const onnx::NodeProto& node, int64_t opsetVersion, const InputType& inputType) {
    NodeView v{node.op_type(), opsetVersion, node.input_size(), node.output_size(), {}, {}, {}, {},
               node.domain()};
    v.attr = [&node](std::string_view name) -> const onnx::AttributeProto* {
        for (const auto& a : node.attribute())
            if (a.name() == name) return &a;
        return nullptr;
    };
    v.type = [&node, &inputType](std::size_t i) -> const onnx::TypeProto* {
        if (i >= static_cast<std::size_t>(node.input_size()) || node.input(static_cast<int>(i)).empty())
            return nullptr;
        return inputType(i);
    };
    v.inputName = [&node](std::size_t i) {
        return std::to_string(i) + " '" + node.input(static_cast<int>(i)) + "'";
    };
    v.inputGiven = [&node](std::size_t i) {
        return i < static_cast<std::size_t>(node.input_size()) && !node.input(static_cast<int>(i)).empty();
    };
    return v;
}

using Hazard = std::optional<std::string>;
using Rule = Hazard (*)(const NodeView&);

std::string str(int64_t v) {
    return std::to_string(v);
}

// Every value of INTS attribute `name` must be >= `least`; when `count` is set, it must have that
// many values (inference indexes the input's spatial axes with them).
Hazard intsAtLeast(const NodeView& n, std::string_view name, int64_t least, std::optional<int> count,
                   const char* why) {
    const onnx::AttributeProto* a = n.attr(name);
    if (!a) return std::nullopt;
    for (int i = 0; i < a->ints_size(); ++i) {
        if (a->ints(i) < least)
            return std::string(name) + "[" + str(i) + "] is " + str(a->ints(i)) + "; ONNX requires " +
                   (least > 0 ? "positive " : "non-negative ") + std::string(name) + " (" + why + ")";
    }
    if (count && a->ints_size() != *count)
        return std::string(name) + " has " + str(a->ints_size()) +
               " values but the input's spatial axes need " + str(*count) +
               " (libonnx shape inference indexes them by axis)";
    return std::nullopt;
}

// libonnx 1.12 finds SAME padding (convPoolShapeInference: an auto_pad attribute that is not
// "VALID" and no pads attribute) by subtracting the stride from a spatial dim one step at a time,
// dim / stride steps per axis; a dim of 2^40 took 196 s at load (fuzz finding, pipeline: a Conv
// padded by 2^40 feeding a MaxPool). 2^31 steps take about 0.8 s on the machines we measure on,
// and a tensor with one axis that long has no device to run on.
constexpr int64_t kMaxSamePaddingSteps = int64_t{1} << 31;

Hazard samePaddingStepsRule(const NodeView& n) {
    if (n.opType == "ConvTranspose") return std::nullopt;  // its twin computes the pads in closed form
    const onnx::AttributeProto* autoPad = n.attr("auto_pad");
    if (!autoPad || autoPad->s() == "VALID" || n.attr("pads")) return std::nullopt;
    const onnx::TypeProto* t = n.type(0);
    if (!t || !t->has_tensor_type() || !t->tensor_type().has_shape()) return std::nullopt;
    const auto& shape = t->tensor_type().shape();
    const onnx::AttributeProto* strides = n.attr("strides");
    for (int axis = 2; axis < shape.dim_size(); ++axis) {
        const int i = axis - 2;
        const int64_t stride = strides && i < strides->ints_size() ? strides->ints(i) : 1;
        if (stride <= 1 || !shape.dim(axis).has_dim_value()) continue;
        if (shape.dim(axis).dim_value() / stride > kMaxSamePaddingSteps)
            return "input " + n.inputName(0) + " has " + str(shape.dim(axis).dim_value()) +
                   " elements on axis " + str(axis) + "; libonnx shape inference finds SAME padding in " +
                   "dim / stride steps, over 2^31 here";
    }
    return std::nullopt;
}

// Conv and pool family (onnx/defs/nn/defs.cc convPoolShapeInference and its ConvTranspose twin):
// strides and dilations are divisors, kernel_shape, pads and output_* are indexed by spatial axis.
Hazard convPoolRule(const NodeView& n) {
    std::optional<int> spatial;
    if (auto r = n.rank(0); r && *r >= 2) spatial = *r - 2;
    if (!spatial)
        if (const auto* k = n.attr("kernel_shape")) spatial = k->ints_size();
    const char* divides = "libonnx shape inference divides by it";
    if (auto h = intsAtLeast(n, "strides", 1, spatial, divides)) return h;
    if (auto h = intsAtLeast(n, "dilations", 1, spatial, divides)) return h;
    if (auto h = intsAtLeast(n, "kernel_shape", 1, spatial, "a kernel has at least one element per axis"))
        return h;
    if (auto h = intsAtLeast(n, "pads", 0, spatial ? std::optional<int>(2 * *spatial) : std::nullopt,
                             "padding adds elements"))
        return h;
    if (const auto* p = n.attr("pads"); p && p->ints_size() % 2 != 0)
        return "pads has " + str(p->ints_size()) + " values; ONNX needs a begin and an end per spatial axis";
    if (auto h = intsAtLeast(n, "output_padding", 0, spatial, "padding adds elements")) return h;
    if (auto h = intsAtLeast(n, "output_shape", 0, spatial, "a dimension is not negative")) return h;
    return samePaddingStepsRule(n);
}

// Scan (onnx/defs/controlflow: ScanInferenceFunction reads num_scan_inputs without a null check
// and splits the inputs with it).
Hazard scanRule(const NodeView& n) {
    const onnx::AttributeProto* k = n.attr("num_scan_inputs");
    if (!k) return std::string("the required attribute num_scan_inputs is missing");
    // Scan-8 has a leading sequence_lens input that is neither a state nor a scan input.
    const int64_t available = n.inputCount - (n.opsetVersion > 0 && n.opsetVersion < 9 ? 1 : 0);
    if (k->i() < 1 || k->i() > available)
        return "num_scan_inputs is " + str(k->i()) + " but the node has " + str(available) +
               " state and scan inputs (it must be between 1 and that count)";
    for (const char* name : {"scan_input_axes", "scan_input_directions"}) {
        const onnx::AttributeProto* a = n.attr(name);
        if (a && a->ints_size() != k->i())
            return std::string(name) + " has " + str(a->ints_size()) + " values but num_scan_inputs is " +
                   str(k->i());
    }
    for (const char* name : {"scan_output_axes", "scan_output_directions"}) {
        const onnx::AttributeProto* a = n.attr(name);
        if (a && a->ints_size() > n.outputCount)
            return std::string(name) + " has " + str(a->ints_size()) + " values but the node has only " +
                   str(n.outputCount) + " outputs";
    }
    return std::nullopt;
}

// MaxRoiPool: pooled_shape is [h, w] (its input ranks are in op_rank_rules).
Hazard maxRoiPoolRule(const NodeView& n) {
    if (const auto* p = n.attr("pooled_shape"); p && p->ints_size() != 2)
        return "pooled_shape has " + str(p->ints_size()) + " values; MaxRoiPool needs 2 (height, width)";
    return intsAtLeast(n, "pooled_shape", 1, std::nullopt, "a pooled output has at least one element");
}

std::string rankWords(const op::InputRankRule& r) {
    if (r.maxRank == r.minRank) return "rank " + str(r.minRank);
    if (r.maxRank == op::kAnyRank) return "rank " + str(r.minRank) + " or more";
    return "rank " + str(r.minRank) + " to " + str(r.maxRank);
}

// The op's rows of the rank table (ir/op_rank_rules.h), for every op.
Hazard rankTableRule(const NodeView& n) {
    for (const op::InputRankRule* r : op::inputRankRules(n.opType, n.domain, n.opsetVersion)) {
        const auto i = static_cast<std::size_t>(r->input);
        const std::optional<int> rank = n.rank(i);
        if (!rank) continue;
        const std::string head =
            "input " + n.inputName(i) + " has rank " + str(*rank) + "; " + std::string(n.opType) + " needs ";
        if (*rank < r->minRank || (r->maxRank != op::kAnyRank && *rank > r->maxRank))
            return head + rankWords(*r) + " there (" + std::string(r->layout) + ")";
        if (r->sameRankAs >= 0)
            if (auto other = n.rank(static_cast<std::size_t>(r->sameRankAs)); other && *other != *rank)
                return head + "the rank of input " + n.inputName(static_cast<std::size_t>(r->sameRankAs)) +
                       " (" + str(*other) + ") there (" + std::string(r->layout) + ")";
        if (!r->axis.empty())
            if (const onnx::AttributeProto* a = n.attr(r->axis); a && (a->i() < -*rank || a->i() >= *rank))
                return std::string(r->axis) + " is " + str(a->i()) + " but input " + n.inputName(i) +
                       " has rank " + str(*rank) + "; " + std::string(n.opType) + " needs it in [" +
                       str(-*rank) + ", " + str(*rank) + ")";
    }
    return std::nullopt;
}

// Every typed input against the element types its formal parameter of the schema allows, and the
// inputs of one type parameter against each other (libonnx's inference functions assume both; with
// type checks off it does not look first, and an inlined branch then typed a Conv's input int64:
// fuzz finding, pipeline).
Hazard schemaTypeRule(const NodeView& n, const onnx::OpSchema& schema) {
    const auto& formal = schema.inputs();
    if (formal.empty()) return std::nullopt;
    std::map<std::string, std::pair<std::size_t, onnx::DataType>> binding;  // type parameter -> first input
    for (int i = 0; i < n.inputCount; ++i) {
        const auto at = static_cast<std::size_t>(i);
        std::size_t k = at;
        if (k >= formal.size()) {
            if (formal.back().GetOption() != onnx::OpSchema::Variadic) break;
            k = formal.size() - 1;
        }
        const onnx::TypeProto* t = n.type(at);
        if (!t || t->value_case() == onnx::TypeProto::VALUE_NOT_SET) continue;
        if (t->has_tensor_type() && t->tensor_type().elem_type() == onnx::TensorProto::UNDEFINED) continue;
        const onnx::DataTypeSet& allowed = formal[k].GetTypes();
        if (allowed.empty()) continue;
        // A sparse initializer is a tensor stored sparsely (ONNX IR, GraphProto.sparse_initializer):
        // its readers take it as the dense tensor of its element type.
        onnx::TypeProto dense;
        if (t->has_sparse_tensor_type()) {
            dense.mutable_tensor_type()->set_elem_type(t->sparse_tensor_type().elem_type());
            t = &dense;
        }
        onnx::DataType given = nullptr;
        try {
            given = onnx::Utils::DataTypeUtils::ToType(*t);
        } catch (const std::exception&) {
            return "input " + n.inputName(at) + " has a type libonnx cannot name";
        }
        if (allowed.count(given)) {
            // One type parameter binds one type across the inputs it names (Sub's A and B are both
            // T), as ONNX Runtime requires; only a heterogeneous variadic (Loop's V) varies.
            const bool varies =
                formal[k].GetOption() == onnx::OpSchema::Variadic && !formal[k].GetIsHomogeneous();
            if (varies) continue;
            auto [bound, fresh] = binding.emplace(formal[k].GetTypeStr(), std::make_pair(at, given));
            if (!fresh && bound->second.second != given)
                return "input " + n.inputName(bound->second.first) + " is " + *bound->second.second +
                       " and input " + n.inputName(at) + " is " + *given + "; " + std::string(n.opType) +
                       " needs one type for both (" + formal[k].GetTypeStr() + ")";
            continue;
        }
        std::set<std::string> names;
        for (onnx::DataType d : allowed) names.insert(*d);
        std::string list;
        for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
        return "input " + n.inputName(at) + " is " + *given + "; " + std::string(n.opType) + " takes " +
               list + " there (" + formal[k].GetTypeStr() + ")";
    }
    return std::nullopt;
}

// DepthToSpace and SpaceToDepth (onnx/defs/tensor/defs.cc): inference divides the channels by
// blocksize * blocksize, which wraps to 0 in int64 for a blocksize of 2^32 (fuzz finding, pipeline:
// SIGFPE inside libonnx). ONNX asks for a positive blocksize; one whose square is not an int64 has
// no tensor to apply to.
Hazard blocksizeRule(const NodeView& n) {
    const onnx::AttributeProto* b = n.attr("blocksize");
    if (!b) return std::nullopt;
    constexpr int64_t kLargestSquareRoot = 3037000499;  // floor(sqrt(2^63 - 1))
    if (b->i() <= 0) return "blocksize is " + str(b->i()) + "; ONNX requires a positive blocksize";
    if (b->i() > kLargestSquareRoot)
        return "blocksize is " + str(b->i()) +
               "; its square is past int64 (libonnx shape inference divides the channels by it)";
    return std::nullopt;
}

struct OpGuard {
    std::string_view op;
    Rule rule;
};

// The table: ops of the ONNX domain whose inference function trusts attributes or ranks.
constexpr std::array kGuards = {
    OpGuard{"Conv", convPoolRule},
    OpGuard{"ConvInteger", convPoolRule},
    OpGuard{"QLinearConv", convPoolRule},
    OpGuard{"ConvTranspose", convPoolRule},
    OpGuard{"MaxPool", convPoolRule},
    OpGuard{"AveragePool", convPoolRule},
    OpGuard{"LpPool", convPoolRule},
    OpGuard{"MaxUnpool", convPoolRule},
    OpGuard{"Scan", scanRule},
    OpGuard{"MaxRoiPool", maxRoiPoolRule},
    OpGuard{"DepthToSpace", blocksizeRule},
    OpGuard{"SpaceToDepth", blocksizeRule},
};

// The attribute rules of the table above, then the rank table, then the schema's types: what
// libonnx's inference function of this op may rely on.
Hazard opRules(const NodeView& n, const onnx::OpSchema* schema) {
    if (op::isOnnxDomain(n.domain))
        for (const OpGuard& g : kGuards)
            if (g.op == n.opType)
                if (auto h = g.rule(n)) return h;
    if (auto h = rankTableRule(n)) return h;
    if (schema)
        if (auto h = schemaTypeRule(n, *schema)) return h;
    return std::nullopt;
}

// Every op: the attributes its schema requires are present and it has the inputs the schema
// needs at least (inference functions read both without checking; the checker's finding of the
// same is only a warning).
const onnx::OpSchema* schemaOf(const NodeView& n) {
    if (n.opsetVersion <= 0) return nullptr;
    return onnx::OpSchemaRegistry::Schema(std::string(n.opType), static_cast<int>(n.opsetVersion),
                                          std::string(op::canonicalDomain(n.domain)));
}

// An attribute an op lost when its value became an input of the same name: Reduce*'s axes (ReduceSum
// at opset 13, the others at 18), Slice's starts, Squeeze's axes, Split's split, DFT's axis (20).
// At such an opset the engine's kernels read the input, as ONNX defines, while libonnx's inference
// of the Reduce family still reads the attribute (ReduceSum-13 with axes [1] is typed as reducing
// axis 1; the kernel reduced every axis) and ONNX Runtime refuses the node ("Unrecognized
// attribute"). Found by the pipeline target: a ReduceMean at opset 21 whose stale axes made libonnx
// leave it untyped, folded to int64 by the kernel into a float Sub the reload refused.
struct MovedAttribute {
    std::string op;
    std::string attribute;
    int since;  // the first opset where the value is an input
};

const std::vector<MovedAttribute>& movedAttributes() {
    static const std::vector<MovedAttribute> moved = [] {
        std::vector<MovedAttribute> list;
        // The opsets libonnx knows: from its schemas' history, each version against the one before.
        // The copies the registry hands out are indexed by pointer, not copied again.
        const std::vector<onnx::OpSchema> all = onnx::OpSchemaRegistry::get_all_schemas_with_history();
        std::map<std::string, std::map<int, const onnx::OpSchema*>> versions;
        for (const onnx::OpSchema& s : all)
            if (s.domain() == onnx::ONNX_DOMAIN) versions[s.Name()].emplace(s.SinceVersion(), &s);
        for (const auto& [op, byVersion] : versions) {
            const onnx::OpSchema* before = nullptr;
            for (const auto& [since, schema] : byVersion) {
                if (before)
                    for (const auto& [name, attr] : before->attributes()) {
                        if (schema->attributes().count(name)) continue;
                        for (const auto& input : schema->inputs())
                            if (input.GetName() == name) list.push_back({op, name, since});
                    }
                before = schema;
            }
        }
        // The opsets past libonnx 1.12's newest (17), written down from the ONNX operator changelog.
        const int newest =
            onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map().at(onnx::ONNX_DOMAIN).second;
        if (newest < 18)
            for (const char* op : {"ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceMax",
                                   "ReduceMean", "ReduceMin", "ReduceProd", "ReduceSumSquare"})
                list.push_back({op, "axes", 18});
        if (newest < 20) list.push_back({"DFT", "axis", 20});
        return list;
    }();
    return moved;
}

Hazard movedAttributeRule(const NodeView& n) {
    if (!op::isOnnxDomain(n.domain)) return std::nullopt;
    for (const MovedAttribute& m : movedAttributes())
        if (m.op == n.opType && n.opsetVersion >= m.since && n.attr(m.attribute))
            return "it has an attribute " + m.attribute + ", which " + m.op + " lost at opset " +
                   str(m.since) + " when " + m.attribute + " became an input; at opset " +
                   str(n.opsetVersion) + " the input decides and ONNX Runtime refuses the attribute";
    return std::nullopt;
}

Hazard schemaRule(const NodeView& n, const onnx::OpSchema* schema) {
    if (auto h = movedAttributeRule(n)) return h;
    if (!schema) return std::nullopt;
    for (const auto& [name, attr] : schema->attributes())
        if (attr.required && !n.attr(name)) return "the required attribute " + name + " is missing";
    if (n.inputCount < schema->min_input())
        return "it has " + str(n.inputCount) + " inputs; " + std::string(n.opType) + " needs at least " +
               str(schema->min_input());
    // A required input given as "" (omitted): kernels and inference would read a value that
    // is not there (found by the fuzz target: Pow with an empty exponent crashed folding).
    const auto& formal = schema->inputs();
    for (std::size_t i = 0; i < formal.size() && i < static_cast<std::size_t>(n.inputCount); ++i)
        if (formal[i].GetOption() == onnx::OpSchema::Single && !n.inputGiven(i))
            return "input " + str(static_cast<int64_t>(i)) + " (" + formal[i].GetName() +
                   ") is required but empty";
    return std::nullopt;
}

Hazard typeHazardAt(const onnx::TypeProto& type, int depth) {
    if (depth > kMaxTypeNesting) return nestingTooDeep("its type nests", kMaxTypeNesting);
    auto shapeHazard = [](const onnx::TensorShapeProto& shape) -> Hazard {
        long long elements = 1;
        bool overflow = false;
        for (const auto& d : shape.dim()) {
            if (!d.has_dim_value()) continue;
            if (d.dim_value() < 0) return "negative dimension " + str(d.dim_value()) + " in its type";
            overflow = overflow || __builtin_mul_overflow(elements, d.dim_value(), &elements) ||
                       elements > kMaxDeclaredElements;
        }
        if (overflow) return std::string("the element count of its declared shape overflows (over 2^62)");
        return std::nullopt;
    };
    switch (type.value_case()) {
        case onnx::TypeProto::kTensorType:
            return type.tensor_type().has_shape() ? shapeHazard(type.tensor_type().shape()) : std::nullopt;
        case onnx::TypeProto::kSparseTensorType:
            return type.sparse_tensor_type().has_shape() ? shapeHazard(type.sparse_tensor_type().shape())
                                                         : std::nullopt;
        case onnx::TypeProto::kSequenceType:
            return typeHazardAt(type.sequence_type().elem_type(), depth + 1);
        case onnx::TypeProto::kOptionalType:
            return typeHazardAt(type.optional_type().elem_type(), depth + 1);
        case onnx::TypeProto::kMapType:
            return typeHazardAt(type.map_type().value_type(), depth + 1);
        default:
            return std::nullopt;
    }
}

std::string nodeLabel(const onnx::NodeProto& node) {
    return (node.name().empty() ? "a node" : "node '" + node.name() + "'") + " (" + node.op_type() + ")";
}

std::string normalDomain(const std::string& d) {
    return std::string(op::canonicalDomain(d));
}

}  // namespace

std::string nestingTooDeep(const std::string& what, int limit) {
    return "nesting too deep: " + what + " more than " + std::to_string(limit) + " levels, the limit";
}

std::optional<std::string> nodeInferenceHazard(const onnx::NodeProto& node, int64_t opsetVersion,
                                               const InputType& inputType) {
    if (!op::isStandardDomain(node.domain())) return std::nullopt;
    const NodeView view = viewOf(node, opsetVersion, inputType);
    const onnx::OpSchema* schema = schemaOf(view);
    if (auto h = schemaRule(view, schema)) return h;
    return opRules(view, schema);
}

std::optional<std::string> nodeInferenceHazard(const onnx::NodeProto& node, int64_t opsetVersion,
                                               const InputRank& inputRank) {
    // Ranks alone: tensors of an undefined element type, which the type rule leaves alone.
    std::vector<std::optional<onnx::TypeProto>> types(static_cast<std::size_t>(node.input_size()));
    return nodeInferenceHazard(node, opsetVersion, [&](std::size_t i) -> const onnx::TypeProto* {
        if (i >= types.size()) return nullptr;
        if (!types[i]) {
            const std::optional<int> r = inputRank(i);
            if (!r) return nullptr;
            types[i].emplace();
            auto* shape = types[i]->mutable_tensor_type()->mutable_shape();
            for (int d = 0; d < *r; ++d) shape->add_dim();
        }
        return &*types[i];
    });
}

namespace {

// Value name -> declared type for one graph, falling back to the enclosing graphs.
struct TypeScope {
    std::unordered_map<std::string, const onnx::TypeProto*> types;
    std::vector<std::unique_ptr<onnx::TypeProto>> owned;                  // initializers' types
    std::unordered_map<std::string, const onnx::TensorProto*> constants;  // initializers, Constant nodes
    const TypeScope* parent = nullptr;
    const onnx::TypeProto* lookup(const std::string& name) const {
        for (const TypeScope* s = this; s; s = s->parent) {
            auto it = s->types.find(name);
            if (it != s->types.end()) return it->second;
        }
        return nullptr;
    }
    // The value of `name` when the innermost graph defining it defines a constant.
    const onnx::TensorProto* constant(const std::string& name) const {
        for (const TypeScope* s = this; s; s = s->parent) {
            if (auto it = s->constants.find(name); it != s->constants.end()) return it->second;
            if (s->types.count(name)) return nullptr;
        }
        return nullptr;
    }
};

// The branch an If with this condition takes (then: true), when the condition is a constant bool
// of one element, as CondRemovePass reads it.
std::optional<bool> constantCondition(const onnx::TensorProto* cond) {
    if (!cond || cond->data_type() != onnx::TensorProto::BOOL || cond->has_data_location())
        return std::nullopt;
    int64_t count = 1;
    for (int64_t d : cond->dims()) count *= d;
    if (count != 1) return std::nullopt;
    if (cond->has_raw_data()) {
        if (cond->raw_data().size() != 1) return std::nullopt;
        return cond->raw_data()[0] != 0;
    }
    if (cond->int32_data_size() != 1) return std::nullopt;
    return cond->int32_data(0) != 0;
}

onnx::TypeProto typeOfInitializer(const onnx::TensorProto& t) {
    onnx::TypeProto type;
    type.mutable_tensor_type()->set_elem_type(t.data_type());
    auto* shape = type.mutable_tensor_type()->mutable_shape();
    for (int64_t d : t.dims()) shape->add_dim()->set_dim_value(d);
    return type;
}

// Whether a type names every element type it holds (inference leaves parts it could not compute
// undefined): only such a branch output type is given to an If that takes the branch.
bool typeFullyKnown(const onnx::TypeProto& t) {
    switch (t.value_case()) {
        case onnx::TypeProto::kTensorType:
            return t.tensor_type().elem_type() != onnx::TensorProto::UNDEFINED;
        case onnx::TypeProto::kSparseTensorType:
            return t.sparse_tensor_type().elem_type() != onnx::TensorProto::UNDEFINED;
        case onnx::TypeProto::kSequenceType:
            return t.sequence_type().has_elem_type() && typeFullyKnown(t.sequence_type().elem_type());
        case onnx::TypeProto::kOptionalType:
            return t.optional_type().has_elem_type() && typeFullyKnown(t.optional_type().elem_type());
        case onnx::TypeProto::kMapType:
            return t.map_type().key_type() != onnx::TensorProto::UNDEFINED && t.map_type().has_value_type() &&
                   typeFullyKnown(t.map_type().value_type());
        default:
            return false;
    }
}

class ModelWalker {
  public:
    // `allTypes`: after inference, judge nodes by every type the model writes down (initializers,
    // value_info, outputs), not only by its graph inputs; a written type with a defect of its own
    // (inference leaves those unknown, with a warning) then counts as unknown, not as a hazard.
    ModelWalker(const onnx::ModelProto& model, bool allTypes) : model_(model), allTypes_(allTypes) {
        for (const auto& o : model.opset_import()) opsets_[normalDomain(o.domain())] = o.version();
        for (const auto& f : model.functions()) functions_.emplace(key(f.domain(), f.name()), &f);
    }

    Hazard walk() {
        if (auto h = opsetImportsOnce()) return h;
        if (auto h = graph(model_.graph(), "main graph", 0, nullptr)) return h;
        for (const auto& f : model_.functions())
            if (auto h = functionCalls(f, 0)) return h;
        return std::nullopt;
    }

  private:
    // A domain imported twice has no one version: the table and libonnx judged the nodes by the
    // last import while the engine computed by the first (fuzz finding, pipeline: opsets 6 and 0 of
    // the ONNX domain; an Add with one input was not judged at opset 0, and its kernel read a
    // second input at opset 6).
    Hazard opsetImportsOnce() const {
        std::unordered_map<std::string, int64_t> seen;
        for (const auto& o : model_.opset_import()) {
            auto [it, fresh] = seen.emplace(normalDomain(o.domain()), o.version());
            if (!fresh)
                return "the model imports domain '" +
                       (o.domain().empty() ? std::string("ai.onnx") : o.domain()) + "' twice (opset " +
                       str(it->second) + " and opset " + str(o.version()) +
                       "); a domain has one opset version";
        }
        return std::nullopt;
    }

    static std::string key(const std::string& domain, const std::string& name) {
        return normalDomain(domain) + ":" + name;
    }

    int64_t opset(const std::string& domain, const std::unordered_map<std::string, int64_t>& opsets) const {
        auto it = opsets.find(normalDomain(domain));
        return it == opsets.end() ? 0 : it->second;
    }

    Hazard node(const onnx::NodeProto& n, const std::string& where, int depth, TypeScope* scope,
                const std::unordered_map<std::string, int64_t>& opsets) {
        InputType type = [&](std::size_t i) -> const onnx::TypeProto* {
            if (!scope) return nullptr;
            return scope->lookup(n.input(static_cast<int>(i)));
        };
        // Which of two same-named attributes the table checks and which one inference (or the
        // importer) reads is not the same: the table would judge one value and libonnx use the
        // other. ONNX requires attribute names to be unique within a node.
        for (int i = 0; i < n.attribute_size(); ++i)
            for (int j = 0; j < i; ++j)
                if (n.attribute(i).name() == n.attribute(j).name())
                    return nodeLabel(n) + " in the " + where + ": attribute '" + n.attribute(i).name() +
                           "' appears twice (ONNX attribute names are unique within a node)";
        if (auto f = functions_.find(key(n.domain(), n.op_type())); f != functions_.end()) {
            // libonnx binds a call's inputs and outputs to the body's by position and reads each
            // one the function declares: a call giving fewer stopped the whole model's inference
            // ("Input 0 is out of bounds"), the nodes after it went unjudged, and folding later
            // gave them types the optimized model's reload refused (fuzz finding, pipeline).
            const onnx::FunctionProto& fn = *f->second;
            if (n.input_size() < fn.input_size() || n.output_size() < fn.output_size())
                return nodeLabel(n) + " in the " + where + ": it calls model-local function '" + fn.name() +
                       "' with " + str(n.input_size()) + " inputs and " + str(n.output_size()) +
                       " outputs; the function declares " + str(fn.input_size()) + " and " +
                       str(fn.output_size());
        }
        const Hazard h = nodeInferenceHazard(n, opset(n.domain(), opsets), type);
        if (h) return nodeLabel(n) + " in the " + where + ": " + *h;
        for (const auto& a : n.attribute()) {
            const std::string sub = "subgraph '" + a.name() + "' of " + nodeLabel(n);
            if (a.has_g())
                if (auto hg = graph(a.g(), sub, depth + 1, scope)) return hg;
            for (const auto& g : a.graphs())
                if (auto hg = graph(g, sub, depth + 1, scope)) return hg;
            if (a.has_tp())
                if (auto ht = typeHazardAt(a.tp(), 0))
                    return "attribute '" + a.name() + "' of " + nodeLabel(n) + ": " + *ht;
        }
        if (allTypes_ && scope) {
            takeConstantBranch(n, *scope);
            rememberConstant(n, *scope);
        }
        return std::nullopt;
    }

    // An If whose condition is a constant gives its outputs the types of the branch it takes, as
    // CondRemovePass will make it: the nodes reading them are judged by those. libonnx's inference
    // unions both branches and leaves an output untyped when they disagree, so a ConstantOfShape
    // reading a float through four constant Ifs, one of whose untaken branches declared a
    // sequence, loaded, and the optimized model's reload refused it (fuzz finding, pipeline).
    void takeConstantBranch(const onnx::NodeProto& n, TypeScope& scope) {
        const onnx::GraphProto *thenBranch = nullptr, *elseBranch = nullptr;
        if (!isIf(n, thenBranch, elseBranch) || n.input_size() < 1) return;
        const std::optional<bool> taken = constantCondition(scope.constant(n.input(0)));
        if (!taken) return;
        auto it = branchOutputTypes_.find(*taken ? thenBranch : elseBranch);
        if (it == branchOutputTypes_.end()) return;
        for (int i = 0; i < n.output_size() && i < static_cast<int>(it->second.size()); ++i)
            if (!n.output(i).empty() && it->second[static_cast<size_t>(i)])
                scope.types[n.output(i)] = it->second[static_cast<size_t>(i)].get();
    }

    static void rememberConstant(const onnx::NodeProto& n, TypeScope& scope) {
        if (n.op_type() != "Constant" || !normalDomain(n.domain()).empty() || n.output_size() < 1) return;
        for (const auto& a : n.attribute())
            if (a.name() == "value" && a.has_t()) scope.constants[n.output(0)] = &a.t();
    }

    static bool isIf(const onnx::NodeProto& n, const onnx::GraphProto*& thenBranch,
                     const onnx::GraphProto*& elseBranch) {
        if (n.op_type() != "If" || !normalDomain(n.domain()).empty()) return false;
        for (const auto& a : n.attribute()) {
            if (!a.has_g()) continue;
            if (a.name() == "then_branch") thenBranch = &a.g();
            if (a.name() == "else_branch") elseBranch = &a.g();
        }
        return thenBranch && elseBranch;  // the checker names a missing branch
    }

    Hazard graph(const onnx::GraphProto& g, const std::string& where, int depth, const TypeScope* parent) {
        if (depth > kMaxGraphNesting)
            return nestingTooDeep("subgraphs nest", kMaxGraphNesting) + ", in the " + where;
        TypeScope scope;
        scope.parent = parent;
        // Before inference, types come from the graph's inputs only, which optimizing leaves as
        // they are. The types of values that nodes produce (value_info, outputs) and initializers
        // (which may be values folding computed) are judged by the same rules inside libonnx
        // (installInferenceGuards), where the loader refuses what they find: one verdict for a
        // value whether a node, a declaration or folding gave its type.
        auto declare = [&](const onnx::ValueInfoProto& vi, bool givesType) -> Hazard {
            if (auto h = typeHazardAt(vi.type(), 0)) {
                if (allTypes_) return std::nullopt;
                return "value '" + vi.name() + "' in the " + where + ": " + *h;
            }
            if (givesType && vi.has_type()) scope.types.emplace(vi.name(), &vi.type());
            return std::nullopt;
        };
        for (const auto& vi : g.input())
            if (auto h = declare(vi, true)) return h;
        for (const auto* list : {&g.value_info(), &g.output()})
            for (const auto& vi : *list)
                if (auto h = declare(vi, allTypes_)) return h;
        if (allTypes_) {
            std::unordered_set<std::string> inputs;
            for (const auto& vi : g.input()) inputs.insert(vi.name());
            for (const auto& init : g.initializer()) {
                scope.owned.push_back(std::make_unique<onnx::TypeProto>(typeOfInitializer(init)));
                scope.types.emplace(init.name(), scope.owned.back().get());
                // One a graph input lists is that input's default, which a caller can override,
                // from IR 4. Before, every initializer had to be listed as an input and the
                // importer makes each a constant (onnx_import.cpp, importInputs), which
                // CondRemovePass then reads: judged as an input here, the Ifs on an IR 3 model's
                // constant condition went untaken at load and were removed by the pipeline, and
                // the reload refused what the taken branch declared (fuzz finding, pipeline).
                if (!inputs.count(init.name()) || model_.ir_version() < 4)
                    scope.constants.emplace(init.name(), &init);
            }
        }
        for (const auto& n : g.node())
            if (auto h = node(n, where, depth, &scope, opsets_)) return h;
        // Each output's type as this graph's walk knows it, for an If taking this graph as its
        // branch (copies: the scope's own types end with it).
        auto& outputs = branchOutputTypes_[&g];
        for (const auto& out : g.output()) {
            const onnx::TypeProto* t = scope.lookup(out.name());
            outputs.push_back(t && typeFullyKnown(*t) ? std::make_shared<onnx::TypeProto>(*t) : nullptr);
        }
        return std::nullopt;
    }

    // A function's body: the table applies to its nodes (ranks unknown), and the functions it
    // calls must not lead back to it (inference inlines each call).
    Hazard functionCalls(const onnx::FunctionProto& f, int depth) {
        const std::string k = key(f.domain(), f.name());
        if (done_.count(k)) return std::nullopt;
        if (onStack_.count(k))
            return "model-local function '" + f.name() + "' (domain '" + f.domain() +
                   "') is recursive: it calls itself, directly or through other functions, and ONNX "
                   "functions "
                   "cannot recurse (inference would inline it forever)";
        if (depth > kMaxFunctionCallDepth)
            return nestingTooDeep("model-local functions call each other", kMaxFunctionCallDepth);
        onStack_.insert(k);
        std::unordered_map<std::string, int64_t> opsets = opsets_;
        for (const auto& o : f.opset_import()) opsets[normalDomain(o.domain())] = o.version();
        Hazard h;
        const std::string where = "body of function '" + f.name() + "'";
        for (const auto& n : f.node()) {
            if ((h = node(n, where, 0, nullptr, opsets))) break;
            if ((h = calls(n, depth, 0))) break;
        }
        onStack_.erase(k);
        if (!h) done_.insert(k);
        return h;
    }

    // Follows the calls a function-body node makes, also from inside its subgraphs.
    Hazard calls(const onnx::NodeProto& n, int depth, int graphDepth) {
        if (graphDepth > kMaxGraphNesting)
            return nestingTooDeep("subgraphs nest", kMaxGraphNesting) + ", in a function body";
        auto it = functions_.find(key(n.domain(), n.op_type()));
        if (it != functions_.end())
            if (auto h = functionCalls(*it->second, depth + 1)) return h;
        for (const auto& a : n.attribute()) {
            if (a.has_g())
                for (const auto& inner : a.g().node())
                    if (auto h = calls(inner, depth, graphDepth + 1)) return h;
            for (const auto& g : a.graphs())
                for (const auto& inner : g.node())
                    if (auto h = calls(inner, depth, graphDepth + 1)) return h;
        }
        return std::nullopt;
    }

    const onnx::ModelProto& model_;
    bool allTypes_ = false;
    std::unordered_map<std::string, int64_t> opsets_;
    std::unordered_map<std::string, const onnx::FunctionProto*> functions_;
    std::unordered_set<std::string> onStack_, done_;
    // The output types of each graph walked (null where unknown), by position.
    std::unordered_map<const onnx::GraphProto*, std::vector<std::shared_ptr<onnx::TypeProto>>>
        branchOutputTypes_;
};

}  // namespace

namespace {

thread_local std::vector<std::string> tFindings;

// The view of a node libonnx is inferring: types are what inference knows at that point.
NodeView viewOf(onnx::InferenceContext& ctx, std::string_view opType, std::string_view domain,
                int sinceVersion) {
    NodeView v{opType,
               sinceVersion,
               static_cast<int>(ctx.getNumInputs()),
               static_cast<int>(ctx.getNumOutputs()),
               {},
               {},
               {},
               {},
               domain};
    v.attr = [&ctx](std::string_view name) { return ctx.getAttribute(std::string(name)); };
    v.type = [&ctx](std::size_t i) -> const onnx::TypeProto* {
        return i < ctx.getNumInputs() ? ctx.getInputType(i) : nullptr;
    };
    v.inputName = [](std::size_t i) { return std::to_string(i); };
    v.inputGiven = [](std::size_t) { return true; };  // judged before inference, on the NodeProto
    return v;
}

// Wraps one schema's inference function in the rules of its op (opRules).
void guardSchema(const onnx::OpSchema& s) {
    // Function ops without an inference function of their own: the nodes of their body are guarded.
    if (!s.has_type_and_shape_inference_function()) return;
    // The registry hands out const schemas, but they are ordinary objects it owns; the inference
    // function is replaced once, before any inference runs.
    auto* schema = const_cast<onnx::OpSchema*>(&s);
    auto original = schema->GetTypeAndShapeInferenceFunction();
    const std::string op = schema->Name(), domain = schema->domain();
    const int since = schema->SinceVersion();
    schema->TypeAndShapeInferenceFunction([original, schema, op, domain, since](onnx::InferenceContext& ctx) {
        if (auto h = opRules(viewOf(ctx, op, domain, since), schema)) {
            tFindings.push_back(op + ": " + *h);
            fail_shape_inference(op, ": ", *h);  // this node only; the others go on
        }
        original(ctx);
    });
    // Data propagation (the values of small int64 tensors, for shape arithmetic) runs its own
    // functions; libonnx's broadcasting ones (MathOpDataPropagator) read element 0 of an empty
    // operand (found by the op-level fuzzer: Mul of a scalar and a [0] initializer). Propagating
    // is optional, so a node with an empty propagated operand is not propagated: its value stays
    // unknown to inference, which only loses precision. Nor is one whose required input has no
    // type: inference goes on past a node it could not infer (a Less of shapes that do not
    // broadcast), and Shape's propagator reads its input's type without a null check (fuzz
    // finding, onnx_binary: SEGV inside libonnx).
    auto propagate = schema->GetDataPropagationFunction();
    const std::size_t required = static_cast<std::size_t>(std::max(schema->min_input(), 0));
    schema->PartialDataPropagationFunction([propagate, required](onnx::DataPropagationContext& ctx) {
        for (std::size_t i = 0; i < std::min(required, ctx.getNumInputs()); ++i)
            if (!ctx.getInputType(i)) return;
        for (std::size_t i = 0; i < ctx.getNumInputs(); ++i)
            if (const onnx::TensorShapeProto* data = ctx.getInputData(i); data && data->dim_size() == 0)
                return;
        propagate(ctx);
    });
}

}  // namespace

void installInferenceGuards() {
    static std::once_flag once;
    std::call_once(once, [] {
        // Every op of every domain, every version: the rules are per op, not per past crash
        // (issue 28). get_all_schemas_with_history hands out copies; the registry's own schemas
        // are found again by (name, version, domain).
        std::set<const onnx::OpSchema*> schemas;
        for (const onnx::OpSchema& copy : onnx::OpSchemaRegistry::get_all_schemas_with_history())
            if (const auto* s =
                    onnx::OpSchemaRegistry::Schema(copy.Name(), copy.SinceVersion(), copy.domain()))
                schemas.insert(s);
        for (const onnx::OpSchema* s : schemas) guardSchema(*s);
    });
}

std::vector<std::string> takeInferenceGuardFindings() {
    return std::exchange(tFindings, {});
}

std::optional<std::string> typeHazard(const onnx::TypeProto& type) {
    return typeHazardAt(type, 0);
}

std::optional<std::string> findModelHazard(const onnx::ModelProto& model) {
    return ModelWalker(model, false).walk();
}

std::optional<std::string> findTypedNodeHazard(const onnx::ModelProto& model) {
    return ModelWalker(model, true).walk();
}

}  // namespace passscope::io

#include "passes/constant_folding/value_range.h"

#include <algorithm>
#include <limits>

#include "ir/node_attributes.h"
#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "kernels/output_size.h"
#include "kernels/tensor_util.h"
#include "passes/constant_folding/folding.h"
#include "passes/constant_folding/kernel_call.h"

namespace passscope::value_range {
namespace {

constexpr int64_t kNoMin = ValueBounds::kNoMin;
constexpr int64_t kNoMax = ValueBounds::kNoMax;
const ValueBounds kOpen{};

ValueBounds exactly(int64_t v) {
    return ValueBounds{v, v};
}

// The values an integer dtype holds, as int64 bounds (uint64 beyond int64 is left open).
ValueBounds typeBounds(DataType t) {
    switch (t) {
        case DataType::Int8:
            return {std::numeric_limits<int8_t>::min(), std::numeric_limits<int8_t>::max()};
        case DataType::Int16:
            return {std::numeric_limits<int16_t>::min(), std::numeric_limits<int16_t>::max()};
        case DataType::Int32:
            return {std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()};
        case DataType::UInt8:
            return {0, std::numeric_limits<uint8_t>::max()};
        case DataType::UInt16:
            return {0, std::numeric_limits<uint16_t>::max()};
        case DataType::UInt32:
            return {0, std::numeric_limits<uint32_t>::max()};
        case DataType::UInt64:
            return {0, kNoMax};
        default:
            return kOpen;
    }
}

// ---- interval arithmetic; a bound that overflows int64 becomes open ----

std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    return r;
}
std::optional<int64_t> checkedSub(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
    return r;
}
std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}

// A result bound: open when either operand bound is open or the operation overflows.
int64_t lowerOf(int64_t a, int64_t b, std::optional<int64_t> (*op)(int64_t, int64_t)) {
    if (a == kNoMin || b == kNoMin || a == kNoMax || b == kNoMax) return kNoMin;
    auto r = op(a, b);
    return r && *r != kNoMax ? *r : kNoMin;
}
int64_t upperOf(int64_t a, int64_t b, std::optional<int64_t> (*op)(int64_t, int64_t)) {
    if (a == kNoMin || b == kNoMin || a == kNoMax || b == kNoMax) return kNoMax;
    auto r = op(a, b);
    return r && *r != kNoMin ? *r : kNoMax;
}

ValueBounds addBounds(const ValueBounds& a, const ValueBounds& b) {
    return {lowerOf(a.min, b.min, checkedAdd), upperOf(a.max, b.max, checkedAdd)};
}
ValueBounds subBounds(const ValueBounds& a, const ValueBounds& b) {
    return {lowerOf(a.min, b.max, checkedSub), upperOf(a.max, b.min, checkedSub)};
}
ValueBounds mulBounds(const ValueBounds& a, const ValueBounds& b) {
    if (a == exactly(0) || b == exactly(0)) return exactly(0);
    const bool finite = a.min != kNoMin && a.max != kNoMax && b.min != kNoMin && b.max != kNoMax;
    if (finite) {
        int64_t lo = kNoMax, hi = kNoMin;
        bool overflow = false;
        for (int64_t x : {a.min, a.max})
            for (int64_t y : {b.min, b.max}) {
                auto p = checkedMul(x, y);
                overflow |= !p;
                if (!p) continue;
                lo = std::min(lo, *p);
                hi = std::max(hi, *p);
            }
        if (!overflow) return {lo, hi};
    }
    // Open but non-negative on both sides (dims): the product grows with both.
    if (a.min >= 0 && b.min >= 0) {
        auto lo = checkedMul(a.min, b.min);
        return {lo ? *lo : kNoMin, upperOf(a.max, b.max, checkedMul)};
    }
    return kOpen;
}
// Integer Div, non-negative by positive only (where truncation and floor agree): decreasing in
// the divisor, increasing in the dividend.
ValueBounds divBounds(const ValueBounds& a, const ValueBounds& b) {
    if (a.min < 0 || b.min <= 0 || a.min == kNoMin || b.min == kNoMin) return kOpen;
    const int64_t lo = b.max == kNoMax ? 0 : a.min / b.max;
    const int64_t hi = a.max == kNoMax ? kNoMax : a.max / b.min;
    return {lo, hi};
}
ValueBounds negBounds(const ValueBounds& a) {
    const int64_t lo = a.max == kNoMax ? kNoMin : -a.max;
    const int64_t hi = a.min == kNoMin ? kNoMax : -a.min;
    return {lo, hi};
}
ValueBounds absBounds(const ValueBounds& a) {
    if (a.min >= 0) return a;
    if (a.max != kNoMax && a.max <= 0) return negBounds(a);
    if (a.min == kNoMin || a.max == kNoMax) return {0, kNoMax};
    return {0, std::max(-a.min, a.max)};
}
ValueBounds maxBounds(const ValueBounds& a, const ValueBounds& b) {
    return {std::max(a.min, b.min), std::max(a.max, b.max)};
}
ValueBounds minBounds(const ValueBounds& a, const ValueBounds& b) {
    return {std::min(a.min, b.min), std::min(a.max, b.max)};
}
// Cast to another integer type: the same values when they all fit, else unknown (wrapping).
ValueBounds castBounds(const ValueBounds& a, DataType to) {
    const ValueBounds t = typeBounds(to);
    if (a.min == kNoMin || a.max == kNoMax) {
        if (a.min >= t.min && t.max == kNoMax) return a;
        return t;
    }
    if (a.min >= t.min && a.max <= t.max) return a;
    return t;
}

// ---- sources ----

// The source to keep for an element computed from several inputs: the first input element that
// is not exact and says which dim it is.
std::shared_ptr<const DimSource> pickSource(const std::vector<const Element*>& from) {
    for (const Element* e : from)
        if (e && !e->bounds.known() && e->source) return e->source;
    return nullptr;
}

RangedValue exactTensorRange(const std::vector<int64_t>& dims, DataType dtype,
                             const std::vector<int64_t>& values) {
    RangedValue r;
    r.dtype = dtype;
    r.dims = dims;
    for (int64_t v : values) r.elements.push_back(Element{exactly(v), nullptr});
    return r;
}

std::optional<int64_t> countOf(const std::vector<int64_t>& dims) {
    auto n = checkedElementCount(dims);
    if (!n || *n > kMaxElements) return std::nullopt;
    return n;
}

// ---- Shape and Size: from the input's static dims ----

std::optional<RangedValue> shapeRange(const Node& n, int64_t opset, const InputFact& in) {
    if (!in.desc || !in.desc->originShape.rankKnown()) return std::nullopt;
    const Shape& shape = in.desc->originShape;
    const int64_t rank = static_cast<int64_t>(shape.rank());
    if (n.opType() == "Size") {
        ValueBounds b = exactly(1);
        std::shared_ptr<const DimSource> source;
        for (int64_t i = 0; i < rank; ++i) {
            const Dim& d = shape[static_cast<size_t>(i)];
            b = mulBounds(b, d.isKnown() ? exactly(d.value) : ValueBounds{0, kNoMax});
            if (!d.isKnown() && !source)
                source = std::make_shared<DimSource>(DimSource{in.name, i, d.symbol});
        }
        RangedValue r;
        r.dtype = DataType::Int64;
        r.elements.push_back(Element{b, b.known() ? nullptr : source});
        r.partial = !shape.isStatic();
        return r;
    }
    const auto [start, end] = folding::shapeReadRange(n, rank, opset);
    RangedValue r;
    r.dtype = DataType::Int64;
    r.partial = !shape.isStatic();
    r.dims = {std::max<int64_t>(0, end - start)};
    for (int64_t i = start; i < end; ++i) {
        const Dim& d = shape[static_cast<size_t>(i)];
        if (d.isKnown())
            r.elements.push_back(Element{exactly(d.value), nullptr});
        else  // ONNX dims are never negative; nothing bounds them above
            r.elements.push_back(Element{ValueBounds{0, kNoMax},
                                         std::make_shared<DimSource>(DimSource{in.name, i, d.symbol})});
    }
    return r;
}

// ---- data movement: the op's own kernel applied to element indices ----

bool movesData(const std::string& op) {
    static const char* const kOps[] = {"Identity", "Gather",  "Slice",  "Concat", "Unsqueeze", "Squeeze",
                                       "Reshape",  "Flatten", "Expand", "Tile",   "Transpose", "Split"};
    return std::any_of(std::begin(kOps), std::end(kOps), [&](const char* o) { return op == o; });
}

bool isDataInput(const std::string& op, size_t i) {
    return op == "Concat" || i == 0;
}

std::optional<Tensor> exactTensor(const InputFact& f) {
    if (f.tensor) return f.tensor;
    if (f.range && f.range->exact()) return toTensor(*f.range);
    return std::nullopt;
}

std::vector<std::optional<RangedValue>> moveRange(const Node& n, int64_t opset,
                                                  const kernels::KernelRegistry& kernels,
                                                  const std::vector<InputFact>& inputs) {
    std::vector<std::optional<RangedValue>> none(n.outputs().size());
    kernels::KernelFn fn = kernels.find(n.domain(), n.opType(), opset);
    if (!fn || inputs.empty()) return none;
    std::vector<const Element*> pool;  // global index -> element of some data input
    std::vector<std::optional<Tensor>> args;
    DataType dtype = DataType::Undefined;
    bool partial = false;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const InputFact& f = inputs[i];
        if (!f.present) {
            args.emplace_back();
            continue;
        }
        if (!isDataInput(n.opType(), i)) {
            auto t = exactTensor(f);
            if (!t) return none;  // axes, indices, shapes must be known
            args.push_back(std::move(*t));
            continue;
        }
        if (!f.range) return none;
        if (dtype != DataType::Undefined && dtype != f.range->dtype) return none;
        dtype = f.range->dtype;
        partial |= f.range->partial;
        std::vector<int64_t> indices;
        for (const Element& e : f.range->elements) {
            indices.push_back(static_cast<int64_t>(pool.size()));
            pool.push_back(&e);
        }
        args.push_back(kernels::makeTensor(f.range->dims, indices));
    }
    kernels::KernelContext kc(n, opset, std::move(args));
    try {
        const kernels::OutputEstimate estimate = kernels::estimateOutputBytes(kc, false);
        if (!estimate.known || estimate.bytes > static_cast<double>(kMaxElements * sizeof(int64_t) * 4))
            return none;
    } catch (const std::exception&) {
        return none;
    }
    kernels::KernelResult r = folding::evaluateKernel(fn, kc);
    if (r.status != kernels::KernelStatus::Ok || r.outputs.size() < n.outputs().size()) return none;
    std::vector<std::optional<RangedValue>> out(n.outputs().size());
    for (size_t o = 0; o < n.outputs().size(); ++o) {
        const Tensor& t = r.outputs[o];
        if (t.dtype() != DataType::Int64 || !countOf(t.dims())) continue;
        RangedValue v;
        v.dtype = dtype;
        v.dims = t.dims();
        v.partial = partial;
        for (int64_t idx : kernels::toInt64s(t)) {
            if (idx < 0 || static_cast<size_t>(idx) >= pool.size()) return none;  // not a pure move
            v.elements.push_back(*pool[static_cast<size_t>(idx)]);
        }
        out[o] = std::move(v);
    }
    return out;
}

// ---- elementwise arithmetic with numpy broadcasting ----

using Binary = ValueBounds (*)(const ValueBounds&, const ValueBounds&);
using Unary = ValueBounds (*)(const ValueBounds&);

std::optional<RangedValue> elementwise(const std::vector<InputFact>& inputs, DataType outType, Binary binary,
                                       Unary unary) {
    std::vector<std::vector<int64_t>> dims;
    for (const InputFact& f : inputs) {
        if (!f.present || !f.range) return std::nullopt;
        dims.push_back(f.range->dims);
    }
    if (dims.empty()) return std::nullopt;
    std::vector<int64_t> outDims;
    try {
        outDims = kernels::broadcastShapes(dims);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    const auto count = countOf(outDims);
    if (!count) return std::nullopt;
    std::vector<std::vector<int64_t>> maps;
    for (const auto& d : dims) maps.push_back(kernels::broadcastIndex(d, outDims));
    RangedValue r;
    r.dtype = outType;
    r.dims = outDims;
    r.partial =
        std::any_of(inputs.begin(), inputs.end(), [](const InputFact& f) { return f.range->partial; });
    for (int64_t i = 0; i < *count; ++i) {
        std::vector<const Element*> from;
        for (size_t k = 0; k < inputs.size(); ++k)
            from.push_back(&inputs[k].range->elements[static_cast<size_t>(maps[k][static_cast<size_t>(i)])]);
        ValueBounds b = unary ? unary(from[0]->bounds) : from[0]->bounds;
        for (size_t k = 1; k < from.size() && binary; ++k) b = binary(b, from[k]->bounds);
        b = castBounds(b, outType);  // a result outside its type wraps: unknown
        r.elements.push_back(Element{b, b.known() ? nullptr : pickSource(from)});
    }
    return r;
}

std::optional<RangedValue> arithmeticRange(const Node& n, const std::vector<InputFact>& inputs) {
    const std::string& op = n.opType();
    if (inputs.empty() || !inputs[0].range) return std::nullopt;
    const DataType type = inputs[0].range->dtype;
    for (const InputFact& f : inputs)
        if (!f.range || f.range->dtype != type) return std::nullopt;  // ONNX: one type for all
    const bool twoInputs = inputs.size() == 2;
    if (op == "Add" && twoInputs) return elementwise(inputs, type, addBounds, nullptr);
    if (op == "Sub" && twoInputs) return elementwise(inputs, type, subBounds, nullptr);
    if (op == "Mul" && twoInputs) return elementwise(inputs, type, mulBounds, nullptr);
    if (op == "Div" && twoInputs) return elementwise(inputs, type, divBounds, nullptr);
    if (op == "Max") return elementwise(inputs, type, maxBounds, nullptr);
    if (op == "Min") return elementwise(inputs, type, minBounds, nullptr);
    if (op == "Neg" && inputs.size() == 1) return elementwise(inputs, type, nullptr, negBounds);
    if (op == "Abs" && inputs.size() == 1) return elementwise(inputs, type, nullptr, absBounds);
    return std::nullopt;
}

std::optional<RangedValue> castRange(const Node& n, const std::vector<InputFact>& inputs) {
    if (inputs.size() != 1 || !inputs[0].range) return std::nullopt;
    const DataType to = static_cast<DataType>(n.attrInt("to", 0));
    if (!isIntegerType(to)) return std::nullopt;
    RangedValue r = *inputs[0].range;
    r.dtype = to;
    for (Element& e : r.elements) {
        e.bounds = castBounds(e.bounds, to);
        if (e.bounds.known()) e.source = nullptr;
    }
    return r;
}

}  // namespace

std::string describe(const DimSource& s) {
    std::string text = "dim " + std::to_string(s.dim) + " of '" + s.tensor + "' is ";
    return text + (s.symbol.empty() ? std::string("unknown") : "symbolic ('" + s.symbol + "')");
}

bool RangedValue::exact() const {
    return std::all_of(elements.begin(), elements.end(), [](const Element& e) { return e.bounds.known(); });
}

bool RangedValue::informative() const {
    return std::any_of(elements.begin(), elements.end(),
                       [](const Element& e) { return e.bounds.min != kNoMin || e.bounds.max != kNoMax; });
}

std::vector<ValueBounds> RangedValue::bounds() const {
    std::vector<ValueBounds> out;
    out.reserve(elements.size());
    for (const Element& e : elements) out.push_back(e.bounds);
    return out;
}

const Element* RangedValue::firstInexact() const {
    for (const Element& e : elements)
        if (!e.bounds.known()) return &e;
    return nullptr;
}

std::optional<RangedValue> fromTensor(const Tensor& t) {
    if (!isIntegerType(t.dtype()) || !countOf(t.dims()) || !t.rawData()) return std::nullopt;
    if (t.elementCount() == 0) return exactTensorRange(t.dims(), t.dtype(), {});
    std::vector<int64_t> values = kernels::toInt64s(t);
    if (t.dtype() == DataType::UInt64)  // beyond int64: not representable here
        for (int64_t v : values)
            if (v < 0) return std::nullopt;
    return exactTensorRange(t.dims(), t.dtype(), values);
}

std::optional<RangedValue> fromDesc(const TensorDesc& d) {
    if (d.valueRange.empty() || !isIntegerType(d.dtype)) return std::nullopt;
    auto dims = d.originShape.extents();
    if (!dims) return std::nullopt;
    auto count = checkedElementCount(*dims);
    if (!count || static_cast<size_t>(*count) != d.valueRange.size()) return std::nullopt;
    RangedValue r;
    r.dtype = d.dtype;
    r.dims = *dims;
    for (const ValueBounds& b : d.valueRange) r.elements.push_back(Element{b, nullptr});
    return r;
}

Tensor toTensor(const RangedValue& v) {
    std::vector<int64_t> values;
    values.reserve(v.elements.size());
    for (const Element& e : v.elements) values.push_back(e.bounds.min);
    return kernels::dispatch<kernels::kSigned | kernels::kUnsigned>(v.dtype, [&](auto tag) {
        using T = decltype(tag);
        std::vector<T> typed(values.begin(), values.end());
        return kernels::makeTensor<T>(v.dims, typed);
    });
}

RangedValue intersect(RangedValue a, const RangedValue& b) {
    if (a.dtype != b.dtype || a.dims != b.dims || a.elements.size() != b.elements.size()) return a;
    for (size_t i = 0; i < a.elements.size(); ++i) {
        ValueBounds& x = a.elements[i].bounds;
        const ValueBounds& y = b.elements[i].bounds;
        const ValueBounds both{std::max(x.min, y.min), std::min(x.max, y.max)};
        if (both.min > both.max) continue;  // contradictory facts: keep the computed one
        x = both;
        if (x.known())
            a.elements[i].source = nullptr;
        else if (!a.elements[i].source)
            a.elements[i].source = b.elements[i].source;
    }
    return a;
}

InputFact Facts::fact(const Graph& g, const ValueRef& ref) const {
    InputFact f;
    if (!ref.valid()) return f;
    const NodeOutput* v = g.value(ref);
    const Node* p = g.producer(ref);
    if (!v || !p) return f;
    f.present = true;
    if (ref.depth == 0) f.producer = ref.node;
    f.desc = &v->desc;
    f.name = v->name;
    if (const Tensor* t = folding::constantValue(g, ref)) {
        f.origin = InputFact::Origin::Constant;
        f.tensor = *t;
        f.range = fromTensor(*t);
        return f;
    }
    if (op::isPotentialConst(*p)) {
        const Attribute* w = p->findAttr(op::attr::kPotentialWeight);
        const auto* weights = w ? std::get_if<std::vector<Tensor>>(&w->value) : nullptr;
        if (weights && ref.output < weights->size()) {
            f.origin = InputFact::Origin::PotentialConst;
            f.markedBy = op::potentialConstSource(*p);
            f.tensor = (*weights)[ref.output];
            f.range = fromTensor(*f.tensor);
            return f;
        }
    }
    // A node the user (or GE) keeps from folding stays computed, and so do the values read from it.
    if (op::doNotFold(*p) || op::noNeedFolding(*p)) return f;
    if (ref.depth == 0) {
        auto it = computed_.find((uint64_t(ref.node) << 32) | ref.output);
        if (it != computed_.end()) f.range = it->second;
    }
    if (auto recorded = fromDesc(v->desc))
        f.range = f.range ? intersect(std::move(*f.range), *recorded) : *recorded;
    if (f.range) {
        f.origin = InputFact::Origin::Range;
        if (f.range->exact()) f.tensor = toTensor(*f.range);
    }
    return f;
}

std::vector<InputFact> Facts::inputsOf(const Graph& g, const Node& n) const {
    std::vector<InputFact> out;
    out.reserve(n.inputs().size());
    for (const ValueRef& r : n.inputs()) out.push_back(fact(g, r));
    return out;
}

void Facts::record(NodeId node, size_t output, RangedValue value) {
    computed_[(uint64_t(node) << 32) | output] = std::move(value);
}

std::vector<std::optional<RangedValue>> infer(const Node& n, int64_t opset,
                                              const kernels::KernelRegistry& kernels,
                                              const std::vector<InputFact>& inputs) {
    std::vector<std::optional<RangedValue>> out(n.outputs().size());
    if (out.empty() || !op::isOnnxDomain(n.domain())) return out;
    const std::string& op = n.opType();
    if (op::isShapeOp(op, n.domain())) {
        if (!inputs.empty()) out[0] = shapeRange(n, opset, inputs[0]);
        return out;
    }
    if (movesData(op)) return moveRange(n, opset, kernels, inputs);
    if (op == "Cast") {
        out[0] = castRange(n, inputs);
        return out;
    }
    out[0] = arithmeticRange(n, inputs);
    return out;
}

}  // namespace passscope::value_range

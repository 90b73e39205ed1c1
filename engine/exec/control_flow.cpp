#include "exec/control_flow.h"

#include <algorithm>
#include <cstring>

#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "kernels/tensor_util.h"

namespace passscope::exec {
namespace {

using Values = std::vector<Tensor>;

int64_t extentProduct(const std::vector<int64_t>& dims, size_t from, size_t to) {
    int64_t p = 1;
    for (size_t i = from; i < to && i < dims.size(); ++i) p *= dims[i];
    return p;
}

const Graph* bodyOf(const Node& n, std::string_view attribute) {
    const Attribute* a = n.findAttr(attribute);
    const GraphPtr* g = a ? std::get_if<GraphPtr>(&a->value) : nullptr;
    return g && *g ? g->get() : nullptr;
}

bool truth(const Tensor& t, const char* what) {
    if (t.elementCount() != 1) throw std::runtime_error(std::string(what) + " is not a single element");
    if (t.dtype() == DataType::Bool) return kernels::boolValues(t)[0] != 0;
    return kernels::scalarDouble(t) != 0;
}

Tensor boolScalar(bool v) {
    return kernels::makeTensor<bool>({}, {v});
}

// A value a body returns, checked against how many it must return.
std::optional<std::string> wrongCount(const Graph& body, const Values& out, size_t expected) {
    if (out.size() == expected) return std::nullopt;
    return "its body '" + body.name + "' returns " + std::to_string(out.size()) + " values, " +
           std::to_string(expected) + " expected";
}

// The empty stack of a scan output no iteration produced: [0, declared dims...] when the body
// declares its output's shape in full, else [0]; its declared dtype.
Tensor emptyStack(const Graph& body, size_t output, size_t axis) {
    const Node& out = body.node(body.netOutput());
    TensorDesc desc;
    if (output < out.inputDescs().size()) desc = out.inputDescs()[output];
    if (desc.dtype == DataType::Undefined && output < out.inputs().size())
        if (const NodeOutput* v = body.value(out.input(output))) desc = v->desc;
    std::vector<int64_t> dims;
    if (desc.originShape.rankKnown() && desc.originShape.isStatic())
        for (const Dim& d : desc.originShape.dims()) dims.push_back(d.value);
    dims.insert(dims.begin() + static_cast<std::ptrdiff_t>(std::min(axis, dims.size())), 0);
    if (desc.dtype == DataType::String) return Tensor(dims, std::vector<std::string>{});
    return Tensor(desc.dtype == DataType::Undefined ? DataType::Float : desc.dtype, dims,
                  std::make_shared<StringBuffer>(std::string()));
}

std::string stackedTooLarge(const Tensor& t, uint64_t maxBytes) {
    if (maxBytes == 0 || t.byteSize() <= maxBytes) return {};
    return "a scan output would take " + std::to_string(t.byteSize()) + " bytes, over the limit of " +
           std::to_string(maxBytes) + " bytes per value";
}

BodyOutcome evaluateIf(const Node& n, const std::vector<std::optional<Tensor>>& in, const BodyRunner& run) {
    if (in.empty() || !in[0]) return std::string("If has no condition");
    const bool cond = truth(*in[0], "the condition");
    const char* attr = cond ? "then_branch" : "else_branch";
    const Graph* body = bodyOf(n, attr);
    if (!body) return std::string("If has no ") + attr;
    BodyOutcome r = run(*body, {});
    if (auto* out = std::get_if<Values>(&r))
        if (auto why = wrongCount(*body, *out, n.outputs().size())) return *why;
    return r;
}

// ONNX Loop (opsets 1 to 19): inputs M, cond, v_initial...; the body takes (iteration_num, cond,
// v...) and returns (cond, v..., scan_outputs...); outputs are the final v and each scan output
// stacked along a new first axis.
BodyOutcome evaluateLoop(const Node& n, const std::vector<std::optional<Tensor>>& in, const BodyRunner& run,
                         const ControlFlowLimits& limits) {
    const Graph* body = bodyOf(n, "body");
    if (!body) return std::string("Loop has no body");
    if (in.size() < 2) return std::string("Loop needs its M and cond inputs (they may be empty names)");
    const size_t carried = in.size() - 2;
    if (body->inputs().size() != carried + 2)
        return "its body takes " + std::to_string(body->inputs().size()) + " inputs, " +
               std::to_string(carried + 2) + " expected";
    const std::optional<int64_t> tripCount =
        in[0] ? std::optional<int64_t>(kernels::scalarInt(*in[0])) : std::nullopt;
    bool cond = in[1] ? truth(*in[1], "the condition") : true;
    if (!tripCount && !in[1])
        return std::string("a Loop with neither a trip count nor a condition never ends");
    Values state;
    for (size_t i = 0; i < carried; ++i) {
        if (!in[2 + i]) return std::string("a loop-carried input is missing");
        state.push_back(*in[2 + i]);
    }
    const size_t bodyOutputs = body->node(body->netOutput()).inputs().size();
    if (bodyOutputs < carried + 1) return std::string("its body returns fewer values than it carries");
    const size_t scans = bodyOutputs - 1 - carried;
    std::vector<Values> scanned(scans);
    int64_t i = 0;
    for (; (!tripCount || i < *tripCount) && cond; ++i) {
        if (limits.cancel && limits.cancel->load(std::memory_order_relaxed))
            return std::string(kCancelledReason);
        if (i >= limits.maxIterations)
            return "stopped after " + std::to_string(limits.maxIterations) + " iterations";
        Values args{kernels::makeTensor<int64_t>({}, {i}), boolScalar(cond)};
        args.insert(args.end(), state.begin(), state.end());
        BodyOutcome r = run(*body, args);
        auto* out = std::get_if<Values>(&r);
        if (!out) return r;
        if (auto why = wrongCount(*body, *out, bodyOutputs)) return *why;
        cond = truth((*out)[0], "the body's condition");
        std::copy(out->begin() + 1, out->begin() + 1 + static_cast<std::ptrdiff_t>(carried), state.begin());
        for (size_t k = 0; k < scans; ++k) scanned[k].push_back((*out)[1 + carried + k]);
    }
    Values outputs = std::move(state);
    for (size_t k = 0; k < scans; ++k) {
        Tensor stacked =
            scanned[k].empty() ? emptyStack(*body, 1 + carried + k, 0) : stackAlong(scanned[k], 0);
        if (auto why = stackedTooLarge(stacked, limits.maxBytes); !why.empty()) return why;
        outputs.push_back(std::move(stacked));
    }
    outputs.resize(std::min(outputs.size(), n.outputs().size()));
    return outputs;
}

size_t normalizedAxis(int64_t axis, size_t rank, const char* what) {
    const int64_t r = static_cast<int64_t>(rank);
    if (axis < -r || axis >= r)
        throw std::runtime_error(std::string(what) + " " + std::to_string(axis) + " is out of range");
    return static_cast<size_t>(axis < 0 ? axis + r : axis);
}

// One Scan over a sequence: `states` the initial state values, `sequences` the scan inputs (the
// sequence along axes[m], read backwards where reverse[m]). Returns the final states, then each
// scan output stacked along outAxes[k] (its order reversed where outReverse[k]).
BodyOutcome scanOnce(const Graph& body, Values states, const Values& sequences,
                     const std::vector<size_t>& axes, const std::vector<bool>& reverse,
                     const std::vector<int64_t>& outAxes, const std::vector<bool>& outReverse,
                     const BodyRunner& run, const ControlFlowLimits& limits) {
    int64_t length = -1;
    for (size_t m = 0; m < sequences.size(); ++m) {
        const int64_t l = sequences[m].dims()[axes[m]];
        if (length >= 0 && l != length) return std::string("the scan inputs differ in sequence length");
        length = l;
    }
    if (length < 0) return std::string("Scan has no scan input");
    const size_t bodyOutputs = body.node(body.netOutput()).inputs().size();
    if (bodyOutputs < states.size()) return std::string("its body returns fewer values than its states");
    const size_t scans = bodyOutputs - states.size();
    std::vector<Values> scanned(scans);
    for (int64_t t = 0; t < length; ++t) {
        if (limits.cancel && limits.cancel->load(std::memory_order_relaxed))
            return std::string(kCancelledReason);
        Values args = states;
        for (size_t m = 0; m < sequences.size(); ++m)
            args.push_back(sliceAlong(sequences[m], axes[m], reverse[m] ? length - 1 - t : t));
        BodyOutcome r = run(body, args);
        auto* out = std::get_if<Values>(&r);
        if (!out) return r;
        if (auto why = wrongCount(body, *out, bodyOutputs)) return *why;
        std::copy(out->begin(), out->begin() + static_cast<std::ptrdiff_t>(states.size()), states.begin());
        for (size_t k = 0; k < scans; ++k) scanned[k].push_back((*out)[states.size() + k]);
    }
    Values outputs = std::move(states);
    for (size_t k = 0; k < scans; ++k) {
        const int64_t axis = k < outAxes.size() ? outAxes[k] : 0;
        if (k < outReverse.size() && outReverse[k]) std::reverse(scanned[k].begin(), scanned[k].end());
        const size_t sliceRank = scanned[k].empty() ? 0 : scanned[k][0].dims().size();
        const size_t at = normalizedAxis(axis, sliceRank + 1, "scan_output_axes entry");
        Tensor stacked =
            scanned[k].empty() ? emptyStack(body, outputs.size() + k, at) : stackAlong(scanned[k], at);
        if (auto why = stackedTooLarge(stacked, limits.maxBytes); !why.empty()) return why;
        outputs.push_back(std::move(stacked));
    }
    return outputs;
}

std::vector<bool> directions(const Node& n, const char* attr, size_t count) {
    std::vector<bool> out(count, false);
    if (const Attribute* a = n.findAttr(attr))
        if (const auto* v = std::get_if<std::vector<int64_t>>(&a->value))
            for (size_t i = 0; i < v->size() && i < count; ++i) out[i] = (*v)[i] != 0;
    return out;
}

std::vector<int64_t> intsAttr(const Node& n, const char* attr) {
    if (const Attribute* a = n.findAttr(attr))
        if (const auto* v = std::get_if<std::vector<int64_t>>(&a->value)) return *v;
    return {};
}

// ONNX Scan, opset 9 on: inputs are N initial states then M scan inputs (num_scan_inputs).
BodyOutcome evaluateScan(const Node& n, const std::vector<std::optional<Tensor>>& in, const BodyRunner& run,
                         const ControlFlowLimits& limits) {
    const Graph* body = bodyOf(n, "body");
    if (!body) return std::string("Scan has no body");
    const int64_t m = n.attrInt("num_scan_inputs", -1);
    if (m < 1 || static_cast<size_t>(m) > in.size())
        return std::string("num_scan_inputs is missing or too large");
    const size_t stateCount = in.size() - static_cast<size_t>(m);
    Values states, sequences;
    for (size_t i = 0; i < in.size(); ++i) {
        if (!in[i]) return std::string("a Scan input is missing");
        (i < stateCount ? states : sequences).push_back(*in[i]);
    }
    const std::vector<int64_t> inAxes = intsAttr(n, "scan_input_axes");
    std::vector<size_t> axes;
    for (size_t k = 0; k < sequences.size(); ++k)
        axes.push_back(normalizedAxis(k < inAxes.size() ? inAxes[k] : 0, sequences[k].dims().size(),
                                      "scan_input_axes entry"));
    const size_t bodyOutputs = body->node(body->netOutput()).inputs().size();
    const size_t scans = bodyOutputs > stateCount ? bodyOutputs - stateCount : 0;
    return scanOnce(*body, std::move(states), sequences, axes,
                    directions(n, "scan_input_directions", sequences.size()), intsAttr(n, "scan_output_axes"),
                    directions(n, "scan_output_directions", scans), run, limits);
}

// ONNX Scan, opset 8: an optional sequence_lens first, a batch axis 0 on every input and output,
// the sequence along axis 1 of the scan inputs; each batch entry is scanned on its own.
BodyOutcome evaluateScan8(const Node& n, const std::vector<std::optional<Tensor>>& in, const BodyRunner& run,
                          const ControlFlowLimits& limits) {
    const Graph* body = bodyOf(n, "body");
    if (!body) return std::string("Scan has no body");
    const int64_t m = n.attrInt("num_scan_inputs", -1);
    if (m < 1 || static_cast<size_t>(m) + 1 > in.size())
        return std::string("num_scan_inputs is missing or too large");
    const size_t stateCount = in.size() - 1 - static_cast<size_t>(m);
    for (size_t i = 1; i < in.size(); ++i)
        if (!in[i] || in[i]->dims().empty())
            return std::string("a Scan input is missing or has no batch axis");
    const int64_t batch = in[1]->dims()[0];
    for (size_t i = 1 + stateCount; i < in.size(); ++i)
        if (in[i]->dims().size() < 2) return std::string("a scan input has no sequence axis");
    if (in[0]) {
        const int64_t full = in[1 + stateCount]->dims()[1];
        for (int64_t l : kernels::toInt64s(*in[0]))
            if (l != full) return std::string("sequence_lens shorter than the sequence are not evaluated");
    }
    const std::vector<bool> reverse = directions(n, "directions", static_cast<size_t>(m));
    std::vector<Values> perOutput;
    for (int64_t b = 0; b < batch; ++b) {
        Values states, sequences;
        for (size_t i = 1; i < in.size(); ++i)
            (i <= stateCount ? states : sequences).push_back(sliceAlong(*in[i], 0, b));
        BodyOutcome r = scanOnce(*body, std::move(states), sequences,
                                 std::vector<size_t>(sequences.size(), 0), reverse, {}, {}, run, limits);
        auto* out = std::get_if<Values>(&r);
        if (!out) return r;
        perOutput.resize(out->size());
        for (size_t k = 0; k < out->size(); ++k) perOutput[k].push_back((*out)[k]);
    }
    Values outputs;
    for (Values& parts : perOutput) outputs.push_back(stackAlong(parts, 0));
    return outputs;
}

}  // namespace

bool isEvaluatedControlFlow(const Node& n) {
    return op::isOnnxDomain(n.domain()) &&
           (n.opType() == "If" || n.opType() == "Loop" || n.opType() == "Scan");
}

BodyOutcome evaluateControlFlow(const Node& n, int64_t opset,
                                const std::vector<std::optional<Tensor>>& inputs, const BodyRunner& run,
                                const ControlFlowLimits& limits) {
    try {
        if (n.opType() == "If") return evaluateIf(n, inputs, run);
        if (n.opType() == "Loop") return evaluateLoop(n, inputs, run, limits);
        if (n.opType() == "Scan")
            return opset < 9 ? evaluateScan8(n, inputs, run, limits) : evaluateScan(n, inputs, run, limits);
    } catch (const std::exception& e) {  // a malformed condition, slice or stack: a reason, never a crash
        return std::string(e.what());
    }
    return "no evaluation for " + n.opType();
}

Tensor sliceAlong(const Tensor& t, size_t axis, int64_t index) {
    const std::vector<int64_t>& dims = t.dims();
    if (axis >= dims.size() || index < 0 || index >= dims[axis])
        throw std::runtime_error("a slice is outside its tensor");
    std::vector<int64_t> outDims = dims;
    outDims.erase(outDims.begin() + static_cast<std::ptrdiff_t>(axis));
    const int64_t outer = extentProduct(dims, 0, axis), length = dims[axis];
    const int64_t inner = extentProduct(dims, axis + 1, dims.size());
    if (t.dtype() == DataType::String) {
        const std::vector<std::string>& s = t.strings();
        std::vector<std::string> out;
        for (int64_t o = 0; o < outer; ++o)
            for (int64_t i = 0; i < inner; ++i)
                out.push_back(s[static_cast<size_t>((o * length + index) * inner + i)]);
        return Tensor(std::move(outDims), std::move(out));
    }
    const size_t block = static_cast<size_t>(inner) * elementSize(t.dtype());
    std::string bytes(static_cast<size_t>(outer) * block, '\0');
    for (int64_t o = 0; o < outer; ++o)
        if (block)
            std::memcpy(bytes.data() + static_cast<size_t>(o) * block,
                        t.rawData() + static_cast<size_t>(o * length + index) * block, block);
    return Tensor(t.dtype(), std::move(outDims), std::make_shared<StringBuffer>(std::move(bytes)));
}

Tensor stackAlong(const std::vector<Tensor>& parts, size_t axis) {
    if (parts.empty()) throw std::runtime_error("nothing to stack");
    const Tensor& first = parts.front();
    for (const Tensor& p : parts)
        if (p.dtype() != first.dtype() || p.dims() != first.dims())
            throw std::runtime_error("the iterations' scan outputs differ in type or shape (" +
                                     Shape::fromExtents(first.dims()).toString() + " and " +
                                     Shape::fromExtents(p.dims()).toString() + ")");
    const std::vector<int64_t>& dims = first.dims();
    if (axis > dims.size()) throw std::runtime_error("a stacking axis is out of range");
    std::vector<int64_t> outDims = dims;
    outDims.insert(outDims.begin() + static_cast<std::ptrdiff_t>(axis), static_cast<int64_t>(parts.size()));
    const int64_t outer = extentProduct(dims, 0, axis), inner = extentProduct(dims, axis, dims.size());
    if (first.dtype() == DataType::String) {
        std::vector<std::string> out;
        for (int64_t o = 0; o < outer; ++o)
            for (const Tensor& p : parts)
                for (int64_t i = 0; i < inner; ++i)
                    out.push_back(p.strings()[static_cast<size_t>(o * inner + i)]);
        return Tensor(std::move(outDims), std::move(out));
    }
    const size_t block = static_cast<size_t>(inner) * elementSize(first.dtype());
    std::string bytes(static_cast<size_t>(outer) * parts.size() * block, '\0');
    char* at = bytes.data();
    for (int64_t o = 0; o < outer; ++o)
        for (const Tensor& p : parts) {
            if (block) std::memcpy(at, p.rawData() + static_cast<size_t>(o) * block, block);
            at += block;
        }
    return Tensor(first.dtype(), std::move(outDims), std::make_shared<StringBuffer>(std::move(bytes)));
}

}  // namespace passscope::exec

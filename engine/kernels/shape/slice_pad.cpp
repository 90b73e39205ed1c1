// Slice and Pad: each output axis maps to input coordinates independently, so both build one
// coordinate map per axis (axisMappedIndex) and copy elements of any dtype through it.
#include "kernels/shape/copy_util.h"
#include "kernels/shape/shape_kernels.h"

namespace passscope::kernels::shape_ops {
namespace {

// Input coordinates selected by (start, end, step) on an axis of length dim, with ONNX's
// clamping: negative start/end count from the end; for step > 0 both clamp to [0, dim], for
// step < 0 start clamps to [0, dim-1] and end to [-1, dim-1]. Coordinate i is start + i * step.
struct AxisSlice {
    int64_t start = 0;
    int64_t step = 1;
    int64_t count = 0;
};

AxisSlice sliceAxis(int64_t dim, int64_t start, int64_t end, int64_t step) {
    if (step == 0) throw KernelError("Slice step cannot be 0");
    if (dim == 0) return {};
    if (start < 0) start += dim;
    if (end < 0) end += dim;
    // Steps longer than the axis take one element at most; bounding them keeps the arithmetic
    // below within int64 (step may be INT64_MIN).
    step = std::clamp(step, -dim, dim);
    int64_t count;
    if (step > 0) {
        start = std::clamp<int64_t>(start, 0, dim);
        end = std::clamp<int64_t>(end, 0, dim);
        count = end > start ? (end - start - 1) / step + 1 : 0;
    } else {
        start = std::clamp<int64_t>(start, 0, dim - 1);
        end = std::clamp<int64_t>(end, -1, dim - 1);
        count = start > end ? (start - end - 1) / (-step) + 1 : 0;
    }
    return {start, step, count};
}

std::vector<int64_t> intsInput(const KernelContext& ctx, size_t i) {
    checkedInputCount(ctx.input(i));
    return toInt64s(ctx.input(i));
}

}  // namespace

// Slice-1: starts/ends/axes attributes; Slice-10+: inputs data, starts, ends, axes?, steps?.
// Axes default to [0, len(starts)), steps to 1; an axis may appear once.
KernelResult slice(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto& dims = data.dims();
    const int64_t rank = static_cast<int64_t>(dims.size());
    std::vector<int64_t> starts, ends, axes, steps;
    bool haveAxes = false, haveSteps = false;
    if (ctx.opset() >= 10) {
        if (!ctx.hasInput(1) || !ctx.hasInput(2)) throw KernelError("Slice needs starts and ends");
        starts = intsInput(ctx, 1);
        ends = intsInput(ctx, 2);
        if ((haveAxes = ctx.hasInput(3))) axes = intsInput(ctx, 3);
        if ((haveSteps = ctx.hasInput(4))) steps = intsInput(ctx, 4);
    } else {
        starts = ctx.attrInts("starts");
        ends = ctx.attrInts("ends");
        if ((haveAxes = ctx.hasAttr("axes"))) axes = ctx.attrInts("axes");
    }
    if (starts.size() != ends.size()) throw KernelError("starts and ends differ in length");
    if (!haveAxes)
        for (size_t i = 0; i < starts.size(); ++i) axes.push_back(static_cast<int64_t>(i));
    if (!haveSteps) steps.assign(starts.size(), 1);
    if (axes.size() != starts.size() || steps.size() != starts.size())
        throw KernelError("axes or steps differ in length from starts");
    std::vector<AxisSlice> per(dims.size());
    std::vector<bool> sliced(dims.size(), false);
    for (size_t i = 0; i < dims.size(); ++i) per[i] = {0, 1, dims[i]};
    for (size_t i = 0; i < starts.size(); ++i) {
        const size_t ax = static_cast<size_t>(existingAxis(axes[i], rank));
        if (sliced[ax]) throw KernelError("Slice axes repeat");
        sliced[ax] = true;
        per[ax] = sliceAxis(dims[ax], starts[i], ends[i], steps[i]);
    }
    std::vector<int64_t> outDims;
    for (const auto& p : per) outDims.push_back(p.count);
    if (outputElementCount(outDims) == 0)
        return KernelResult::ok(ElementWriter(data.dtype(), 0).finish(outDims));
    std::vector<std::vector<int64_t>> maps(dims.size());
    for (size_t d = 0; d < dims.size(); ++d)
        for (int64_t i = 0; i < per[d].count; ++i) maps[d].push_back(per[d].start + i * per[d].step);
    return KernelResult::ok(gatherByIndex(data, outDims, axisMappedIndex(dims, maps)));
}

// Pad: pads = [begin_0, ..., begin_{n-1}, end_0, ..., end_{n-1}] over all axes, or over the
// `axes` input (opset 18). Negative pads crop. Before opset 11 pads ("paddings" in opset 1) and
// the float `value` are attributes; from 11 they are inputs (constant_value optional, default 0).
// Modes: constant, reflect (mirror without repeating the edge, numpy's "reflect", periodic for
// pads longer than the axis), edge (repeat the edge), wrap (opset 19, periodic). Elements outside
// the input are located relative to the uncropped input, as numpy.pad followed by a crop does.
KernelResult pad(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto& dims = data.dims();
    const int64_t rank = static_cast<int64_t>(dims.size());
    const std::string mode = ctx.attrString("mode", "constant");
    std::vector<int64_t> pads;
    std::optional<Tensor> fill;
    std::vector<int64_t> axes;
    if (ctx.opset() >= 11) {
        if (!ctx.hasInput(1)) throw KernelError("Pad needs pads");
        pads = intsInput(ctx, 1);
        if (ctx.hasInput(2)) {
            const Tensor& v = ctx.input(2);
            if (checkedInputCount(v) != 1) {
                if (v.elementCount() != 0) throw KernelError("constant_value must be a scalar");
            } else {
                if (v.dtype() != data.dtype())
                    throw KernelError("constant_value dtype differs from the input");
                fill = v;
            }
        }
        if (ctx.opset() >= 18 && ctx.hasInput(3)) {
            for (int64_t a : intsInput(ctx, 3)) axes.push_back(existingAxis(a, rank));
        } else {
            for (int64_t a = 0; a < rank; ++a) axes.push_back(a);
        }
    } else {
        pads = ctx.attrInts(ctx.opset() >= 2 ? "pads" : "paddings");
        const double value = ctx.attrFloat("value", 0.0);
        if (value != 0 && data.dtype() != DataType::String) fill = scalarOfDtype(data.dtype(), value);
        for (int64_t a = 0; a < rank; ++a) axes.push_back(a);
    }
    if (pads.size() != 2 * axes.size()) throw KernelError("pads must have two values per padded axis");
    if (mode != "constant" && mode != "reflect" && mode != "edge" && !(mode == "wrap" && ctx.opset() >= 19))
        throw KernelError("unknown Pad mode " + mode);
    std::vector<int64_t> begin(dims.size(), 0), end(dims.size(), 0);
    std::vector<bool> seen(dims.size(), false);
    for (size_t i = 0; i < axes.size(); ++i) {
        const size_t ax = static_cast<size_t>(axes[i]);
        if (seen[ax]) throw KernelError("Pad axes repeat");
        seen[ax] = true;
        begin[ax] = pads[i];
        end[ax] = pads[i + axes.size()];
    }
    std::vector<std::vector<int64_t>> maps(dims.size());
    std::vector<int64_t> outDims(dims.size());
    for (size_t d = 0; d < dims.size(); ++d) {
        const int64_t n = dims[d];
        const int64_t out = addChecked(addChecked(n, begin[d]), end[d]);
        if (out < 0) throw KernelError("negative pads crop more than the axis holds");
        outDims[d] = out;
    }
    // A non-empty output bounds every dim, hence every map below.
    if (outputElementCount(outDims) == 0)
        return KernelResult::ok(ElementWriter(data.dtype(), 0).finish(outDims));
    for (size_t d = 0; d < dims.size(); ++d) {
        const int64_t n = dims[d];
        auto& m = maps[d];
        m.resize(static_cast<size_t>(outDims[d]));
        for (int64_t o = 0; o < outDims[d]; ++o) {
            int64_t i;
            if (__builtin_sub_overflow(o, begin[d], &i)) throw KernelError("pads out of range");
            int64_t src;
            if (i >= 0 && i < n) {
                src = i;
            } else if (mode == "constant") {
                src = -1;
            } else if (n == 0) {
                throw KernelError("cannot " + mode + "-pad an empty axis");
            } else if (mode == "edge") {
                src = i < 0 ? 0 : n - 1;
            } else if (mode == "wrap") {
                src = ((i % n) + n) % n;
            } else if (n == 1) {
                src = 0;
            } else {  // reflect
                const int64_t period = 2 * (n - 1);
                int64_t r = ((i % period) + period) % period;
                src = r < n ? r : period - r;
            }
            m[static_cast<size_t>(o)] = src;
        }
    }
    return KernelResult::ok(
        gatherByIndex(data, outDims, axisMappedIndex(dims, maps), fill ? &*fill : nullptr));
}

}  // namespace passscope::kernels::shape_ops

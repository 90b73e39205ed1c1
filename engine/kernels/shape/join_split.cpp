// Concat and Split. Both walk the tensor as [outer, axis, inner] and copy contiguous runs of
// axis_length * inner elements, so any dtype (strings included) is handled the same way.
#include "kernels/shape/copy_util.h"
#include "kernels/shape/shape_kernels.h"

namespace passscope::kernels::shape_ops {

// Inputs share dtype and rank and agree on every dim but the axis (opset 1: axis defaults to 1;
// from 4 it is required; negative from 11).
KernelResult concat(const KernelContext& ctx) {
    if (ctx.inputCount() == 0) throw KernelError("Concat needs inputs");
    for (size_t i = 0; i < ctx.inputCount(); ++i) {
        if (!ctx.hasInput(i)) throw KernelError("Concat input missing");
        checkedInputCount(ctx.input(i));
    }
    const Tensor& first = ctx.input(0);
    const size_t rank = first.dims().size();
    if (rank == 0) throw KernelError("Concat of scalars");
    if (ctx.opset() >= 4 && !ctx.hasAttr("axis")) throw KernelError("Concat needs an axis");
    const int64_t axis = existingAxis(ctx.attrInt("axis", 1), static_cast<int64_t>(rank));
    const size_t ax = static_cast<size_t>(axis);
    std::vector<int64_t> outDims = first.dims();
    outDims[ax] = 0;
    for (size_t i = 0; i < ctx.inputCount(); ++i) {
        const Tensor& t = ctx.input(i);
        if (t.dtype() != first.dtype()) throw KernelError("Concat inputs have different dtypes");
        if (t.dims().size() != rank) throw KernelError("Concat inputs have different ranks");
        for (size_t d = 0; d < rank; ++d)
            if (d != ax && t.dims()[d] != first.dims()[d])
                throw KernelError("Concat inputs differ off the axis");
        outDims[ax] = addChecked(outDims[ax], t.dims()[ax]);
    }
    const int64_t total = outputElementCount(outDims);
    const int64_t outer = product(outDims, 0, ax);
    const int64_t inner = product(outDims, ax + 1);
    ElementWriter w(first.dtype(), total);
    int64_t dst = 0;
    for (int64_t o = 0; total > 0 && o < outer; ++o) {
        for (size_t i = 0; i < ctx.inputCount(); ++i) {
            const Tensor& t = ctx.input(i);
            const int64_t run = t.dims()[ax] * inner;
            w.copyRun(dst, t, o * run, run);
            dst += run;
        }
    }
    return KernelResult::ok(w.finish(std::move(outDims)));
}

// Split sizes come from: opset 1 the optional second input or the split attribute; 2-12 the
// split attribute; 13+ the optional second input; 18 adds num_outputs (chunks of
// ceil(dim / num_outputs), the last one smaller). Without any, the axis is split into equal parts,
// one per output, and must divide evenly.
KernelResult split(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto& dims = data.dims();
    const size_t rank = dims.size();
    if (rank == 0) throw KernelError("Split of a scalar");
    const size_t ax = static_cast<size_t>(existingAxis(ctx.attrInt("axis", 0), static_cast<int64_t>(rank)));
    const int64_t dim = dims[ax];
    const int64_t outputs = static_cast<int64_t>(ctx.outputCount());
    std::vector<int64_t> sizes;
    const bool inputSplit = (ctx.opset() == 1 || ctx.opset() >= 13) && ctx.hasInput(1);
    const bool attrSplit = ctx.opset() < 13 && ctx.hasAttr("split");
    if (inputSplit) {
        checkedInputCount(ctx.input(1));
        sizes = toInt64s(ctx.input(1));
    } else if (attrSplit) {
        sizes = ctx.attrInts("split");
    } else if (ctx.opset() >= 18 && ctx.hasAttr("num_outputs")) {
        const int64_t n = ctx.attrInt("num_outputs", 0);
        if (n <= 0 || n != outputs) throw KernelError("num_outputs differs from the number of outputs");
        const int64_t chunk = dim / n + (dim % n != 0 ? 1 : 0);
        sizes.assign(static_cast<size_t>(n), chunk);
        sizes.back() = dim - chunk * (n - 1);
        if (sizes.back() < 0) throw KernelError("Split cannot make num_outputs chunks of this axis");
    } else {
        if (outputs <= 0 || dim % outputs != 0)
            throw KernelError("axis does not split evenly into the outputs");
        sizes.assign(static_cast<size_t>(outputs), dim / outputs);
    }
    if (static_cast<int64_t>(sizes.size()) != outputs) throw KernelError("split has a size per output");
    int64_t sum = 0;
    for (int64_t s : sizes) {
        if (s < 0) throw KernelError("negative split size");
        sum = addChecked(sum, s);
    }
    if (sum != dim) throw KernelError("split sizes do not add up to the axis length");
    const int64_t outer = product(dims, 0, ax);
    const int64_t inner = product(dims, ax + 1);
    std::vector<Tensor> outs;
    int64_t offset = 0;
    for (int64_t s : sizes) {
        std::vector<int64_t> outDims = dims;
        outDims[ax] = s;
        const int64_t count = outputElementCount(outDims);
        ElementWriter w(data.dtype(), count);
        const int64_t run = s * inner;
        for (int64_t o = 0; count > 0 && o < outer; ++o)
            w.copyRun(o * run, data, o * dim * inner + offset * inner, run);
        outs.push_back(w.finish(std::move(outDims)));
        offset += s;
    }
    return KernelResult::ok(std::move(outs));
}

}  // namespace passscope::kernels::shape_ops

// Expand, Tile and Upsample (nearest): outputs that repeat input elements. Each output axis maps
// to input coordinates independently (broadcast: 0; tile: o mod n; nearest: floor(o / scale)).
#include "kernels/shape/copy_util.h"
#include "kernels/shape/shape_kernels.h"

namespace passscope::kernels::shape_ops {
namespace {

Tensor emptyLike(const Tensor& data, std::vector<int64_t> dims) {
    return ElementWriter(data.dtype(), 0).finish(std::move(dims));
}

}  // namespace

// Expand-8: bidirectional (numpy) broadcast of the input with `shape`; a 1 in shape keeps the
// input's dim, so the output may be larger than shape.
KernelResult expand(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    if (!ctx.hasInput(1)) throw KernelError("Expand needs a shape");
    checkedInputCount(ctx.input(1));
    if (ctx.input(1).dims().size() > 1) throw KernelError("Expand shape must be 1-D");
    const auto shape = toInt64s(ctx.input(1));
    for (int64_t d : shape)
        if (d < 0) throw KernelError("Expand shape has a negative dim");
    const auto outDims = broadcastShapes({data.dims(), shape});
    const int64_t count = outputElementCount(outDims);
    if (count == 0) return KernelResult::ok(emptyLike(data, outDims));
    // Copied while walking the broadcast: no index vector of the output's size.
    ElementWriter out(data.dtype(), count);
    BroadcastWalker w(outDims, {data.dims()});
    for (int64_t i = 0; i < count; ++i, w.next()) out.copy(i, data, static_cast<int64_t>(w.index(0)));
    return KernelResult::ok(out.finish(outDims));
}

// Tile-6: repeats[d] copies of the input along each axis. Tile-1 instead takes (tiles, axis)
// scalar inputs: repeat along one axis only.
KernelResult tile(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto& dims = data.dims();
    const int64_t rank = static_cast<int64_t>(dims.size());
    std::vector<int64_t> repeats;
    if (ctx.opset() >= 6) {
        if (!ctx.hasInput(1)) throw KernelError("Tile needs repeats");
        checkedInputCount(ctx.input(1));
        repeats = toInt64s(ctx.input(1));
    } else {
        if (!ctx.hasInput(1) || !ctx.hasInput(2)) throw KernelError("Tile-1 needs tiles and axis");
        checkedInputCount(ctx.input(1));
        checkedInputCount(ctx.input(2));
        repeats.assign(dims.size(), 1);
        repeats[static_cast<size_t>(existingAxis(scalarInt(ctx.input(2)), rank))] = scalarInt(ctx.input(1));
    }
    if (static_cast<int64_t>(repeats.size()) != rank)
        throw KernelError("Tile repeats must have one value per axis");
    std::vector<int64_t> outDims(dims.size());
    for (size_t d = 0; d < dims.size(); ++d) {
        if (repeats[d] < 0) throw KernelError("Tile repeats must be non-negative");
        outDims[d] = mulChecked(dims[d], repeats[d]);
    }
    if (outputElementCount(outDims) == 0) return KernelResult::ok(emptyLike(data, outDims));
    std::vector<std::vector<int64_t>> maps(dims.size());
    for (size_t d = 0; d < dims.size(); ++d)
        for (int64_t o = 0; o < outDims[d]; ++o) maps[d].push_back(o % dims[d]);
    return KernelResult::ok(gatherByIndex(data, outDims, axisMappedIndex(dims, maps)));
}

// Upsample-7 (scales attribute) and -9 (scales input), mode "nearest": output dim
// floor(dim * scale), output coordinate o reads input floor(o / scale) (clamped to the last),
// as ONNX Runtime does. Linear modes interpolate and belong with Resize: not computed here.
KernelResult upsample(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const std::string mode = ctx.attrString("mode", "nearest");
    if (mode != "nearest") return KernelResult::unsupported("Upsample mode " + mode + " is not computed");
    std::vector<double> scales;
    if (ctx.opset() >= 9) {
        if (!ctx.hasInput(1)) throw KernelError("Upsample needs scales");
        checkedInputCount(ctx.input(1));
        scales = toDoubles(ctx.input(1));
    } else {
        scales = ctx.attrFloats("scales");
    }
    const auto& dims = data.dims();
    if (scales.size() != dims.size()) throw KernelError("Upsample scales must have one value per axis");
    std::vector<int64_t> outDims(dims.size());
    for (size_t d = 0; d < dims.size(); ++d) {
        // Scales are float in the model; compute as float like the runtimes do.
        const float s = static_cast<float>(scales[d]);
        if (!(s >= 1.0f) || !std::isfinite(s)) throw KernelError("Upsample scales must be >= 1");
        const double out = std::floor(static_cast<double>(static_cast<float>(dims[d]) * s));
        if (out > static_cast<double>(kMaxOutputElements)) throw KernelError("output too large to compute");
        outDims[d] = static_cast<int64_t>(out);
    }
    if (outputElementCount(outDims) == 0) return KernelResult::ok(emptyLike(data, outDims));
    std::vector<std::vector<int64_t>> maps(dims.size());
    for (size_t d = 0; d < dims.size(); ++d) {
        const float s = static_cast<float>(scales[d]);
        for (int64_t o = 0; o < outDims[d]; ++o)
            maps[d].push_back(
                std::min<int64_t>(static_cast<int64_t>(static_cast<float>(o) / s), dims[d] - 1));
    }
    return KernelResult::ok(gatherByIndex(data, outDims, axisMappedIndex(dims, maps)));
}

}  // namespace passscope::kernels::shape_ops

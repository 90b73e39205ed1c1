// Identity, Shape, Size, Reshape, Squeeze, Unsqueeze, Flatten, Dropout: ops whose output holds
// the input's elements in the same order (or describes its shape). The output shares the input's
// buffer: only the dims change, no byte is copied.
#include "kernels/shape/copy_util.h"
#include "kernels/shape/shape_kernels.h"

namespace passscope::kernels::shape_ops {
namespace {

Tensor int64Tensor(std::vector<int64_t> dims, const std::vector<int64_t>& v) {
    return makeTensor<int64_t>(std::move(dims), v);
}

// Axes of Squeeze/Unsqueeze: an attribute before opset 13, an optional input from 13 on.
std::optional<std::vector<int64_t>> axesOf(const KernelContext& ctx) {
    if (ctx.opset() >= 13) {
        if (!ctx.hasInput(1)) return std::nullopt;
        checkedInputCount(ctx.input(1));
        return toInt64s(ctx.input(1));
    }
    if (!ctx.hasAttr("axes")) return std::nullopt;
    return ctx.attrInts("axes");
}

}  // namespace

KernelResult identity(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    checkedInputCount(ctx.input(0));
    return KernelResult::ok(withDims(ctx.input(0), ctx.input(0).dims()));
}

// Shape-15 adds start/end: a slice of the dims, clamped to [0, rank] after adding rank to
// negative values; start >= end gives an empty result.
KernelResult shape(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const auto& dims = ctx.input(0).dims();
    const int64_t rank = static_cast<int64_t>(dims.size());
    auto clampIndex = [rank](int64_t v) {
        if (v < 0) v += rank;
        return std::clamp<int64_t>(v, 0, rank);
    };
    int64_t start = 0, end = rank;
    if (ctx.opset() >= 15) {
        start = clampIndex(ctx.attrInt("start", 0));
        if (ctx.hasAttr("end")) end = clampIndex(ctx.attrInt("end", rank));
    }
    std::vector<int64_t> out;
    for (int64_t i = start; i < end; ++i) out.push_back(dims[static_cast<size_t>(i)]);
    const int64_t n = static_cast<int64_t>(out.size());
    return KernelResult::ok(int64Tensor({n}, out));
}

KernelResult size(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    auto n = checkedElementCount(ctx.input(0).dims());
    if (!n) throw KernelError("invalid input shape");
    return KernelResult::ok(int64Tensor({}, {*n}));
}

// Reshape: 0 copies the input's dim at that position (unless allowzero=1, opset 14, where 0 is
// a real zero-sized dim); one -1 is inferred from the element count.
KernelResult reshape(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    const int64_t total = checkedInputCount(data);
    std::vector<int64_t> shape;
    if (ctx.opset() >= 5) {
        if (!ctx.hasInput(1)) throw KernelError("Reshape needs a shape input");
        checkedInputCount(ctx.input(1));
        if (ctx.input(1).dims().size() != 1) throw KernelError("Reshape shape must be 1-D");
        shape = toInt64s(ctx.input(1));
    } else {
        if (!ctx.hasAttr("shape")) throw KernelError("Reshape needs a shape attribute");
        shape = ctx.attrInts("shape");
    }
    const bool allowzero = ctx.opset() >= 14 && ctx.attrInt("allowzero", 0) != 0;
    const auto& in = data.dims();
    int64_t inferred = -1;
    bool hasZero = false;
    for (size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == -1) {
            if (inferred >= 0) throw KernelError("Reshape shape has more than one -1");
            inferred = static_cast<int64_t>(i);
        } else if (shape[i] == 0) {
            if (allowzero) {
                hasZero = true;
            } else {
                if (i >= in.size()) throw KernelError("Reshape shape copies a dim the input does not have");
                shape[i] = in[i];
            }
        } else if (shape[i] < -1) {
            throw KernelError("Reshape shape has a negative dim");
        }
    }
    if (allowzero && hasZero && inferred >= 0)
        throw KernelError("Reshape with allowzero=1 cannot have both 0 and -1");
    int64_t known = 1;
    for (size_t i = 0; i < shape.size(); ++i) {
        if (static_cast<int64_t>(i) == inferred) continue;
        if (shape[i] != 0 && known > INT64_MAX / shape[i]) throw KernelError("Reshape shape overflows");
        known *= shape[i];
    }
    if (inferred >= 0) {
        if (known == 0 || total % known != 0) throw KernelError("Reshape cannot infer the -1 dim");
        shape[static_cast<size_t>(inferred)] = total / known;
    } else if (known != total) {
        throw KernelError("Reshape changes the element count");
    }
    return KernelResult::ok(withDims(data, std::move(shape)));
}

// Squeeze: removes the listed axes (each must be 1), or every dim of size 1 when none are given.
KernelResult squeeze(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto& in = data.dims();
    const int64_t rank = static_cast<int64_t>(in.size());
    std::vector<bool> drop(in.size(), false);
    auto axes = axesOf(ctx);
    if (axes && axes->empty() && std::find(in.begin(), in.end(), 1) != in.end()) {
        // An empty axes input squeezes nothing for ONNX's reference and shape inference but every
        // 1 for ONNX Runtime: ambiguous, so not folded.
        return KernelResult::unsupported("Squeeze with an empty axes list is ambiguous");
    }
    if (axes) {
        for (int64_t a : *axes) {
            const int64_t ax = existingAxis(a, rank);
            if (in[static_cast<size_t>(ax)] != 1) throw KernelError("Squeeze of a dim that is not 1");
            drop[static_cast<size_t>(ax)] = true;
        }
    } else {
        for (size_t i = 0; i < in.size(); ++i) drop[i] = in[i] == 1;
    }
    std::vector<int64_t> out;
    for (size_t i = 0; i < in.size(); ++i)
        if (!drop[i]) out.push_back(in[i]);
    return KernelResult::ok(withDims(data, std::move(out)));
}

// Unsqueeze: axes index the output (rank + number of axes); duplicates are an error.
KernelResult unsqueeze(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    auto axes = axesOf(ctx);
    if (!axes) throw KernelError("Unsqueeze needs axes");
    const auto& in = data.dims();
    const int64_t outRank = static_cast<int64_t>(in.size() + axes->size());
    std::vector<bool> inserted(static_cast<size_t>(outRank), false);
    for (int64_t a : *axes) {
        const int64_t ax = existingAxis(a, outRank);
        if (inserted[static_cast<size_t>(ax)]) throw KernelError("Unsqueeze axes repeat");
        inserted[static_cast<size_t>(ax)] = true;
    }
    std::vector<int64_t> out;
    size_t next = 0;
    for (int64_t i = 0; i < outRank; ++i) out.push_back(inserted[static_cast<size_t>(i)] ? 1 : in[next++]);
    return KernelResult::ok(withDims(data, std::move(out)));
}

// Flatten: 2-D [prod(dims[:axis]), prod(dims[axis:])]; axis in [-rank, rank].
KernelResult flatten(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto& in = data.dims();
    const int64_t axis = normalizeAxisInclusive(ctx.attrInt("axis", 1), static_cast<int64_t>(in.size()));
    const int64_t outer = product(in, 0, static_cast<size_t>(axis));
    const int64_t inner = product(in, static_cast<size_t>(axis));
    return KernelResult::ok(withDims(data, {outer, inner}));
}

// Dropout in inference is the identity, with a mask of all "kept". The mask is of the input's
// type before opset 10 and bool from 10. Training (is_test=0 before opset 7, the training_mode
// input from 12) with a ratio > 0 draws random numbers and is not computed.
KernelResult dropout(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    const int64_t count = checkedInputCount(data);
    bool training = false;
    double ratio = 0.5;
    if (ctx.opset() < 7) {
        training = ctx.attrInt("is_test", 0) == 0;
        ratio = ctx.attrFloat("ratio", 0.5);
    } else if (ctx.opset() >= 12) {
        if (ctx.hasInput(2)) {
            checkedInputCount(ctx.input(2));
            training = scalarInt(ctx.input(2)) != 0;
        }
        if (ctx.hasInput(1)) {
            checkedInputCount(ctx.input(1));
            ratio = scalarDouble(ctx.input(1));
        }
    }
    if (training && ratio != 0)
        return KernelResult::unsupported("non-deterministic: Dropout in training mode");
    std::vector<Tensor> outs;
    outs.push_back(withDims(data, data.dims()));
    if (ctx.outputCount() > 1) {
        const DataType maskType = ctx.opset() >= 10 ? DataType::Bool : data.dtype();
        const Tensor one = scalarOfDtype(maskType, 1.0);
        ElementWriter w(maskType, count);
        for (int64_t i = 0; i < count; ++i) w.copy(i, one, 0);
        outs.push_back(w.finish(data.dims()));
    }
    return KernelResult::ok(std::move(outs));
}

}  // namespace passscope::kernels::shape_ops

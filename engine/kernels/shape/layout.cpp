// Transpose, DepthToSpace, SpaceToDepth (permutations of elements) and Trilu (a triangular mask).
// DepthToSpace and SpaceToDepth are, by their ONNX definition, a reshape to 6-D, a transpose and
// a reshape back, so they reuse the transpose index map.
#include "kernels/shape/copy_util.h"
#include "kernels/shape/shape_kernels.h"

namespace passscope::kernels::shape_ops {
namespace {

int64_t checkedBlocksize(const KernelContext& ctx) {
    const int64_t b = ctx.attrInt("blocksize", 0);
    // Bounded so that b * b cannot overflow; any real block is far smaller.
    if (b <= 0 || b > (int64_t{1} << 30)) throw KernelError("blocksize must be positive");
    return b;
}

const std::vector<int64_t>& nchw(const Tensor& t) {
    if (t.dims().size() != 4) throw KernelError("input must be 4-D (N, C, H, W)");
    return t.dims();
}

}  // namespace

// perm defaults to reversing the axes; it must be a permutation of [0, rank).
KernelResult transpose(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto& dims = data.dims();
    const size_t rank = dims.size();
    std::vector<int64_t> perm;
    if (ctx.hasAttr("perm")) {
        perm = ctx.attrInts("perm");
    } else {
        for (size_t i = rank; i-- > 0;) perm.push_back(static_cast<int64_t>(i));
    }
    if (perm.size() != rank) throw KernelError("perm length differs from the input rank");
    std::vector<bool> seen(rank, false);
    for (int64_t& p : perm) {
        if (p < 0 || p >= static_cast<int64_t>(rank) || seen[static_cast<size_t>(p)])
            throw KernelError("perm is not a permutation of the axes");
        seen[static_cast<size_t>(p)] = true;
    }
    std::vector<int64_t> outDims(rank);
    for (size_t d = 0; d < rank; ++d) outDims[d] = dims[static_cast<size_t>(perm[d])];
    return KernelResult::ok(gatherByIndex(data, outDims, transposeIndex(dims, perm)));
}

// DCR (default): [N, b, b, C/b², H, W] -> transpose [0,3,4,1,5,2]; CRD (opset 11):
// [N, C/b², b, b, H, W] -> transpose [0,1,4,2,5,3]; both reshaped to [N, C/b², H*b, W*b].
KernelResult depthToSpace(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto& d = nchw(data);
    const int64_t b = checkedBlocksize(ctx);
    const int64_t n = d[0], c = d[1], h = d[2], w = d[3];
    if (c % (b * b) != 0) throw KernelError("channels are not a multiple of blocksize²");
    const int64_t c2 = c / (b * b);
    const std::string mode = ctx.opset() >= 11 ? ctx.attrString("mode", "DCR") : "DCR";
    std::vector<int64_t> dims6, perm;
    if (mode == "DCR") {
        dims6 = {n, b, b, c2, h, w};
        perm = {0, 3, 4, 1, 5, 2};
    } else if (mode == "CRD") {
        dims6 = {n, c2, b, b, h, w};
        perm = {0, 1, 4, 2, 5, 3};
    } else {
        throw KernelError("unknown DepthToSpace mode " + mode);
    }
    std::vector<int64_t> outDims = {n, c2, mulChecked(h, b), mulChecked(w, b)};
    outputElementCount(outDims);
    return KernelResult::ok(gatherByIndex(data, outDims, transposeIndex(dims6, perm)));
}

// [N, C, H/b, b, W/b, b] -> transpose [0,3,5,1,2,4] -> [N, C*b*b, H/b, W/b].
KernelResult spaceToDepth(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const auto& d = nchw(data);
    const int64_t b = checkedBlocksize(ctx);
    const int64_t n = d[0], c = d[1], h = d[2], w = d[3];
    if (h % b != 0 || w % b != 0) throw KernelError("spatial dims are not multiples of blocksize");
    std::vector<int64_t> dims6 = {n, c, h / b, b, w / b, b};
    std::vector<int64_t> outDims = {n, mulChecked(c, b * b), h / b, w / b};
    outputElementCount(outDims);
    return KernelResult::ok(gatherByIndex(data, outDims, transposeIndex(dims6, {0, 3, 5, 1, 2, 4})));
}

// Trilu-14: keeps, in each of the last two dims' matrices, the elements with j - i >= k (upper,
// the default) or j - i <= k (lower); the others become zero.
KernelResult trilu(const KernelContext& ctx) {
    requireInputs(ctx, 1);
    const Tensor& data = ctx.input(0);
    const int64_t total = checkedInputCount(data);
    const auto& dims = data.dims();
    if (dims.size() < 2) throw KernelError("Trilu needs rank >= 2");
    int64_t k = 0;
    if (ctx.hasInput(1)) {
        checkedInputCount(ctx.input(1));
        k = scalarInt(ctx.input(1));
    }
    const bool upper = ctx.attrInt("upper", 1) != 0;
    const int64_t rows = dims[dims.size() - 2], cols = dims[dims.size() - 1];
    ElementWriter out(data.dtype(), total);
    for (int64_t e = 0; e < total; ++e) {
        const int64_t j = e % cols;
        const int64_t i = (e / cols) % rows;
        const int64_t diff = j - i;
        if (upper ? diff >= k : diff <= k) out.copy(e, data, e);
    }
    return KernelResult::ok(out.finish(dims));
}

}  // namespace passscope::kernels::shape_ops

// MaxUnpool (opsets 9, 11): the inverse of MaxPool with Indices. The output is zeros except at
// the flat positions Indices names (over the whole output, as MaxPool's Indices count them),
// which receive X's elements. Its shape is N, C and (in - 1) * stride - pad_begin - pad_end +
// kernel per spatial axis, or the optional output_shape input: the indices then still count
// positions in the first shape and are placed at the same coordinates of the larger output, as
// the ONNX reference's test data do (test_maxunpool_export_with_output_shape).
#include "kernels/kernel_registry.h"
#include "kernels/nn/spatial.h"

namespace passscope::kernels {
namespace {

std::vector<int64_t> unpooledDims(const KernelContext& ctx, const Tensor& x) {
    const size_t r = x.dims().size() - 2;
    const auto kernel = ctx.attrInts("kernel_shape");
    const auto strides = ctx.attrInts("strides", std::vector<int64_t>(r, 1));
    const auto pads = ctx.attrInts("pads", std::vector<int64_t>(2 * r, 0));
    if (kernel.size() != r || strides.size() != r || pads.size() != 2 * r)
        throw KernelError("kernel_shape, strides or pads do not match the spatial rank");
    std::vector<int64_t> dims = {x.dims()[0], x.dims()[1]};
    for (size_t i = 0; i < r; ++i) {
        if (kernel[i] <= 0 || strides[i] <= 0 || pads[i] < 0 || pads[i + r] < 0 ||
            kernel[i] > nn::kMaxExtent || strides[i] > nn::kMaxExtent || pads[i] > nn::kMaxExtent ||
            pads[i + r] > nn::kMaxExtent)
            throw KernelError("kernel_shape, strides or pads out of range");
        dims.push_back((x.dims()[i + 2] - 1) * strides[i] - pads[i] - pads[i + r] + kernel[i]);
    }
    return dims;
}

KernelResult maxUnpool(const KernelContext& ctx) {
    const Tensor& x = red::required(ctx, 0);
    const Tensor& indices = red::required(ctx, 1);
    if (x.dims().size() < 3) throw KernelError("X must be [N, C, D1, ...]");
    if (indices.dims() != x.dims()) throw KernelError("I must have X's shape");
    const auto pooled = unpooledDims(ctx, x);
    const auto dims = ctx.hasInput(2) ? toInt64s(ctx.input(2)) : pooled;
    if (dims.size() != x.dims().size()) throw KernelError("output_shape has the wrong rank");
    for (size_t a = 0; a < dims.size(); ++a)
        if (dims[a] < 0 || pooled[a] < 0 || dims[a] < pooled[a])
            throw KernelError("output_shape is too small");
    nn::checkBuildable(dims);
    const int64_t total = product(dims);
    auto idx = toInt64s(indices);
    if (dims != pooled) {  // the same coordinates in the larger output
        const int64_t pooledTotal = product(pooled);
        const auto from = stridesOf(pooled), to = stridesOf(dims);
        for (int64_t& i : idx) {
            if (i < 0 || i >= pooledTotal) throw KernelError("index out of range");
            int64_t rest = i, moved = 0;
            for (size_t a = 0; a < dims.size(); ++a) {
                moved += rest / from[a] * to[a];
                rest %= from[a];
            }
            i = moved;
        }
    }
    return dispatch<kNumeric>(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        const auto xv = values<T>(x);
        std::vector<T> out(static_cast<size_t>(total), T(0));
        for (size_t i = 0; i < xv.size(); ++i) {
            if (idx[i] < 0 || idx[i] >= total) throw KernelError("index out of range");
            out[static_cast<size_t>(idx[i])] = xv[i];
        }
        return KernelResult::ok(makeTensor<T>(dims, out));
    });
}

}  // namespace

void registerMaxUnpoolKernels(KernelRegistry& r) {
    r.add("", "MaxUnpool", 9, 0, maxUnpool);
}

}  // namespace passscope::kernels

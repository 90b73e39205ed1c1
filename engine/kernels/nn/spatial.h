#pragma once
// Window geometry shared by the convolution and pooling kernels: kernel shape, strides,
// dilations and pads (explicit or from auto_pad) for the spatial axes of an [N, C, D1, ...]
// tensor, and the output extent they give.
#include <string>

#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels::nn {

using red::checkBuildable;
using red::kMaxExtent;

struct Window {
    std::vector<int64_t> in, kernel, strides, dilations, padBegin, padEnd, out;
    size_t rank() const { return in.size(); }
};

inline int64_t ceilDiv(int64_t a, int64_t b) {
    return a >= 0 ? (a + b - 1) / b : -((-a) / b);
}
inline int64_t floorDiv(int64_t a, int64_t b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// Reads kernel_shape (or `kernelFallback`, e.g. W's spatial dims), strides, dilations, pads and
// auto_pad, and computes the output extent. ceilMode (pooling) rounds the window count up but,
// as in ONNX Runtime and PyTorch, drops a last window that would start inside the end padding.
inline Window makeWindow(const KernelContext& ctx, const std::vector<int64_t>& inSpatial,
                         const std::vector<int64_t>& kernelFallback, bool ceilMode,
                         bool allowDilations = true) {
    Window w;
    const size_t r = inSpatial.size();
    w.in = inSpatial;
    w.kernel = ctx.attrInts("kernel_shape", kernelFallback);
    w.strides = ctx.attrInts("strides", std::vector<int64_t>(r, 1));
    w.dilations =
        allowDilations ? ctx.attrInts("dilations", std::vector<int64_t>(r, 1)) : std::vector<int64_t>(r, 1);
    std::vector<int64_t> pads = ctx.attrInts("pads", std::vector<int64_t>(2 * r, 0));
    if (w.kernel.size() != r || w.strides.size() != r || w.dilations.size() != r || pads.size() != 2 * r)
        throw KernelError("kernel_shape, strides, dilations or pads do not match the spatial rank");
    for (size_t i = 0; i < r; ++i) {
        if (w.kernel[i] <= 0 || w.strides[i] <= 0 || w.dilations[i] <= 0 || pads[i] < 0 || pads[i + r] < 0)
            throw KernelError("non-positive kernel, stride or dilation, or negative pad");
        if (w.kernel[i] > kMaxExtent || w.strides[i] > kMaxExtent || w.dilations[i] > kMaxExtent ||
            pads[i] > kMaxExtent || pads[i + r] > kMaxExtent)
            throw KernelError("kernel, stride, dilation or pad too large");
        if (w.in[i] < 0) throw KernelError("bad input extent");
    }
    const std::string autoPad = ctx.attrString("auto_pad", "NOTSET");
    w.padBegin.assign(pads.begin(), pads.begin() + static_cast<std::ptrdiff_t>(r));
    w.padEnd.assign(pads.begin() + static_cast<std::ptrdiff_t>(r), pads.end());
    w.out.resize(r);
    for (size_t i = 0; i < r; ++i) {
        const int64_t dk = (w.kernel[i] - 1) * w.dilations[i] + 1;
        if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
            w.out[i] = ceilDiv(w.in[i], w.strides[i]);
            const int64_t total = std::max<int64_t>(0, (w.out[i] - 1) * w.strides[i] + dk - w.in[i]);
            const int64_t small = total / 2, big = total - total / 2;
            w.padBegin[i] = autoPad == "SAME_UPPER" ? small : big;
            w.padEnd[i] = autoPad == "SAME_UPPER" ? big : small;
            continue;
        }
        if (autoPad == "VALID") {
            w.padBegin[i] = 0;
            w.padEnd[i] = 0;
        } else if (autoPad != "NOTSET" && !autoPad.empty()) {
            throw KernelError("unknown auto_pad " + autoPad);
        }
        const int64_t span = w.in[i] + w.padBegin[i] + w.padEnd[i] - dk;
        if (span < 0) throw KernelError("window larger than the padded input");
        if (ceilMode) {
            w.out[i] = ceilDiv(span, w.strides[i]) + 1;
            if ((w.out[i] - 1) * w.strides[i] >= w.in[i] + w.padBegin[i]) --w.out[i];
        } else {
            w.out[i] = span / w.strides[i] + 1;
        }
    }
    checkBuildable(w.out);
    checkBuildable(w.kernel);
    return w;
}

// Calls fn(idx) for every multi-index of `dims`, row-major.
template <typename Fn>
void forEachIndex(const std::vector<int64_t>& dims, Fn fn) {
    const int64_t count = product(dims);
    std::vector<int64_t> idx(dims.size(), 0);
    for (int64_t n = 0; n < count; ++n) {
        fn(static_cast<const std::vector<int64_t>&>(idx));
        for (size_t d = dims.size(); d-- > 0;) {
            if (++idx[d] < dims[d]) break;
            idx[d] = 0;
        }
    }
}

// Spatial dims of an [N, C, D1, ...] tensor; throws unless the rank is at least `minRank`.
inline std::vector<int64_t> spatialDims(const Tensor& x, size_t minRank = 3) {
    if (x.dims().size() < minRank) throw KernelError("expected an [N, C, D1, ...] tensor");
    return std::vector<int64_t>(x.dims().begin() + 2, x.dims().end());
}

}  // namespace passscope::kernels::nn

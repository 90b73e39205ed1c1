// GridSample (opset 16, 4-D): Y[n, c, h, w] samples X[n, c] at grid[n, h, w] = (x, y), normalised
// to [-1, 1] (align_corners 1: -1 and 1 are the centres of the corner pixels; 0: their outer
// edges). mode bilinear (default), nearest (halves round to even) or bicubic (A = -0.75 on a 4x4
// neighbourhood); padding_mode zeros (pixels outside read 0), border (clamped to the edge) or
// reflection (mirrored at the border, then clamped). As PyTorch's grid_sample, which ONNX Runtime
// and the ONNX test data follow: bilinear and nearest first clamp or reflect the coordinate,
// bicubic applies the padding to each pixel of its neighbourhood. Computes in double and rounds
// once to X's type.
#include <cmath>

#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

enum class Padding { Zeros, Border, Reflection };

struct Plane {
    const double* data;
    int64_t height, width;
    Padding padding;
    bool alignCorners;

    // Mirrors v into [low, high] as many times as needed.
    static double reflect(double v, double low, double high) {
        const double span = high - low;
        if (span <= 0) return low;
        double d = v < low ? low - v : v > high ? v - high : 0;
        if (d == 0) return v;
        const double flips = std::floor(d / span);
        const double rest = d - flips * span;
        const bool even = std::fmod(flips, 2.0) == 0;
        return v < low ? (even ? low + rest : high - rest) : (even ? high - rest : low + rest);
    }
    // A coordinate along an axis of `size` pixels, with border or reflection padding applied.
    double padded(double v, int64_t size) const {
        const double last = static_cast<double>(size - 1);
        if (padding == Padding::Reflection)
            v = alignCorners ? reflect(v, 0, last) : reflect(v, -0.5, static_cast<double>(size) - 0.5);
        if (padding != Padding::Zeros) v = std::clamp(v, 0.0, last);
        return v;
    }
    double pixel(int64_t y, int64_t x) const {
        if (padding != Padding::Zeros) {
            y = static_cast<int64_t>(padded(static_cast<double>(y), height));
            x = static_cast<int64_t>(padded(static_cast<double>(x), width));
        }
        if (y < 0 || y >= height || x < 0 || x >= width) return 0.0;
        return data[y * width + x];
    }
};

double denormalize(double v, int64_t size, bool alignCorners) {
    const double s = static_cast<double>(size);
    return alignCorners ? (v + 1) / 2 * (s - 1) : ((v + 1) * s - 1) / 2;
}

void cubicCoefficients(double t, double c[4]) {
    constexpr double A = -0.75;
    const double x1 = t + 1, x2 = 1 - t, x3 = 2 - t;
    c[0] = ((A * x1 - 5 * A) * x1 + 8 * A) * x1 - 4 * A;
    c[1] = ((A + 2) * t - (A + 3)) * t * t + 1;
    c[2] = ((A + 2) * x2 - (A + 3)) * x2 * x2 + 1;
    c[3] = ((A * x3 - 5 * A) * x3 + 8 * A) * x3 - 4 * A;
}

double sample(const Plane& p, const std::string& mode, double x, double y) {
    if (mode == "bicubic") {
        const double x0 = std::floor(x) - 1, y0 = std::floor(y) - 1;
        double cx[4], cy[4];
        cubicCoefficients(x - x0 - 1, cx);
        cubicCoefficients(y - y0 - 1, cy);
        double sum = 0;
        for (int i = 0; i < 4; ++i) {
            double row = 0;
            for (int j = 0; j < 4; ++j)
                row += cx[j] * p.pixel(static_cast<int64_t>(y0) + i, static_cast<int64_t>(x0) + j);
            sum += cy[i] * row;
        }
        return sum;
    }
    x = p.padded(x, p.width);
    y = p.padded(y, p.height);
    if (mode == "nearest")
        return p.pixel(static_cast<int64_t>(std::nearbyint(y)), static_cast<int64_t>(std::nearbyint(x)));
    const double x1 = std::floor(x), y1 = std::floor(y);
    const auto ix = static_cast<int64_t>(x1), iy = static_cast<int64_t>(y1);
    const double dx = x - x1, dy = y - y1;
    return (1 - dy) * ((1 - dx) * p.pixel(iy, ix) + dx * p.pixel(iy, ix + 1)) +
           dy * ((1 - dx) * p.pixel(iy + 1, ix) + dx * p.pixel(iy + 1, ix + 1));
}

KernelResult gridSample(const KernelContext& ctx) {
    const Tensor& x = red::required(ctx, 0);
    const Tensor& grid = red::required(ctx, 1);
    requireFloat(x);
    requireFloat(grid);
    const auto& xd = x.dims();
    const auto& gd = grid.dims();
    if (xd.size() != 4 || gd.size() != 4 || gd[0] != xd[0] || gd[3] != 2)
        throw KernelError("X must be [N, C, H, W] and grid [N, H_out, W_out, 2]");
    const std::string mode = ctx.attrString("mode", "bilinear");
    if (mode != "bilinear" && mode != "nearest" && mode != "bicubic")
        throw KernelError("unknown mode " + mode);
    const std::string pad = ctx.attrString("padding_mode", "zeros");
    if (pad != "zeros" && pad != "border" && pad != "reflection")
        throw KernelError("unknown padding_mode " + pad);
    const Padding padding = pad == "zeros"    ? Padding::Zeros
                            : pad == "border" ? Padding::Border
                                              : Padding::Reflection;
    const bool alignCorners = ctx.attrInt("align_corners", 0) != 0;
    const int64_t N = xd[0], C = xd[1], H = xd[2], W = xd[3], outH = gd[1], outW = gd[2];
    const std::vector<int64_t> outDims = {N, C, outH, outW};
    red::checkBuildable(outDims);
    const auto xv = toDoubles(x);
    const auto gv = toDoubles(grid);
    std::vector<double> out(static_cast<size_t>(N * C * outH * outW));
    for (int64_t n = 0; n < N; ++n)
        for (int64_t c = 0; c < C; ++c) {
            const Plane plane{xv.data() + (n * C + c) * H * W, H, W, padding, alignCorners};
            for (int64_t i = 0; i < outH * outW; ++i) {
                const double* g = gv.data() + (n * outH * outW + i) * 2;
                out[static_cast<size_t>((n * C + c) * outH * outW + i)] = sample(
                    plane, mode, denormalize(g[0], W, alignCorners), denormalize(g[1], H, alignCorners));
            }
        }
    return KernelResult::ok(fromDoubles(x.dtype(), outDims, out));
}

}  // namespace

void registerGridSampleKernels(KernelRegistry& r) {
    r.add("", "GridSample", 16, 0, gridSample);
}

}  // namespace passscope::kernels

// RoiAlign (opsets 10 and 16): for each region of interest [x1, y1, x2, y2] (scaled by
// spatial_scale) of one image of X [N, C, H, W], an output_height x output_width grid of bins, each
// the average (or the maximum) of sampling_ratio^2 bilinearly interpolated points (adaptive,
// ceil(roi size / bins), when sampling_ratio is 0). coordinate_transformation_mode half_pixel (the
// default from opset 16) shifts the box by -0.5; output_half_pixel (opset 10's behaviour) does not
// and makes a box at least 1x1. Sampling as ONNX Runtime and Caffe2 do (a point more than one
// pixel outside the image counts 0; one within a pixel of the border clamps to it).
#include <algorithm>
#include <cmath>

#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

struct BilinearTap {
    int64_t index[4] = {0, 0, 0, 0};  // y_low*W+x_low, y_low*W+x_high, y_high*W+x_low, y_high*W+x_high
    double weight[4] = {0, 0, 0, 0};
};

BilinearTap roiTap(double y, double x, int64_t height, int64_t width) {
    BilinearTap tap;
    if (y < -1.0 || y > static_cast<double>(height) || x < -1.0 || x > static_cast<double>(width)) return tap;
    y = std::max(y, 0.0);
    x = std::max(x, 0.0);
    int64_t yLow = static_cast<int64_t>(y), xLow = static_cast<int64_t>(x), yHigh, xHigh;
    if (yLow >= height - 1) {
        yHigh = yLow = height - 1;
        y = static_cast<double>(yLow);
    } else {
        yHigh = yLow + 1;
    }
    if (xLow >= width - 1) {
        xHigh = xLow = width - 1;
        x = static_cast<double>(xLow);
    } else {
        xHigh = xLow + 1;
    }
    const double ly = y - static_cast<double>(yLow), lx = x - static_cast<double>(xLow);
    const double hy = 1 - ly, hx = 1 - lx;
    tap.index[0] = yLow * width + xLow;
    tap.index[1] = yLow * width + xHigh;
    tap.index[2] = yHigh * width + xLow;
    tap.index[3] = yHigh * width + xHigh;
    tap.weight[0] = hy * hx;
    tap.weight[1] = hy * lx;
    tap.weight[2] = ly * hx;
    tap.weight[3] = ly * lx;
    return tap;
}

KernelResult roiAlign(const KernelContext& ctx) {
    const Tensor& x = red::required(ctx, 0);
    const Tensor& roisT = red::required(ctx, 1);
    requireFloat(x);
    if (x.dims().size() != 4) throw KernelError("X must be [N, C, H, W]");
    if (roisT.dims().size() != 2 || roisT.dims()[1] != 4) throw KernelError("rois must be [num_rois, 4]");
    const std::vector<int64_t> batchIndex = toInt64s(red::required(ctx, 2));
    const int64_t rois = roisT.dims()[0];
    if (static_cast<int64_t>(batchIndex.size()) != rois)
        throw KernelError("batch_indices must have one entry per roi");
    const int64_t N = x.dims()[0], C = x.dims()[1], H = x.dims()[2], W = x.dims()[3];
    const int64_t outH = ctx.attrInt("output_height", 1), outW = ctx.attrInt("output_width", 1);
    const int64_t sampling = ctx.attrInt("sampling_ratio", 0);
    const double scale = ctx.attrFloat("spatial_scale", 1.0);
    const std::string mode = ctx.attrString("mode", "avg");
    if (mode != "avg" && mode != "max") throw KernelError("mode must be avg or max");
    const std::string transformation = ctx.attrString("coordinate_transformation_mode",
                                                      ctx.opset() >= 16 ? "half_pixel" : "output_half_pixel");
    if (transformation != "half_pixel" && transformation != "output_half_pixel")
        throw KernelError("coordinate_transformation_mode must be half_pixel or output_half_pixel");
    if (outH < 1 || outW < 1 || sampling < 0) throw KernelError("output sizes must be positive");
    const bool halfPixel = transformation == "half_pixel";
    const std::vector<int64_t> dims{rois, C, outH, outW};
    red::checkBuildable(dims);
    const std::vector<double> in = toDoubles(x), box = toDoubles(roisT);
    std::vector<double> out(static_cast<size_t>(rois * C * outH * outW));
    const double offset = halfPixel ? 0.5 : 0.0;
    for (int64_t r = 0; r < rois; ++r) {
        const int64_t b = batchIndex[static_cast<size_t>(r)];
        if (b < 0 || b >= N) throw KernelError("a batch index is out of range");
        const double* roi = &box[static_cast<size_t>(r * 4)];
        const double x1 = roi[0] * scale - offset, y1 = roi[1] * scale - offset;
        double roiW = roi[2] * scale - offset - x1, roiH = roi[3] * scale - offset - y1;
        if (!halfPixel) {
            roiW = std::max(roiW, 1.0);
            roiH = std::max(roiH, 1.0);
        }
        const double binH = roiH / static_cast<double>(outH), binW = roiW / static_cast<double>(outW);
        const int64_t gridH =
            sampling > 0 ? sampling : static_cast<int64_t>(std::ceil(roiH / static_cast<double>(outH)));
        const int64_t gridW =
            sampling > 0 ? sampling : static_cast<int64_t>(std::ceil(roiW / static_cast<double>(outW)));
        const double count = static_cast<double>(std::max<int64_t>(gridH * gridW, 1));
        for (int64_t ph = 0; ph < outH; ++ph)
            for (int64_t pw = 0; pw < outW; ++pw) {
                std::vector<BilinearTap> taps;
                for (int64_t iy = 0; iy < gridH; ++iy) {
                    const double y = y1 + static_cast<double>(ph) * binH +
                                     (static_cast<double>(iy) + 0.5) * binH / static_cast<double>(gridH);
                    for (int64_t ix = 0; ix < gridW; ++ix) {
                        const double xx = x1 + static_cast<double>(pw) * binW +
                                          (static_cast<double>(ix) + 0.5) * binW / static_cast<double>(gridW);
                        taps.push_back(roiTap(y, xx, H, W));
                    }
                }
                for (int64_t c = 0; c < C; ++c) {
                    const double* plane = &in[static_cast<size_t>((b * C + c) * H * W)];
                    double acc = 0;
                    bool first = true;
                    for (const BilinearTap& t : taps) {
                        if (mode == "avg") {
                            for (int k = 0; k < 4; ++k) acc += t.weight[k] * plane[t.index[k]];
                            continue;
                        }
                        double v = t.weight[0] * plane[t.index[0]];
                        for (int k = 1; k < 4; ++k) v = std::max(v, t.weight[k] * plane[t.index[k]]);
                        acc = first ? v : std::max(acc, v);
                        first = false;
                    }
                    out[static_cast<size_t>(((r * C + c) * outH + ph) * outW + pw)] =
                        mode == "avg" ? acc / count : acc;
                }
            }
    }
    return KernelResult::ok(fromDoubles(x.dtype(), dims, out));
}

}  // namespace

void registerRoiAlignKernels(KernelRegistry& r) {
    r.add("", "RoiAlign", 10, 0, roiAlign);
}

}  // namespace passscope::kernels

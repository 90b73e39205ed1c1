// NonMaxSuppression (opsets 10, 11): per batch and class, the boxes whose score is above
// score_threshold (when given), taken greedily by descending score (ties: lower index first)
// and kept unless their IoU with a box already kept exceeds iou_threshold, up to
// max_output_boxes_per_class (absent or 0: none). Boxes are [y1, x1, y2, x2] with corners in
// either order (center_point_box 0) or [x_center, y_center, width, height] (1). Output
// selected_indices [k, 3] int64 rows (batch, class, box), in that order, as ONNX Runtime gives.
#include <algorithm>
#include <numeric>

#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

struct Box {
    double y1, x1, y2, x2;
};

Box boxAt(const std::vector<double>& v, size_t at, bool centerPoint) {
    if (centerPoint) {
        const double xc = v[at], yc = v[at + 1], w = v[at + 2], h = v[at + 3];
        return {yc - h / 2, xc - w / 2, yc + h / 2, xc + w / 2};
    }
    return {std::min(v[at], v[at + 2]), std::min(v[at + 1], v[at + 3]), std::max(v[at], v[at + 2]),
            std::max(v[at + 1], v[at + 3])};
}

// True when a and b overlap by more than the threshold (intersection over union).
bool suppresses(const Box& a, const Box& b, double iouThreshold) {
    const double areaA = (a.y2 - a.y1) * (a.x2 - a.x1);
    const double areaB = (b.y2 - b.y1) * (b.x2 - b.x1);
    if (areaA <= 0 || areaB <= 0) return false;
    const double ih = std::max(0.0, std::min(a.y2, b.y2) - std::max(a.y1, b.y1));
    const double iw = std::max(0.0, std::min(a.x2, b.x2) - std::max(a.x1, b.x1));
    const double inter = ih * iw;
    if (inter <= 0) return false;
    return inter / (areaA + areaB - inter) > iouThreshold;
}

KernelResult nonMaxSuppression(const KernelContext& ctx) {
    const Tensor& boxesT = red::required(ctx, 0);
    const Tensor& scoresT = red::required(ctx, 1);
    if (boxesT.dims().size() != 3 || boxesT.dims()[2] != 4)
        throw KernelError("boxes must be [batches, boxes, 4]");
    if (scoresT.dims().size() != 3 || scoresT.dims()[0] != boxesT.dims()[0] ||
        scoresT.dims()[2] != boxesT.dims()[1])
        throw KernelError("scores must be [batches, classes, boxes]");
    const int64_t maxOut = ctx.hasInput(2) && ctx.input(2).elementCount() > 0 ? scalarInt(ctx.input(2)) : 0;
    const double iouThreshold =
        ctx.hasInput(3) && ctx.input(3).elementCount() > 0 ? scalarDouble(ctx.input(3)) : 0.0;
    const bool hasScoreThreshold = ctx.hasInput(4) && ctx.input(4).elementCount() > 0;
    const double scoreThreshold = hasScoreThreshold ? scalarDouble(ctx.input(4)) : 0.0;
    const bool centerPoint = ctx.attrInt("center_point_box", 0) != 0;
    const auto boxes = toDoubles(boxesT);
    const auto scores = toDoubles(scoresT);
    const int64_t batches = scoresT.dims()[0], classes = scoresT.dims()[1], count = scoresT.dims()[2];
    std::vector<int64_t> selected;
    for (int64_t b = 0; b < batches && maxOut > 0; ++b) {
        for (int64_t c = 0; c < classes; ++c) {
            const double* s = scores.data() + (b * classes + c) * count;
            std::vector<int64_t> order;
            for (int64_t i = 0; i < count; ++i)
                if (!hasScoreThreshold || s[i] > scoreThreshold) order.push_back(i);
            std::stable_sort(order.begin(), order.end(), [&](int64_t l, int64_t r) { return s[l] > s[r]; });
            std::vector<Box> kept;
            for (int64_t i : order) {
                if (static_cast<int64_t>(kept.size()) >= maxOut) break;
                const Box box = boxAt(boxes, static_cast<size_t>((b * count + i) * 4), centerPoint);
                if (std::any_of(kept.begin(), kept.end(),
                                [&](const Box& k) { return suppresses(k, box, iouThreshold); }))
                    continue;
                kept.push_back(box);
                selected.insert(selected.end(), {b, c, i});
            }
        }
    }
    const int64_t rows = static_cast<int64_t>(selected.size() / 3);
    return KernelResult::ok(makeTensor<int64_t>({rows, 3}, selected));
}

}  // namespace

void registerNonMaxSuppressionKernels(KernelRegistry& r) {
    r.add("", "NonMaxSuppression", 10, 0, nonMaxSuppression);
}

}  // namespace passscope::kernels

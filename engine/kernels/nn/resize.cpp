// Resize (opsets 10, 11, 13, 18, 19), following the ONNX reference implementation.
//
// Output extents come from `sizes`, or from floor(in * scale) with `scales` (exactly one of the
// two). From opset 18, `axes` restricts both to some axes, and keep_aspect_ratio_policy
// (not_larger / not_smaller) replaces the per-axis sizes by one common scale, the extents being
// round(scale * in). Each output coordinate x is mapped back to the input per
// coordinate_transformation_mode (opset 10: asymmetric), with the scale as given (sizes / in
// when sizes are used) and "output width" = scale * in, as the reference does:
//   half_pixel (x + 0.5) / scale - 0.5; asymmetric x / scale; pytorch_half_pixel like
//   half_pixel but -0.5 when the width is 1; align_corners x * (in - 1) / (width - 1) (0 when
//   the width is 1); tf_half_pixel_for_nn (x + 0.5) / scale; tf_crop_and_resize maps into the
//   roi and gives extrapolation_value outside the input; half_pixel_symmetric (opset 19) shifts
//   half_pixel to keep the centre.
// Interpolation is separable: each axis gives a list of (input index, weight) for each output
// coordinate and the output is the weighted sum over their cartesian product. nearest picks one
// index per nearest_mode (opset 10: floor when upsampling, ceil when downsampling, as ONNX
// Runtime's legacy mode); linear weights two neighbours, cubic four with the Keys kernel
// (cubic_coeff_a); with antialias (opset 18) and scale < 1 the linear/cubic kernels are widened
// by 1/scale and normalized. Indices outside the input use the edge element, or are dropped
// with exclude_outside (weights renormalized). Floating types compute in double and round once;
// integer types round half to even and saturate, like the reference's saturate_cast; nearest
// copies elements of any type.
#include <optional>

#include "kernels/kernel_registry.h"
#include "kernels/nn/spatial.h"

namespace passscope::kernels {
namespace {

using namespace red;
using namespace nn;

struct Tap {
    int64_t index;
    double weight;
};

struct AxisPlan {
    // Per output coordinate: its taps, or empty for "extrapolate".
    std::vector<std::vector<Tap>> taps;
};

// The attributes, as the opset reads them (opset 10 knows only `mode`).
struct ResizeOptions {
    int64_t opset = 0;
    std::string mode;
    std::string coord;  // coordinate_transformation_mode
    std::string nearestMode;
    double cubicA = -0.75;
    bool excludeOutside = false;
    double extrapolation = 0.0;
    bool antialias = false;
    std::string policy;  // keep_aspect_ratio_policy
};

// The output's extents, and per axis the scale and the roi (tf_crop_and_resize).
struct ResizeGeometry {
    std::vector<int64_t> outDims;
    std::vector<double> scale, roiStart, roiEnd;
};

std::vector<double> optionalFloats(const KernelContext& ctx, size_t i) {
    if (!ctx.hasInput(i)) return {};
    return toDoubles(ctx.input(i));
}

ResizeOptions resizeOptions(const KernelContext& ctx) {
    ResizeOptions o;
    o.opset = ctx.opset();
    o.mode = ctx.attrString("mode", "nearest");
    if (o.mode != "nearest" && o.mode != "linear" && o.mode != "cubic")
        throw KernelError("unknown mode " + o.mode);
    if (o.opset < 11 && o.mode == "cubic") throw KernelError("cubic needs opset 11");
    o.coord = o.opset < 11 ? "asymmetric" : ctx.attrString("coordinate_transformation_mode", "half_pixel");
    o.nearestMode = o.opset < 11 ? "legacy" : ctx.attrString("nearest_mode", "round_prefer_floor");
    o.cubicA = ctx.attrFloat("cubic_coeff_a", -0.75);
    o.excludeOutside = o.opset >= 11 && ctx.attrInt("exclude_outside", 0) != 0;
    o.extrapolation = ctx.attrFloat("extrapolation_value", 0.0);
    o.antialias = o.opset >= 18 && ctx.attrInt("antialias", 0) != 0;
    o.policy = o.opset >= 18 ? ctx.attrString("keep_aspect_ratio_policy", "stretch") : "stretch";
    return o;
}

// Extents from `sizes` (stretched per axis, or one common scale under keep_aspect_ratio_policy).
void sizeFromSizes(const ResizeOptions& o, const std::vector<int64_t>& inDims,
                   const std::vector<int64_t>& axes, const std::vector<double>& sizes, ResizeGeometry& geo) {
    const size_t na = axes.size();
    for (double s : sizes)
        if (s < 0 || s != std::trunc(s) || s > kMaxFoldElements) throw KernelError("bad sizes");
    if (o.policy == "stretch") {
        for (size_t k = 0; k < na; ++k) {
            const size_t a = static_cast<size_t>(axes[k]);
            geo.outDims[a] = static_cast<int64_t>(sizes[k]);
            geo.scale[a] = inDims[a] == 0 ? 1.0 : sizes[k] / static_cast<double>(inDims[a]);
        }
        return;
    }
    if (o.policy != "not_larger" && o.policy != "not_smaller")
        throw KernelError("unknown keep_aspect_ratio_policy " + o.policy);
    double common = o.policy == "not_larger" ? std::numeric_limits<double>::infinity() : 0.0;
    for (size_t k = 0; k < na; ++k) {
        const size_t a = static_cast<size_t>(axes[k]);
        if (inDims[a] == 0) throw KernelError("keep_aspect_ratio_policy on an empty axis");
        const double s = sizes[k] / static_cast<double>(inDims[a]);
        common = o.policy == "not_larger" ? std::min(common, s) : std::max(common, s);
    }
    for (size_t k = 0; k < na; ++k) {
        const size_t a = static_cast<size_t>(axes[k]);
        geo.scale[a] = common;
        geo.outDims[a] = static_cast<int64_t>(std::floor(common * static_cast<double>(inDims[a]) + 0.5));
    }
}

// The output geometry from the scales or sizes, the axes (opset 18) and the roi.
ResizeGeometry resizeGeometry(const KernelContext& ctx, const ResizeOptions& o,
                              const std::vector<int64_t>& inDims) {
    const size_t rank = inDims.size();
    std::vector<double> roiIn, scalesIn, sizesD;
    if (o.opset < 11) {
        scalesIn = toDoubles(required(ctx, 1));
    } else {
        roiIn = optionalFloats(ctx, 1);
        scalesIn = optionalFloats(ctx, 2);
        sizesD = optionalFloats(ctx, 3);
    }
    if (scalesIn.empty() == sizesD.empty())
        throw KernelError("exactly one of scales and sizes must be given");

    // Axes the scales/sizes/roi refer to.
    std::vector<int64_t> axes;
    if (o.opset >= 18 && ctx.hasAttr("axes")) {
        axes = normalizeAxes(ctx.attrInts("axes"), static_cast<int64_t>(rank));
    } else {
        for (size_t a = 0; a < rank; ++a) axes.push_back(static_cast<int64_t>(a));
    }
    const size_t na = axes.size();
    if ((!scalesIn.empty() && scalesIn.size() != na) || (!sizesD.empty() && sizesD.size() != na))
        throw KernelError("scales/sizes length does not match the axes");
    ResizeGeometry geo{inDims, std::vector<double>(rank, 1.0), std::vector<double>(rank, 0.0),
                       std::vector<double>(rank, 1.0)};
    if (o.coord == "tf_crop_and_resize") {
        if (roiIn.size() != 2 * na) throw KernelError("roi must have 2 * (number of axes) values");
        for (size_t k = 0; k < na; ++k) {
            geo.roiStart[static_cast<size_t>(axes[k])] = roiIn[k];
            geo.roiEnd[static_cast<size_t>(axes[k])] = roiIn[k + na];
        }
    }
    if (!sizesD.empty()) {
        sizeFromSizes(o, inDims, axes, sizesD, geo);
    } else {
        for (size_t k = 0; k < na; ++k) {
            const size_t a = static_cast<size_t>(axes[k]);
            if (!(scalesIn[k] > 0) || !std::isfinite(scalesIn[k]))
                throw KernelError("scales must be positive");
            geo.scale[a] = scalesIn[k];
            const double out = std::floor(scalesIn[k] * static_cast<double>(inDims[a]));
            if (out > kMaxFoldElements) throw KernelError("output too large to fold");
            geo.outDims[a] = static_cast<int64_t>(out);
        }
    }
    for (size_t a = 0; a < rank; ++a)
        if (inDims[a] == 0 && geo.outDims[a] > 0)
            throw KernelError("cannot resize an empty axis to a non-empty one");
    checkBuildable(geo.outDims);
    return geo;
}

// Output coordinate `xo` of axis `a` mapped back to the input (coordinate_transformation_mode);
// nullopt when tf_crop_and_resize puts it outside the input (extrapolate).
std::optional<double> sourceCoordinate(const ResizeOptions& o, const ResizeGeometry& geo, size_t a,
                                       int64_t in, int64_t out, int64_t xo) {
    const double s = geo.scale[a];
    const double width = s * static_cast<double>(in);
    const double xr = static_cast<double>(xo);
    const std::string& coord = o.coord;
    if (coord == "half_pixel") return (xr + 0.5) / s - 0.5;
    if (coord == "asymmetric") return xr / s;
    if (coord == "pytorch_half_pixel") return width == 1.0 ? -0.5 : (xr + 0.5) / s - 0.5;
    if (coord == "align_corners")
        return width == 1.0 ? 0.0 : xr * static_cast<double>(in - 1) / (width - 1.0);
    if (coord == "tf_half_pixel_for_nn" && o.opset < 13) return (xr + 0.5) / s;
    if (coord == "half_pixel_symmetric" && o.opset >= 19) {
        const double adjustment = static_cast<double>(out) / width;
        const double center = static_cast<double>(in) / 2.0;
        return center * (1.0 - adjustment) + (xr + 0.5) / s - 0.5;
    }
    if (coord == "tf_crop_and_resize") {
        const double span = geo.roiEnd[a] - geo.roiStart[a];
        double xi = width == 1.0 ? span * static_cast<double>(in - 1) / 2.0
                                 : xr * span * static_cast<double>(in - 1) / (width - 1.0);
        xi += geo.roiStart[a] * static_cast<double>(in - 1);
        if (xi < 0 || xi > static_cast<double>(in - 1)) return std::nullopt;
        return xi;
    }
    throw KernelError("unsupported coordinate_transformation_mode " + coord);
}

// The input index `nearest` picks for source coordinate `xi` (nearest_mode; opset 10's legacy
// mode rounds by whether the axis shrinks).
int64_t nearestIndex(const ResizeOptions& o, double xi, double scale) {
    const double fl = std::floor(xi);
    if (o.nearestMode == "legacy") return static_cast<int64_t>(scale < 1.0 ? std::ceil(xi) : std::trunc(xi));
    if (xi == fl) return static_cast<int64_t>(fl);
    const double r = xi - fl;
    bool up;
    if (o.nearestMode == "round_prefer_floor")
        up = r > 0.5;
    else if (o.nearestMode == "round_prefer_ceil")
        up = r >= 0.5;
    else if (o.nearestMode == "floor")
        up = false;
    else if (o.nearestMode == "ceil")
        up = true;
    else
        throw KernelError("unknown nearest_mode " + o.nearestMode);
    return static_cast<int64_t>(fl) + (up ? 1 : 0);
}

// linear and cubic: the neighbours of source coordinate `xi` with their weights, widened by
// 1/scale and normalized under antialias, renormalized without the outside ones under
// exclude_outside. Indices may lie outside [0, in).
std::vector<std::pair<int64_t, double>> interpolationTaps(const ResizeOptions& o, double xi, double scale,
                                                          int64_t in) {
    // ratio in (0, 1]: an integer coordinate k is treated as (k - 1) + 1, as the reference.
    const double base = std::ceil(xi) - 1.0;
    const double ratio = xi - base;
    const int64_t b = static_cast<int64_t>(base);
    std::vector<std::pair<int64_t, double>> raw;
    const double sa = o.antialias ? std::min(scale, 1.0) : 1.0;
    if (o.mode == "linear") {
        if (sa < 1.0) {
            const int64_t start = static_cast<int64_t>(std::floor(-1.0 / sa)) + 1;
            const int64_t footprint = 2 - 2 * start;
            for (int64_t j = start; j < start + footprint; ++j)
                raw.emplace_back(
                    b + j, std::clamp(1.0 - std::fabs((static_cast<double>(j) - ratio) * sa), 0.0, 1.0));
        } else {
            raw.emplace_back(b, 1.0 - ratio);
            raw.emplace_back(b + 1, ratio);
        }
    } else {
        const double A = o.cubicA;
        auto keys = [A](double v) {
            v = std::fabs(v);
            if (v <= 1) return ((A + 2) * v - (A + 3)) * v * v + 1;
            if (v < 2) return ((A * v - 5 * A) * v + 8 * A) * v - 4 * A;
            return 0.0;
        };
        if (sa < 1.0) {
            const int64_t start = static_cast<int64_t>(std::floor(-2.0 / sa)) + 1;
            for (int64_t j = start; j < 2 - start; ++j)
                raw.emplace_back(b + j, keys(sa * (static_cast<double>(j) - ratio)));
        } else {
            const double r = ratio;
            raw.emplace_back(b - 1, ((A * (r + 1) - 5 * A) * (r + 1) + 8 * A) * (r + 1) - 4 * A);
            raw.emplace_back(b, ((A + 2) * r - (A + 3)) * r * r + 1);
            raw.emplace_back(b + 1, ((A + 2) * (1 - r) - (A + 3)) * (1 - r) * (1 - r) + 1);
            raw.emplace_back(b + 2,
                             ((A * ((1 - r) + 1) - 5 * A) * ((1 - r) + 1) + 8 * A) * ((1 - r) + 1) - 4 * A);
        }
    }
    if (sa < 1.0) {
        double sum = 0;
        for (auto& [i, w] : raw) sum += w;
        for (auto& [i, w] : raw) w /= sum;
    }
    if (o.excludeOutside) {
        double sum = 0;
        for (auto& [i, w] : raw) {
            if (i < 0 || i >= in) w = 0;
            sum += w;
        }
        if (sum == 0) sum = 1;  // every tap outside: the reference guards the same way
        for (auto& [i, w] : raw) w /= sum;
    }
    return raw;
}

// Axis `a`: the taps of each output coordinate, indices clamped to the edge.
AxisPlan planAxis(const ResizeOptions& o, const ResizeGeometry& geo, const std::vector<int64_t>& inDims,
                  size_t a) {
    const int64_t in = inDims[a], out = geo.outDims[a];
    AxisPlan plan;
    plan.taps.resize(static_cast<size_t>(out));
    auto clampIndex = [&](int64_t i) { return std::clamp<int64_t>(i, 0, in - 1); };
    for (int64_t xo = 0; xo < out; ++xo) {
        const std::optional<double> xi = sourceCoordinate(o, geo, a, in, out, xo);
        if (!xi) continue;  // extrapolate: no taps
        if (!std::isfinite(*xi)) throw KernelError("non-finite source coordinate");
        auto& t = plan.taps[static_cast<size_t>(xo)];
        if (o.mode == "nearest") {
            t.push_back({clampIndex(nearestIndex(o, *xi, geo.scale[a])), 1.0});
            continue;
        }
        for (auto& [i, w] : interpolationTaps(o, *xi, geo.scale[a], in))
            if (w != 0.0) t.push_back({clampIndex(i), w});
    }
    return plan;
}

// Calls fn(combos) for each output element in order, combos being (flat input index, weight)
// over the cartesian product of the axes' taps; empty means extrapolate.
template <class Fn>
void forEachResizeOutput(const std::vector<int64_t>& inDims, const std::vector<int64_t>& outDims,
                         const std::vector<AxisPlan>& plans, Fn fn) {
    const auto inStrides = stridesOf(inDims);
    const size_t rank = inDims.size();
    std::vector<std::pair<int64_t, double>> combos;
    forEachIndex(outDims, [&](const std::vector<int64_t>& o) {
        combos.assign(1, {0, 1.0});
        for (size_t a = 0; a < rank && !combos.empty(); ++a) {
            const auto& t = plans[a].taps[static_cast<size_t>(o[a])];
            if (t.empty()) {
                combos.clear();
                break;
            }
            std::vector<std::pair<int64_t, double>> next;
            next.reserve(combos.size() * t.size());
            for (const auto& [off, w] : combos)
                for (const Tap& tp : t) next.emplace_back(off + tp.index * inStrides[a], w * tp.weight);
            combos.swap(next);
        }
        fn(static_cast<const std::vector<std::pair<int64_t, double>>&>(combos));
    });
}

// nearest: copies elements of any type; extrapolated ones get extrapolation_value.
KernelResult gatherResize(const Tensor& x, const std::vector<int64_t>& outDims,
                          const std::vector<AxisPlan>& plans, double extrapolation) {
    std::vector<int64_t> src;
    src.reserve(static_cast<size_t>(product(outDims)));
    forEachResizeOutput(x.dims(), outDims, plans,
                        [&](const auto& combos) { src.push_back(combos.empty() ? -1 : combos[0].first); });
    return dispatch<kAll>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        if constexpr (std::is_same_v<T, bool>) {
            auto v = boolValues(x);
            std::vector<bool> out(src.size());
            for (size_t i = 0; i < src.size(); ++i)
                out[i] = src[i] < 0 ? extrapolation != 0 : v[static_cast<size_t>(src[i])] != 0;
            return KernelResult::ok(makeTensor<bool>(outDims, out));
        } else {
            auto v = values<T>(x);
            std::vector<T> out(src.size());
            for (size_t i = 0; i < src.size(); ++i) {
                if (src[i] >= 0)
                    out[i] = v[static_cast<size_t>(src[i])];
                else if constexpr (std::is_same_v<T, std::string>)
                    out[i] = std::string();
                else if constexpr (isFloatLike<T>)
                    out[i] = static_cast<T>(extrapolation);
                else if constexpr (std::is_integral_v<T>)
                    out[i] = saturate<T>(std::nearbyint(extrapolation));
                else
                    out[i] = T(static_cast<typename T::value_type>(extrapolation));
            }
            return KernelResult::ok(makeTensor<T>(outDims, out));
        }
    });
}

// linear and cubic: weighted sums in double, rounded once (integers half to even, saturated).
KernelResult interpolateResize(const Tensor& x, const std::vector<int64_t>& outDims,
                               const std::vector<AxisPlan>& plans, double extrapolation) {
    return dispatch<kNumeric>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        auto v = values<T>(x);
        std::vector<T> out;
        out.reserve(static_cast<size_t>(product(outDims)));
        forEachResizeOutput(x.dims(), outDims, plans, [&](const auto& combos) {
            double acc = 0;
            if (combos.empty()) acc = extrapolation;
            for (const auto& [off, w] : combos) acc += w * static_cast<double>(v[static_cast<size_t>(off)]);
            if constexpr (isFloatLike<T>)
                out.push_back(static_cast<T>(acc));
            else
                out.push_back(saturate<T>(std::nearbyint(acc)));
        });
        return KernelResult::ok(makeTensor<T>(outDims, out));
    });
}

KernelResult resize(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    const ResizeOptions options = resizeOptions(ctx);
    const ResizeGeometry geo = resizeGeometry(ctx, options, x.dims());
    std::vector<AxisPlan> plans;
    for (size_t a = 0; a < x.dims().size(); ++a) plans.push_back(planAxis(options, geo, x.dims(), a));
    if (options.mode == "nearest") return gatherResize(x, geo.outDims, plans, options.extrapolation);
    return interpolateResize(x, geo.outDims, plans, options.extrapolation);
}

}  // namespace

void registerResizeKernels(KernelRegistry& r) {
    r.add("", "Resize", 10, 0, resize);
}

}  // namespace passscope::kernels

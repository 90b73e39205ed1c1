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

std::vector<double> optionalFloats(const KernelContext& ctx, size_t i) {
    if (!ctx.hasInput(i)) return {};
    return toDoubles(ctx.input(i));
}

KernelResult resize(const KernelContext& ctx) {
    const Tensor& x = required(ctx, 0);
    const auto& inDims = x.dims();
    const size_t rank = inDims.size();
    const int64_t opset = ctx.opset();
    const std::string mode = ctx.attrString("mode", "nearest");
    if (mode != "nearest" && mode != "linear" && mode != "cubic") throw KernelError("unknown mode " + mode);
    if (opset < 11 && mode == "cubic") throw KernelError("cubic needs opset 11");
    std::string coord =
        opset < 11 ? "asymmetric" : ctx.attrString("coordinate_transformation_mode", "half_pixel");
    const std::string nearestMode =
        opset < 11 ? "legacy" : ctx.attrString("nearest_mode", "round_prefer_floor");
    const double cubicA = ctx.attrFloat("cubic_coeff_a", -0.75);
    const bool excludeOutside = opset >= 11 && ctx.attrInt("exclude_outside", 0) != 0;
    const double extrapolation = ctx.attrFloat("extrapolation_value", 0.0);
    const bool antialias = opset >= 18 && ctx.attrInt("antialias", 0) != 0;
    const std::string policy =
        opset >= 18 ? ctx.attrString("keep_aspect_ratio_policy", "stretch") : "stretch";

    std::vector<double> roiIn, scalesIn, sizesD;
    if (opset < 11) {
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
    if (opset >= 18 && ctx.hasAttr("axes")) {
        axes = normalizeAxes(ctx.attrInts("axes"), static_cast<int64_t>(rank));
    } else {
        for (size_t a = 0; a < rank; ++a) axes.push_back(static_cast<int64_t>(a));
    }
    const size_t na = axes.size();
    if ((!scalesIn.empty() && scalesIn.size() != na) || (!sizesD.empty() && sizesD.size() != na))
        throw KernelError("scales/sizes length does not match the axes");
    std::vector<double> scale(rank, 1.0), roiStart(rank, 0.0), roiEnd(rank, 1.0);
    std::vector<int64_t> outDims = inDims;
    if (coord == "tf_crop_and_resize") {
        if (roiIn.size() != 2 * na) throw KernelError("roi must have 2 * (number of axes) values");
        for (size_t k = 0; k < na; ++k) {
            roiStart[static_cast<size_t>(axes[k])] = roiIn[k];
            roiEnd[static_cast<size_t>(axes[k])] = roiIn[k + na];
        }
    }
    if (!sizesD.empty()) {
        for (double s : sizesD)
            if (s < 0 || s != std::trunc(s) || s > kMaxFoldElements) throw KernelError("bad sizes");
        if (policy == "stretch") {
            for (size_t k = 0; k < na; ++k) {
                const size_t a = static_cast<size_t>(axes[k]);
                outDims[a] = static_cast<int64_t>(sizesD[k]);
                scale[a] = inDims[a] == 0 ? 1.0 : sizesD[k] / static_cast<double>(inDims[a]);
            }
        } else if (policy == "not_larger" || policy == "not_smaller") {
            double common = policy == "not_larger" ? std::numeric_limits<double>::infinity() : 0.0;
            for (size_t k = 0; k < na; ++k) {
                const size_t a = static_cast<size_t>(axes[k]);
                if (inDims[a] == 0) throw KernelError("keep_aspect_ratio_policy on an empty axis");
                const double s = sizesD[k] / static_cast<double>(inDims[a]);
                common = policy == "not_larger" ? std::min(common, s) : std::max(common, s);
            }
            for (size_t k = 0; k < na; ++k) {
                const size_t a = static_cast<size_t>(axes[k]);
                scale[a] = common;
                outDims[a] = static_cast<int64_t>(std::floor(common * static_cast<double>(inDims[a]) + 0.5));
            }
        } else {
            throw KernelError("unknown keep_aspect_ratio_policy " + policy);
        }
    } else {
        for (size_t k = 0; k < na; ++k) {
            const size_t a = static_cast<size_t>(axes[k]);
            if (!(scalesIn[k] > 0) || !std::isfinite(scalesIn[k]))
                throw KernelError("scales must be positive");
            scale[a] = scalesIn[k];
            const double o = std::floor(scalesIn[k] * static_cast<double>(inDims[a]));
            if (o > kMaxFoldElements) throw KernelError("output too large to fold");
            outDims[a] = static_cast<int64_t>(o);
        }
    }
    for (size_t a = 0; a < rank; ++a)
        if (inDims[a] == 0 && outDims[a] > 0)
            throw KernelError("cannot resize an empty axis to a non-empty one");
    checkBuildable(outDims);

    // Taps per axis.
    std::vector<AxisPlan> plans(rank);
    for (size_t a = 0; a < rank; ++a) {
        const int64_t in = inDims[a], out = outDims[a];
        const double s = scale[a];
        const double width = s * static_cast<double>(in);
        auto& taps = plans[a].taps;
        taps.resize(static_cast<size_t>(out));
        for (int64_t xo = 0; xo < out; ++xo) {
            const double xr = static_cast<double>(xo);
            double xi;
            if (coord == "half_pixel")
                xi = (xr + 0.5) / s - 0.5;
            else if (coord == "asymmetric")
                xi = xr / s;
            else if (coord == "pytorch_half_pixel")
                xi = width == 1.0 ? -0.5 : (xr + 0.5) / s - 0.5;
            else if (coord == "align_corners")
                xi = width == 1.0 ? 0.0 : xr * static_cast<double>(in - 1) / (width - 1.0);
            else if (coord == "tf_half_pixel_for_nn" && opset < 13)
                xi = (xr + 0.5) / s;
            else if (coord == "half_pixel_symmetric" && opset >= 19) {
                const double adjustment = static_cast<double>(out) / width;
                const double center = static_cast<double>(in) / 2.0;
                xi = center * (1.0 - adjustment) + (xr + 0.5) / s - 0.5;
            } else if (coord == "tf_crop_and_resize") {
                const double span = roiEnd[a] - roiStart[a];
                xi = width == 1.0 ? span * static_cast<double>(in - 1) / 2.0
                                  : xr * span * static_cast<double>(in - 1) / (width - 1.0);
                xi += roiStart[a] * static_cast<double>(in - 1);
                if (xi < 0 || xi > static_cast<double>(in - 1)) continue;  // extrapolate: no taps
            } else {
                throw KernelError("unsupported coordinate_transformation_mode " + coord);
            }
            auto& t = taps[static_cast<size_t>(xo)];
            auto clampIndex = [&](int64_t i) { return std::clamp<int64_t>(i, 0, in - 1); };
            if (!std::isfinite(xi)) throw KernelError("non-finite source coordinate");
            if (mode == "nearest") {
                int64_t i;
                const double fl = std::floor(xi);
                if (nearestMode == "legacy") {
                    i = static_cast<int64_t>(s < 1.0 ? std::ceil(xi) : std::trunc(xi));
                } else if (xi == fl) {
                    i = static_cast<int64_t>(fl);
                } else {
                    const double r = xi - fl;
                    bool up;
                    if (nearestMode == "round_prefer_floor")
                        up = r > 0.5;
                    else if (nearestMode == "round_prefer_ceil")
                        up = r >= 0.5;
                    else if (nearestMode == "floor")
                        up = false;
                    else if (nearestMode == "ceil")
                        up = true;
                    else
                        throw KernelError("unknown nearest_mode " + nearestMode);
                    i = static_cast<int64_t>(fl) + (up ? 1 : 0);
                }
                t.push_back({clampIndex(i), 1.0});
                continue;
            }
            // ratio in (0, 1]: an integer coordinate k is treated as (k - 1) + 1, as the reference.
            const double base = std::ceil(xi) - 1.0;
            const double ratio = xi - base;
            const int64_t b = static_cast<int64_t>(base);
            std::vector<std::pair<int64_t, double>> raw;
            const double sa = antialias ? std::min(s, 1.0) : 1.0;
            if (mode == "linear") {
                if (sa < 1.0) {
                    const int64_t start = static_cast<int64_t>(std::floor(-1.0 / sa)) + 1;
                    const int64_t footprint = 2 - 2 * start;
                    for (int64_t j = start; j < start + footprint; ++j)
                        raw.emplace_back(
                            b + j,
                            std::clamp(1.0 - std::fabs((static_cast<double>(j) - ratio) * sa), 0.0, 1.0));
                } else {
                    raw.emplace_back(b, 1.0 - ratio);
                    raw.emplace_back(b + 1, ratio);
                }
            } else {
                const double A = cubicA;
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
                    raw.emplace_back(
                        b + 2, ((A * ((1 - r) + 1) - 5 * A) * ((1 - r) + 1) + 8 * A) * ((1 - r) + 1) - 4 * A);
                }
            }
            if (sa < 1.0) {
                double sum = 0;
                for (auto& [i, w] : raw) sum += w;
                for (auto& [i, w] : raw) w /= sum;
            }
            if (excludeOutside) {
                double sum = 0;
                for (auto& [i, w] : raw) {
                    if (i < 0 || i >= in) w = 0;
                    sum += w;
                }
                if (sum == 0) sum = 1;  // every tap outside: the reference guards the same way
                for (auto& [i, w] : raw) w /= sum;
            }
            for (auto& [i, w] : raw)
                if (w != 0.0) t.push_back({clampIndex(i), w});
        }
    }

    // Output element -> list of (flat input index, weight); an empty list means extrapolate.
    const auto inStrides = stridesOf(inDims);
    const int64_t outCount = product(outDims);
    const bool gather = mode == "nearest";
    // Walk output coordinates, combining the per-axis taps.
    auto forEachOutput = [&](auto fn) {
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
    };

    if (gather) {
        std::vector<int64_t> src;
        src.reserve(static_cast<size_t>(outCount));
        forEachOutput([&](const auto& combos) { src.push_back(combos.empty() ? -1 : combos[0].first); });
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
    return dispatch<kNumeric>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        auto v = values<T>(x);
        std::vector<T> out;
        out.reserve(static_cast<size_t>(outCount));
        forEachOutput([&](const auto& combos) {
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

}  // namespace

void registerResizeKernels(KernelRegistry& r) {
    r.add("", "Resize", 10, 0, resize);
}

}  // namespace passscope::kernels

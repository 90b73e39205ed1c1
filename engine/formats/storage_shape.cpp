#include "formats/storage_shape.h"

#include <limits>
#include <numeric>
#include <vector>

namespace passscope::formats {
namespace {

int64_t ceilDiv(int64_t a, int64_t b) {
    return a / b + (a % b != 0 ? 1 : 0);
}

// Channel counts past this are no real weight; refusing them keeps lcm and e*C inside int64.
constexpr int64_t kMaxChannels = int64_t{1} << 40;

// a*b, nullopt past int64 (shapes from hostile models must not overflow here).
std::optional<int64_t> mul(int64_t a, int64_t b) {
    if (a != 0 && b > std::numeric_limits<int64_t>::max() / a) return std::nullopt;
    return a * b;
}

std::optional<Shape> known(const std::vector<std::optional<int64_t>>& dims) {
    std::vector<Dim> out;
    for (const auto& d : dims) {
        if (!d) return std::nullopt;
        out.push_back(Dim::known(*d));
    }
    return Shape(std::move(out));
}

std::optional<Shape> toNc1hwc0(const Shape& origin, Format originFormat, int64_t c0) {
    const auto axes = axes4d(originFormat);
    if (!axes || origin.rank() != 4 || !origin[axes->c].isKnown()) return std::nullopt;
    const int64_t c1 = ceilDiv(origin[axes->c].value, c0);
    return Shape({origin[axes->n], Dim::known(c1), origin[axes->h], origin[axes->w], Dim::known(c0)});
}

std::optional<Shape> toFractalZ(const Shape& origin, Format originFormat, int64_t c0, int64_t groups) {
    const auto axes = axes4d(originFormat);
    if (!axes || origin.rank() != 4 || !origin.isStatic()) return std::nullopt;
    const auto fz = fractalZGroups(origin[axes->n].value, origin[axes->c].value, c0, groups);
    if (!fz) return std::nullopt;
    const auto hw = mul(origin[axes->h].value, origin[axes->w].value);
    const auto c1hw = hw ? mul(fz->c1, *hw) : std::nullopt;
    const auto rows = c1hw ? mul(fz->bigGroups, *c1hw) : std::nullopt;
    return known({rows, fz->coutOpt / kCubeSize, kCubeSize, c0});
}

std::optional<Shape> toFractalNz(const Shape& origin, int64_t c0) {
    if (origin.rank() == 0) return std::nullopt;
    const Dim w = origin.dims().back();
    const Dim h = origin.rank() >= 2 ? origin.dims()[origin.rank() - 2] : Dim::known(1);
    if (!w.isKnown() || !h.isKnown()) return std::nullopt;
    std::vector<Dim> dims(origin.dims().begin(), origin.dims().end() - std::min<size_t>(origin.rank(), 2));
    dims.push_back(Dim::known(ceilDiv(w.value, c0)));
    dims.push_back(Dim::known(ceilDiv(h.value, kCubeSize)));
    dims.push_back(Dim::known(kCubeSize));
    dims.push_back(Dim::known(c0));
    return Shape(std::move(dims));
}

}  // namespace

int64_t cubeC0(DataType dtype) {
    return elementSize(dtype) == 1 ? 2 * kCubeSize : kCubeSize;
}

std::optional<Axes4d> axes4d(Format format) {
    switch (format) {
        case Format::NCHW:
            return Axes4d{0, 1, 2, 3};
        case Format::NHWC:
            return Axes4d{0, 3, 1, 2};
        case Format::HWCN:
            return Axes4d{3, 2, 0, 1};
        default:
            return std::nullopt;
    }
}

std::optional<FractalZGroups> fractalZGroups(int64_t n, int64_t c, int64_t c0, int64_t groups) {
    if (groups < 1 || n < 0 || c < 0 || n > kMaxChannels || c > kMaxChannels || n % groups != 0)
        return std::nullopt;
    FractalZGroups fz;
    fz.cin = c;
    fz.cout = n / groups;
    if (fz.cin == 0 || fz.cout == 0) {
        // An empty weight: nothing to pack, GE's CheckDimOri refuses it; keep the plain shape.
        if (groups != 1) return std::nullopt;
        fz.e = 1;
    } else {
        const int64_t byCin = std::lcm(fz.cin, c0) / fz.cin;
        const int64_t byCout = std::lcm(fz.cout, kCubeSize) / fz.cout;
        fz.e = std::min(std::lcm(byCin, byCout), groups);
    }
    fz.c1 = ceilDiv(fz.e * fz.cin, c0);
    fz.coutOpt = ceilDiv(fz.e * fz.cout, kCubeSize) * kCubeSize;
    fz.bigGroups = ceilDiv(groups, fz.e);
    return fz;
}

std::optional<Shape> storageShapeOf(const Shape& origin, Format originFormat, Format storage, DataType dtype,
                                    int64_t groups) {
    if (storage == originFormat || (!isInternalFormat(storage) && !isInternalFormat(originFormat)))
        return origin;
    if (isInternalFormat(originFormat) || !origin.rankKnown() || elementSize(dtype) == 0) return std::nullopt;
    const int64_t c0 = cubeC0(dtype);
    switch (storage) {
        case Format::NC1HWC0:
            return toNc1hwc0(origin, originFormat, c0);
        case Format::FRACTAL_Z:
            return toFractalZ(origin, originFormat, c0, groups);
        case Format::FRACTAL_NZ:
            return toFractalNz(origin, c0);
        default:
            return std::nullopt;
    }
}

bool convertible(Format from, Format to, size_t originRank) {
    if (from == to || (!isInternalFormat(from) && !isInternalFormat(to))) return true;
    if (isInternalFormat(from) && isInternalFormat(to)) return false;
    const Format plain = isInternalFormat(from) ? to : from;
    const Format internal = isInternalFormat(from) ? from : to;
    switch (internal) {
        case Format::NC1HWC0:
        case Format::FRACTAL_Z:
            return originRank == 4 && axes4d(plain).has_value();
        case Format::FRACTAL_NZ:
            return originRank >= 1;
        default:
            return false;
    }
}

std::optional<uint64_t> tensorBytes(const Shape& shape, DataType dtype) {
    const size_t size = elementSize(dtype);
    const auto count = shape.elementCount();
    if (size == 0 || !count) return std::nullopt;
    const auto bytes = mul(*count, static_cast<int64_t>(size));
    if (!bytes) return std::nullopt;
    return static_cast<uint64_t>(*bytes);
}

}  // namespace passscope::formats

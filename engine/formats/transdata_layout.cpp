#include "formats/transdata_layout.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "formats/storage_shape.h"
#include "ir/shape.h"
#include "kernels/kernel.h"

namespace passscope::formats {
namespace {

using kernels::KernelError;

std::string dimsText(const std::vector<int64_t>& dims) {
    return Shape::fromExtents(dims).toString();
}

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t>& dims) {
    std::vector<int64_t> strides(dims.size(), 1);
    for (size_t i = dims.size(); i-- > 1;) strides[i - 1] = strides[i] * dims[i];
    return strides;
}

// Each walker calls copy(originElement, storageElement, count) for runs of `count` elements that
// are contiguous on both sides; together the runs cover every element of the origin tensor once.

// NC1HWC0[n][c1][h][w][c0] = origin[n][c1*C0 + c0][h][w] (GE's format_transfer_nc1hwc0.cc), the
// origin's N, C, H, W axes wherever NCHW, NHWC or HWCN put them.
template <class Copy>
void walkNc1hwc0(const std::vector<int64_t>& origin, Axes4d a, int64_t c0, Copy&& copy) {
    const auto st = rowMajorStrides(origin);
    const int64_t n = origin[a.n], c = origin[a.c], h = origin[a.h], w = origin[a.w];
    const int64_t c1 = (c + c0 - 1) / c0;
    for (int64_t in = 0; in < n; ++in)
        for (int64_t ic = 0; ic < c; ++ic)
            for (int64_t ih = 0; ih < h; ++ih) {
                const int64_t o = in * st[a.n] + ic * st[a.c] + ih * st[a.h];
                const int64_t s = ((in * c1 + ic / c0) * h + ih) * w * c0 + ic % c0;
                for (int64_t iw = 0; iw < w; ++iw) copy(o + iw * st[a.w], s + iw * c0, 1);
            }
}

// FRACTAL_Z of a conv weight with `groups`, following GE's TransFormatWithGroups
// (format_transfer_fractal_z.cc): groups are packed e at a time along the diagonal of one cube,
//   fz[(g/e)*C1*H*W + (ci/C0)*H*W + h*W + w][co][ci%C0] = weight[g*Cout + n][c][h][w]
// with ci = (g%e)*Cin + c and co = (g%e)*Cout + n (co spans the N1*16 of the shape). With one group
// this is [c1*H*W + h*W + w][n1][n0][c0] = weight[n1*16 + n0][c1*C0 + c0][h][w].
template <class Copy>
void walkFractalZ(const std::vector<int64_t>& origin, Axes4d a, const FractalZGroups& fz, int64_t c0,
                  int64_t groups, Copy&& copy) {
    const auto st = rowMajorStrides(origin);
    const int64_t h = origin[a.h], w = origin[a.w];
    const int64_t row = fz.coutOpt * c0;  // elements of one (c1, h, w) row
    for (int64_t g = 0; g < groups; ++g) {
        const int64_t e = g % fz.e;
        const int64_t pack = (g / fz.e) * fz.c1 * h * w * row;
        for (int64_t c = 0; c < fz.cin; ++c) {
            const int64_t ci = e * fz.cin + c;
            for (int64_t ih = 0; ih < h; ++ih)
                for (int64_t iw = 0; iw < w; ++iw) {
                    const int64_t s = pack + ((ci / c0) * h * w + ih * w + iw) * row + ci % c0;
                    const int64_t o = c * st[a.c] + ih * st[a.h] + iw * st[a.w];
                    for (int64_t n = 0; n < fz.cout; ++n)
                        copy(o + (g * fz.cout + n) * st[a.n], s + (e * fz.cout + n) * c0, 1);
                }
        }
    }
}

// FRACTAL_NZ of (..., H, W): nz[...][w1][h1][h0][w0] = x[...][h1*16 + h0][w1*C0 + w0]
// (GE's format_transfer_fractal_nz.cc); a 1-D (W) is (1, W). Runs of up to C0 along W.
template <class Copy>
void walkFractalNz(const std::vector<int64_t>& origin, int64_t c0, Copy&& copy) {
    const size_t r = origin.size();
    const int64_t w = origin[r - 1], h = r >= 2 ? origin[r - 2] : 1;
    int64_t batch = 1;
    for (size_t i = 0; i + 2 < r; ++i) batch *= origin[i];
    const int64_t w1 = (w + c0 - 1) / c0, h1 = (h + kCubeSize - 1) / kCubeSize;
    const int64_t tileColumn = h1 * kCubeSize * c0;  // one w1 column of tiles
    for (int64_t b = 0; b < batch; ++b)
        for (int64_t ih = 0; ih < h; ++ih)
            for (int64_t j = 0; j < w1; ++j) {
                const int64_t o = (b * h + ih) * w + j * c0;
                const int64_t s = (b * w1 + j) * tileColumn + ih * c0;
                copy(o, s, std::min(c0, w - j * c0));
            }
}

// Runs the walker of `internal` with a byte copy between origin and storage buffers; ES, the
// element size, is a constant so that single-element copies compile to one load and store.
template <size_t ES>
void rearrangeAs(const uint8_t* from, uint8_t* to, bool toStorage, const std::vector<int64_t>& origin,
                 Format originFormat, Format internal, int64_t c0, int64_t groups) {
    auto copy = [&](int64_t o, int64_t s, int64_t count) {
        const int64_t src = toStorage ? o : s, dst = toStorage ? s : o;
        if (count == 1)
            std::memcpy(to + dst * ES, from + src * ES, ES);
        else
            std::memcpy(to + dst * ES, from + src * ES, static_cast<size_t>(count) * ES);
    };
    switch (internal) {
        case Format::NC1HWC0:
            return walkNc1hwc0(origin, *axes4d(originFormat), c0, copy);
        case Format::FRACTAL_Z: {
            const auto a = *axes4d(originFormat);
            const auto fz = *fractalZGroups(origin[a.n], origin[a.c], c0, groups);
            return walkFractalZ(origin, a, fz, c0, groups, copy);
        }
        case Format::FRACTAL_NZ:
            return walkFractalNz(origin, c0, copy);
        default:
            throw KernelError("TransData: no layout for " + std::string(formatName(internal)));
    }
}

void rearrange(const uint8_t* from, uint8_t* to, bool toStorage, size_t es,
               const std::vector<int64_t>& origin, Format originFormat, Format internal, int64_t c0,
               int64_t groups) {
    switch (es) {
        case 1:
            return rearrangeAs<1>(from, to, toStorage, origin, originFormat, internal, c0, groups);
        case 2:
            return rearrangeAs<2>(from, to, toStorage, origin, originFormat, internal, c0, groups);
        case 4:
            return rearrangeAs<4>(from, to, toStorage, origin, originFormat, internal, c0, groups);
        case 8:
            return rearrangeAs<8>(from, to, toStorage, origin, originFormat, internal, c0, groups);
        case 16:
            return rearrangeAs<16>(from, to, toStorage, origin, originFormat, internal, c0, groups);
        default:
            throw KernelError("TransData: no layout for " + std::to_string(es) + "-byte elements");
    }
}

std::vector<int64_t> storageDims(const std::vector<int64_t>& originDims, Format originFormat, Format storage,
                                 DataType dtype, int64_t groups) {
    const auto shape = storageShapeOf(Shape::fromExtents(originDims), originFormat, storage, dtype, groups);
    if (!shape || !shape->extents())
        throw KernelError("TransData cannot lay out " + std::string(formatName(originFormat)) + " " +
                          dimsText(originDims) + " as " + std::string(formatName(storage)) +
                          (groups != 1 ? " with groups " + std::to_string(groups) : std::string()));
    return *shape->extents();
}

Tensor bytesTensor(DataType dtype, std::vector<int64_t> dims, std::string bytes) {
    return Tensor(dtype, std::move(dims), std::make_shared<StringBuffer>(std::move(bytes)));
}

size_t byteCount(const std::vector<int64_t>& dims, size_t es) {
    const auto count = checkedElementCount(dims);
    if (!count || static_cast<uint64_t>(*count) > SIZE_MAX / es)
        throw KernelError("TransData: " + dimsText(dims) + " is too large");
    return static_cast<size_t>(*count) * es;
}

// origin -> internal storage, padding zero.
Tensor pack(const Tensor& origin, Format originFormat, Format storage, int64_t groups) {
    const size_t es = elementSize(origin.dtype());
    auto dims = storageDims(origin.dims(), originFormat, storage, origin.dtype(), groups);
    std::string out(byteCount(dims, es), '\0');
    rearrange(origin.rawData(), reinterpret_cast<uint8_t*>(out.data()), true, es, origin.dims(), originFormat,
              storage, cubeC0(origin.dtype()), groups);
    return bytesTensor(origin.dtype(), std::move(dims), std::move(out));
}

// internal storage -> origin, padding dropped.
Tensor unpack(const Tensor& stored, Format storage, const std::vector<int64_t>& originDims,
              Format originFormat, int64_t groups) {
    const size_t es = elementSize(stored.dtype());
    const auto expected = storageDims(originDims, originFormat, storage, stored.dtype(), groups);
    if (stored.dims() != expected)
        throw KernelError("TransData: a " + std::string(formatName(storage)) + " input of " +
                          dimsText(originDims) + " has dims " + dimsText(expected) + ", not " +
                          dimsText(stored.dims()));
    std::string out(byteCount(originDims, es), '\0');
    rearrange(stored.rawData(), reinterpret_cast<uint8_t*>(out.data()), false, es, originDims, originFormat,
              storage, cubeC0(stored.dtype()), groups);
    return bytesTensor(stored.dtype(), originDims, std::move(out));
}

}  // namespace

Tensor transData(const Tensor& in, Format src, Format dst, const std::vector<int64_t>& originDims,
                 Format originFormat, int64_t groups, int64_t dstGroups) {
    if (elementSize(in.dtype()) == 0)
        throw KernelError("TransData needs a fixed-size dtype, not " + std::string(dataTypeName(in.dtype())));
    if (isInternalFormat(originFormat))
        throw KernelError("TransData: the origin format cannot be " + std::string(formatName(originFormat)));
    if (groups < 1) throw KernelError("TransData: groups must be at least 1, not " + std::to_string(groups));
    if (dstGroups < 0)
        throw KernelError("TransData: groups must be at least 1, not " + std::to_string(dstGroups));
    if (dstGroups == 0) dstGroups = groups;
    if (in.byteSize() != byteCount(in.dims(), elementSize(in.dtype())))
        throw KernelError("TransData: the input holds " + std::to_string(in.byteSize()) + " bytes for " +
                          dimsText(in.dims()));
    Tensor origin = in;
    if (isInternalFormat(src)) {
        origin = unpack(in, src, originDims, originFormat, groups);
    } else if (in.dims() != originDims) {
        throw KernelError("TransData: a " + std::string(formatName(src)) + " input has dims " +
                          dimsText(in.dims()) + ", not the origin " + dimsText(originDims));
    }
    if (!isInternalFormat(dst)) return origin;
    return pack(origin, originFormat, dst, dstGroups);
}

TransDataSides transDataSides(const Node& td) {
    auto sub = [&td](std::string_view name) -> std::optional<int64_t> {
        const Attribute* a = td.findAttr(name);
        const auto* v = a ? std::get_if<int64_t>(&a->value) : nullptr;
        return v ? std::optional<int64_t>(*v) : std::nullopt;
    };
    return transDataSides(td.attrInt(kTransDataGroupsAttr, 1), sub(kTransDataSrcSubFormatAttr),
                          sub(kTransDataDstSubFormatAttr));
}

std::optional<uint64_t> paddingBytes(const std::vector<int64_t>& originDims, Format originFormat,
                                     Format storage, DataType dtype, int64_t groups) {
    const Shape origin = Shape::fromExtents(originDims);
    const auto shape = storageShapeOf(origin, originFormat, storage, dtype, groups);
    if (!shape) return std::nullopt;
    const auto stored = tensorBytes(*shape, dtype), plain = tensorBytes(origin, dtype);
    if (!stored || !plain || *stored < *plain) return std::nullopt;
    return *stored - *plain;
}

}  // namespace passscope::formats

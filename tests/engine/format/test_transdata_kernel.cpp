// The TransData rearrangement (engine/formats/transdata_layout.h): GE's index maps checked element
// by element against a reference written from the storage side, zero padding, exact round trips
// of every supported pair on random data in 1-, 2-, 4- and 8-byte dtypes, and the refusals.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "engine_helpers.h"
#include "formats/storage_shape.h"
#include "formats/transdata_layout.h"
#include "kernels/kernel.h"

using namespace passscope;
using passscope::test::tensorBytes;
using namespace passscope::formats;

namespace {

// Random bytes, never zero, so that every zero byte of a packed tensor is padding.
Tensor randomTensor(DataType dtype, const std::vector<int64_t>& dims, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> byte(1, 255);
    int64_t count = 1;
    for (int64_t d : dims) count *= d;
    std::string bytes(static_cast<size_t>(count) * elementSize(dtype), '\0');
    for (char& b : bytes) b = static_cast<char>(byte(rng));
    return Tensor(dtype, dims, std::make_shared<StringBuffer>(std::move(bytes)));
}

size_t zeroBytes(const Tensor& t) {
    size_t n = 0;
    for (size_t i = 0; i < t.byteSize(); ++i) n += t.rawData()[i] == 0;
    return n;
}

// Element i of `t` as its bytes.
std::string element(const Tensor& t, int64_t i) {
    const size_t es = elementSize(t.dtype());
    return std::string(reinterpret_cast<const char*>(t.rawData()) + i * es, es);
}

struct Case {
    Format origin;
    std::vector<int64_t> dims;
    Format storage;
    int64_t groups = 1;
};

std::string describe(const Case& c, DataType dtype) {
    return std::string(formatName(c.origin)) + " " + Shape::fromExtents(c.dims).toString() + " -> " +
           std::string(formatName(c.storage)) + " groups " + std::to_string(c.groups) + " " +
           std::string(dataTypeName(dtype));
}

// Dims that are not multiples of 16 or 32 wherever a layout pads.
const std::vector<Case> kCases = {
    {Format::NCHW, {2, 3, 5, 7}, Format::NC1HWC0},
    {Format::NCHW, {1, 40, 3, 2}, Format::NC1HWC0},
    {Format::NHWC, {2, 5, 7, 19}, Format::NC1HWC0},
    {Format::HWCN, {3, 2, 33, 2}, Format::NC1HWC0},
    {Format::NCHW, {20, 3, 3, 3}, Format::FRACTAL_Z},
    {Format::NCHW, {17, 35, 1, 2}, Format::FRACTAL_Z},
    {Format::NHWC, {20, 3, 3, 3}, Format::FRACTAL_Z},
    {Format::HWCN, {3, 3, 3, 20}, Format::FRACTAL_Z},
    {Format::NCHW, {64, 1, 3, 3}, Format::FRACTAL_Z, 32},  // depthwise-like: e = 16, two packs
    {Format::NCHW, {6, 5, 2, 2}, Format::FRACTAL_Z, 3},
    {Format::NCHW, {12, 3, 3, 1}, Format::FRACTAL_Z, 4},
    {Format::NHWC, {32, 1, 2, 24}, Format::FRACTAL_Z, 4},
    {Format::HWCN, {1, 2, 5, 6}, Format::FRACTAL_Z, 3},
    {Format::ND, {20}, Format::FRACTAL_NZ},
    {Format::ND, {17, 40}, Format::FRACTAL_NZ},
    {Format::ND, {3, 5, 33}, Format::FRACTAL_NZ},
    {Format::NCHW, {2, 3, 18, 7}, Format::FRACTAL_NZ},
    {Format::ND, {2, 16, 32}, Format::FRACTAL_NZ},
};

const std::vector<DataType> kDtypes = {DataType::Float, DataType::Float16, DataType::Int8, DataType::Int64};

}  // namespace

TEST(TransDataKernel, EverySupportedPairRoundTripsExactlyWithZeroPadding) {
    uint32_t seed = 1;
    for (const Case& c : kCases)
        for (DataType dtype : kDtypes) {
            SCOPED_TRACE(describe(c, dtype));
            const Tensor origin = randomTensor(dtype, c.dims, seed++);
            const Tensor packed = transData(origin, c.origin, c.storage, c.dims, c.origin, c.groups);
            const auto shape =
                storageShapeOf(Shape::fromExtents(c.dims), c.origin, c.storage, dtype, c.groups);
            ASSERT_TRUE(shape);
            EXPECT_EQ(packed.dims(), *shape->extents());
            const auto padding = paddingBytes(c.dims, c.origin, c.storage, dtype, c.groups);
            ASSERT_TRUE(padding);
            EXPECT_EQ(packed.byteSize() - origin.byteSize(), *padding);
            EXPECT_EQ(zeroBytes(packed), *padding);  // every element landed, the rest is zero
            const Tensor back = transData(packed, c.storage, c.origin, c.dims, c.origin, c.groups);
            EXPECT_EQ(back.dims(), c.dims);
            EXPECT_EQ(tensorBytes(back), tensorBytes(origin));
        }
}

TEST(TransDataKernel, Nc1hwc0IsNchwWithChannelsSplitIntoC1AndC0) {
    const std::vector<int64_t> dims{2, 19, 3, 4};
    const Tensor x = randomTensor(DataType::Float, dims, 7);
    const Tensor y = transData(x, Format::NCHW, Format::NC1HWC0, dims, Format::NCHW);
    ASSERT_EQ(y.dims(), (std::vector<int64_t>{2, 2, 3, 4, 16}));
    const std::string zero(4, '\0');
    for (int64_t n = 0; n < 2; ++n)
        for (int64_t c1 = 0; c1 < 2; ++c1)
            for (int64_t h = 0; h < 3; ++h)
                for (int64_t w = 0; w < 4; ++w)
                    for (int64_t c0 = 0; c0 < 16; ++c0) {
                        const int64_t s = (((n * 2 + c1) * 3 + h) * 4 + w) * 16 + c0, c = c1 * 16 + c0;
                        EXPECT_EQ(element(y, s), c < 19 ? element(x, ((n * 19 + c) * 3 + h) * 4 + w) : zero);
                    }
}

TEST(TransDataKernel, FractalZIsTheWeightInCubesOfC0InputsBy16Outputs) {
    const std::vector<int64_t> dims{20, 3, 2, 3};  // N, C, H, W
    const Tensor x = randomTensor(DataType::Float16, dims, 8);
    const Tensor y = transData(x, Format::NCHW, Format::FRACTAL_Z, dims, Format::NCHW);
    ASSERT_EQ(y.dims(), (std::vector<int64_t>{6, 2, 16, 16}));
    const std::string zero(2, '\0');
    for (int64_t c1 = 0; c1 < 1; ++c1)
        for (int64_t h = 0; h < 2; ++h)
            for (int64_t w = 0; w < 3; ++w)
                for (int64_t n1 = 0; n1 < 2; ++n1)
                    for (int64_t n0 = 0; n0 < 16; ++n0)
                        for (int64_t c0 = 0; c0 < 16; ++c0) {
                            const int64_t s = (((c1 * 6 + h * 3 + w) * 2 + n1) * 16 + n0) * 16 + c0;
                            const int64_t n = n1 * 16 + n0, c = c1 * 16 + c0;
                            EXPECT_EQ(element(y, s),
                                      n < 20 && c < 3 ? element(x, ((n * 3 + c) * 2 + h) * 3 + w) : zero);
                        }
}

TEST(TransDataKernel, GroupedFractalZPutsGroupsOnTheCubeDiagonal) {
    // Two depthwise groups (Cout = Cin = 1): e = min(lcm(16, 16), 2) = 2, one cube; group g sits at
    // input channel g and output channel g.
    const std::vector<int64_t> dims{2, 1, 1, 1};
    const Tensor x = randomTensor(DataType::Float, dims, 9);
    const Tensor y = transData(x, Format::NCHW, Format::FRACTAL_Z, dims, Format::NCHW, 2);
    ASSERT_EQ(y.dims(), (std::vector<int64_t>{1, 1, 16, 16}));
    EXPECT_EQ(element(y, 0 * 16 + 0), element(x, 0));
    EXPECT_EQ(element(y, 1 * 16 + 1), element(x, 1));
    EXPECT_EQ(zeroBytes(y), (256u - 2u) * 4u);
}

TEST(TransDataKernel, FractalNzTilesRowsBy16AndColumnsByC0) {
    const std::vector<int64_t> dims{2, 17, 40};
    const Tensor x = randomTensor(DataType::Int8, dims, 10);  // C0 = 32
    const Tensor y = transData(x, Format::ND, Format::FRACTAL_NZ, dims, Format::ND);
    ASSERT_EQ(y.dims(), (std::vector<int64_t>{2, 2, 2, 16, 32}));
    const std::string zero(1, '\0');
    for (int64_t b = 0; b < 2; ++b)
        for (int64_t w1 = 0; w1 < 2; ++w1)
            for (int64_t h1 = 0; h1 < 2; ++h1)
                for (int64_t h0 = 0; h0 < 16; ++h0)
                    for (int64_t w0 = 0; w0 < 32; ++w0) {
                        const int64_t s = (((b * 2 + w1) * 2 + h1) * 16 + h0) * 32 + w0;
                        const int64_t h = h1 * 16 + h0, w = w1 * 32 + w0;
                        EXPECT_EQ(element(y, s), h < 17 && w < 40 ? element(x, (b * 17 + h) * 40 + w) : zero);
                    }
}

TEST(TransDataKernel, BetweenTwoInternalFormatsGoesThroughTheOrigin) {
    const std::vector<int64_t> dims{1, 20, 3, 5};
    const Tensor x = randomTensor(DataType::Float, dims, 11);
    const Tensor a = transData(x, Format::NCHW, Format::NC1HWC0, dims, Format::NCHW);
    const Tensor b = transData(a, Format::NC1HWC0, Format::FRACTAL_NZ, dims, Format::NCHW);
    EXPECT_EQ(tensorBytes(b),
              tensorBytes(transData(x, Format::NCHW, Format::FRACTAL_NZ, dims, Format::NCHW)));
    EXPECT_EQ(tensorBytes(transData(b, Format::FRACTAL_NZ, Format::NCHW, dims, Format::NCHW)),
              tensorBytes(x));
}

TEST(TransDataKernel, UnsupportedPairsAndMismatchedInputsThrowKernelError) {
    const std::vector<int64_t> dims{1, 3, 4, 4};
    const Tensor x = randomTensor(DataType::Float, dims, 12);
    EXPECT_THROW(transData(x, Format::ND, Format::NC1HWC0, dims, Format::ND), kernels::KernelError);
    EXPECT_THROW(transData(x, Format::NCHW, Format::NC1HWC0, {1, 3, 4}, Format::NCHW), kernels::KernelError);
    EXPECT_THROW(transData(x, Format::NC1HWC0, Format::NCHW, dims, Format::NCHW), kernels::KernelError);
    EXPECT_THROW(transData(x, Format::NCHW, Format::FRACTAL_Z, dims, Format::NCHW, 2), kernels::KernelError);
    EXPECT_THROW(transData(x, Format::NCHW, Format::FRACTAL_Z, dims, Format::NCHW, 0), kernels::KernelError);
    EXPECT_THROW(transData(x, Format::NCHW, Format::NC1HWC0, dims, Format::NC1HWC0), kernels::KernelError);
    const Tensor strings(std::vector<int64_t>{1}, std::vector<std::string>{"a"});
    EXPECT_THROW(transData(strings, Format::ND, Format::FRACTAL_NZ, {1}, Format::ND), kernels::KernelError);
}

TEST(TransDataKernel, PlainToPlainKeepsTheBytesAndEmptyTensorsWork) {
    const std::vector<int64_t> dims{2, 3};
    const Tensor x = randomTensor(DataType::Float, dims, 13);
    EXPECT_EQ(tensorBytes(transData(x, Format::ND, Format::NCHW, dims, Format::ND)), tensorBytes(x));
    const Tensor empty = randomTensor(DataType::Float, {0, 3, 2, 2}, 14);
    const Tensor packed = transData(empty, Format::NCHW, Format::NC1HWC0, {0, 3, 2, 2}, Format::NCHW);
    EXPECT_EQ(packed.dims(), (std::vector<int64_t>{0, 1, 2, 2, 16}));
    EXPECT_EQ(packed.byteSize(), 0u);
}

// Storage shapes of GE's internal formats (docs/ge-formats.md §6): C0 by dtype, NC1HWC0, FRACTAL_Z
// with and without groups, FRACTAL_NZ (including 1-D), identity and the refusals.
#include <gtest/gtest.h>

#include "engine_helpers.h"
#include "formats/storage_shape.h"

using namespace passscope;
using namespace passscope::formats;
using passscope::test::dims;

namespace {

std::string shapeOf(const Shape& origin, Format from, Format to, DataType dtype, int64_t groups = 1) {
    const auto s = storageShapeOf(origin, from, to, dtype, groups);
    return s ? s->toString() : "nullopt";
}

}  // namespace

TEST(StorageShape, CubeC0Is32ForOneByteDtypesAnd16Otherwise) {
    EXPECT_EQ(cubeC0(DataType::Int8), 32);
    EXPECT_EQ(cubeC0(DataType::UInt8), 32);
    EXPECT_EQ(cubeC0(DataType::Bool), 32);
    EXPECT_EQ(cubeC0(DataType::Float16), 16);
    EXPECT_EQ(cubeC0(DataType::BFloat16), 16);
    EXPECT_EQ(cubeC0(DataType::Float), 16);
    EXPECT_EQ(cubeC0(DataType::Int32), 16);
}

TEST(StorageShape, TheDocsExampleNchwFloat16ToNc1hwc0) {
    EXPECT_EQ(shapeOf(dims({8, 3, 224, 224}), Format::NCHW, Format::NC1HWC0, DataType::Float16),
              "[8,1,224,224,16]");
}

TEST(StorageShape, Nc1hwc0FromNhwcAndHwcnPadsChannels) {
    EXPECT_EQ(shapeOf(dims({2, 5, 7, 40}), Format::NHWC, Format::NC1HWC0, DataType::Float), "[2,3,5,7,16]");
    EXPECT_EQ(shapeOf(dims({5, 7, 40, 2}), Format::HWCN, Format::NC1HWC0, DataType::Float), "[2,3,5,7,16]");
    EXPECT_EQ(shapeOf(dims({1, 33, 4, 4}), Format::NCHW, Format::NC1HWC0, DataType::Int8), "[1,2,4,4,32]");
    EXPECT_EQ(shapeOf(dims({1, 32, 4, 4}), Format::NCHW, Format::NC1HWC0, DataType::Int8), "[1,1,4,4,32]");
}

TEST(StorageShape, Nc1hwc0KeepsAnUnknownBatchButNeedsTheChannels) {
    Shape batch({Dim::symbolic("batch"), Dim::known(3), Dim::known(8), Dim::known(8)});
    EXPECT_EQ(shapeOf(batch, Format::NCHW, Format::NC1HWC0, DataType::Float), "[batch,1,8,8,16]");
    Shape noC({Dim::known(1), Dim::symbolic("c"), Dim::known(8), Dim::known(8)});
    EXPECT_EQ(shapeOf(noC, Format::NCHW, Format::NC1HWC0, DataType::Float), "nullopt");
}

TEST(StorageShape, FractalZWithDimsNotMultiplesOfTheCube) {
    // C1*H*W rows, N1 = ceil(N/16), 16, C0.
    EXPECT_EQ(shapeOf(dims({20, 3, 3, 3}), Format::NCHW, Format::FRACTAL_Z, DataType::Float), "[9,2,16,16]");
    EXPECT_EQ(shapeOf(dims({3, 3, 3, 20}), Format::HWCN, Format::FRACTAL_Z, DataType::Float), "[9,2,16,16]");
    EXPECT_EQ(shapeOf(dims({20, 3, 3, 3}), Format::NHWC, Format::FRACTAL_Z, DataType::Float), "[9,2,16,16]");
    EXPECT_EQ(shapeOf(dims({64, 64, 3, 3}), Format::NCHW, Format::FRACTAL_Z, DataType::Float16),
              "[36,4,16,16]");
}

TEST(StorageShape, FractalZInt8UsesC0Of32) {
    EXPECT_EQ(shapeOf(dims({20, 40, 3, 3}), Format::NCHW, Format::FRACTAL_Z, DataType::Int8), "[18,2,16,32]");
}

TEST(StorageShape, FractalZGroupedConvPacksGroupsByE) {
    // Depthwise-like: g = 32, Cout = 2, Cin = 1: e = min(lcm(16, 8), 32) = 16, two packs of 16 groups,
    // each C1 = ceil(16/16) = 1 and Cout' = ceil(32/16)*16 = 32.
    EXPECT_EQ(shapeOf(dims({64, 1, 3, 3}), Format::NCHW, Format::FRACTAL_Z, DataType::Float16, 32),
              "[18,2,16,16]");
    const auto fz = fractalZGroups(64, 1, 16, 32);
    ASSERT_TRUE(fz);
    EXPECT_EQ(fz->e, 16);
    EXPECT_EQ(fz->bigGroups, 2);
    // g = 3, Cout = 2, Cin = 5: e = min(lcm(16, 8), 3) = 3, one pack: C1 = ceil(15/16) = 1, Cout' = 16.
    EXPECT_EQ(shapeOf(dims({6, 5, 2, 2}), Format::NCHW, Format::FRACTAL_Z, DataType::Float, 3),
              "[4,1,16,16]");
    // int8, g = 4, Cout = 8, Cin = 24: e = min(lcm(lcm(24,32)/24 = 4, lcm(8,16)/8 = 2), 4) = 4,
    // C1 = ceil(96/32) = 3, Cout' = 32.
    EXPECT_EQ(shapeOf(dims({32, 24, 1, 1}), Format::NCHW, Format::FRACTAL_Z, DataType::Int8, 4),
              "[3,2,16,32]");
    // Groups that do not divide N, or fewer than one: no shape.
    EXPECT_EQ(shapeOf(dims({6, 5, 2, 2}), Format::NCHW, Format::FRACTAL_Z, DataType::Float, 4), "nullopt");
    EXPECT_EQ(shapeOf(dims({6, 5, 2, 2}), Format::NCHW, Format::FRACTAL_Z, DataType::Float, 0), "nullopt");
}

TEST(StorageShape, FractalNzTilesTheLastTwoDims) {
    EXPECT_EQ(shapeOf(dims({3, 17, 40}), Format::ND, Format::FRACTAL_NZ, DataType::Float), "[3,3,2,16,16]");
    EXPECT_EQ(shapeOf(dims({17, 40}), Format::ND, Format::FRACTAL_NZ, DataType::Int8), "[2,2,16,32]");
    EXPECT_EQ(shapeOf(dims({16, 16}), Format::ND, Format::FRACTAL_NZ, DataType::Float16), "[1,1,16,16]");
    EXPECT_EQ(shapeOf(dims({20}), Format::ND, Format::FRACTAL_NZ, DataType::Float), "[2,1,16,16]");
    EXPECT_EQ(shapeOf(dims({1, 2, 3, 4}), Format::NCHW, Format::FRACTAL_NZ, DataType::Float),
              "[1,2,1,1,16,16]");
    Shape batch({Dim::symbolic("b"), Dim::known(5), Dim::known(7)});
    EXPECT_EQ(shapeOf(batch, Format::ND, Format::FRACTAL_NZ, DataType::Float), "[b,1,1,16,16]");
    Shape lastUnknown({Dim::known(5), Dim::symbolic("k")});
    EXPECT_EQ(shapeOf(lastUnknown, Format::ND, Format::FRACTAL_NZ, DataType::Float), "nullopt");
    EXPECT_EQ(shapeOf(dims({}), Format::ND, Format::FRACTAL_NZ, DataType::Float), "nullopt");
}

TEST(StorageShape, SameOrPlainFormatsKeepTheOriginShape) {
    EXPECT_EQ(shapeOf(dims({1, 3, 4, 5}), Format::NCHW, Format::NCHW, DataType::Float), "[1,3,4,5]");
    EXPECT_EQ(shapeOf(dims({1, 3, 4, 5}), Format::NCHW, Format::NHWC, DataType::Float), "[1,3,4,5]");
    EXPECT_EQ(shapeOf(dims({7}), Format::ND, Format::NCHW, DataType::Float), "[7]");
    EXPECT_EQ(shapeOf(Shape(), Format::ND, Format::ND, DataType::Float), "?");
}

TEST(StorageShape, UnsupportedPairsUnknownDimsAndWrongRanksGiveNothing) {
    EXPECT_EQ(shapeOf(dims({1, 3, 4, 5}), Format::ND, Format::NC1HWC0, DataType::Float), "nullopt");
    EXPECT_EQ(shapeOf(dims({1, 3, 4, 5}), Format::NCDHW, Format::FRACTAL_Z, DataType::Float), "nullopt");
    EXPECT_EQ(shapeOf(dims({1, 3, 4}), Format::NCHW, Format::NC1HWC0, DataType::Float), "nullopt");
    EXPECT_EQ(shapeOf(Shape(), Format::NCHW, Format::NC1HWC0, DataType::Float), "nullopt");
    EXPECT_EQ(shapeOf(dims({1, 3, 4, 5}), Format::NC1HWC0, Format::FRACTAL_Z, DataType::Float), "nullopt");
    EXPECT_EQ(shapeOf(dims({1, 3, 4, 5}), Format::NCHW, Format::NC1HWC0, DataType::String), "nullopt");
    Shape unknownH({Dim::known(8), Dim::known(3), Dim::symbolic("h"), Dim::known(3)});
    EXPECT_EQ(shapeOf(unknownH, Format::NCHW, Format::FRACTAL_Z, DataType::Float), "nullopt");
    // Hostile dims never overflow into a wrong shape.
    EXPECT_EQ(shapeOf(dims({16, 16, int64_t{1} << 40, int64_t{1} << 40}), Format::NCHW, Format::FRACTAL_Z,
                      DataType::Float),
              "nullopt");
}

TEST(StorageShape, ConvertibleNamesTheSupportedPairsInBothDirections) {
    EXPECT_TRUE(convertible(Format::NCHW, Format::NC1HWC0, 4));
    EXPECT_TRUE(convertible(Format::NC1HWC0, Format::NHWC, 4));
    EXPECT_TRUE(convertible(Format::HWCN, Format::FRACTAL_Z, 4));
    EXPECT_TRUE(convertible(Format::ND, Format::FRACTAL_NZ, 1));
    EXPECT_TRUE(convertible(Format::FRACTAL_NZ, Format::ND, 3));
    EXPECT_TRUE(convertible(Format::NCHW, Format::NHWC, 4));
    EXPECT_FALSE(convertible(Format::NCHW, Format::NC1HWC0, 3));
    EXPECT_FALSE(convertible(Format::ND, Format::NC1HWC0, 4));
    EXPECT_FALSE(convertible(Format::ND, Format::FRACTAL_NZ, 0));
    EXPECT_FALSE(convertible(Format::NC1HWC0, Format::FRACTAL_Z, 4));
}

TEST(StorageShape, TensorBytes) {
    EXPECT_EQ(tensorBytes(dims({8, 1, 224, 224, 16}), DataType::Float16), uint64_t{8} * 224 * 224 * 16 * 2);
    EXPECT_EQ(tensorBytes(dims({9, 2, 16, 16}), DataType::Float), uint64_t{9} * 2 * 16 * 16 * 4);
    EXPECT_EQ(tensorBytes(dims({}), DataType::Int8), 1u);
    EXPECT_FALSE(tensorBytes(Shape({Dim::symbolic("n")}), DataType::Float));
    EXPECT_FALSE(tensorBytes(Shape(), DataType::Float));
    EXPECT_FALSE(tensorBytes(dims({2}), DataType::String));
    EXPECT_FALSE(tensorBytes(dims({int64_t{1} << 62, 4}), DataType::Float));
}

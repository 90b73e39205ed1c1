// Throughput of the TransData host kernel (engine/formats/transdata_layout.h) on the shapes a
// ResNet-like model folds or converts: a 64x64x3x3 conv weight into FRACTAL_Z (and back), a
// 1x64x56x56 feature map into NC1HWC0 (and back), a 1024x1024 MatMul weight into FRACTAL_NZ.
// Bytes/s counts the origin tensor's bytes.
#include <benchmark/benchmark.h>

#include <random>

#include "formats/transdata_layout.h"

using namespace passscope;

namespace {

Tensor randomTensor(DataType dtype, const std::vector<int64_t>& dims) {
    std::mt19937 rng(1);
    int64_t count = 1;
    for (int64_t d : dims) count *= d;
    std::string bytes(static_cast<size_t>(count) * elementSize(dtype), '\0');
    for (char& b : bytes) b = static_cast<char>(rng());
    return Tensor(dtype, dims, std::make_shared<StringBuffer>(std::move(bytes)));
}

void run(benchmark::State& state, DataType dtype, std::vector<int64_t> dims, Format origin, Format storage,
         bool back, int64_t groups = 1) {
    const Tensor x = randomTensor(dtype, dims);
    const Tensor packed = formats::transData(x, origin, storage, dims, origin, groups);
    const Tensor& in = back ? packed : x;
    const Format src = back ? storage : origin, dst = back ? origin : storage;
    for (auto _ : state) benchmark::DoNotOptimize(formats::transData(in, src, dst, dims, origin, groups));
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(x.byteSize()));
}

}  // namespace

BENCHMARK_CAPTURE(run, weight_64x64x3x3_f16_to_FRACTAL_Z, DataType::Float16, {64, 64, 3, 3}, Format::NCHW,
                  Format::FRACTAL_Z, false);
BENCHMARK_CAPTURE(run, weight_64x64x3x3_f32_to_FRACTAL_Z, DataType::Float, {64, 64, 3, 3}, Format::NCHW,
                  Format::FRACTAL_Z, false);
BENCHMARK_CAPTURE(run, weight_64x64x3x3_f16_from_FRACTAL_Z, DataType::Float16, {64, 64, 3, 3}, Format::NCHW,
                  Format::FRACTAL_Z, true);
BENCHMARK_CAPTURE(run, depthwise_64x1x3x3_g64_f16_to_FRACTAL_Z, DataType::Float16, {64, 1, 3, 3},
                  Format::NCHW, Format::FRACTAL_Z, false, 64);
BENCHMARK_CAPTURE(run, fmap_1x64x56x56_f16_to_NC1HWC0, DataType::Float16, {1, 64, 56, 56}, Format::NCHW,
                  Format::NC1HWC0, false);
BENCHMARK_CAPTURE(run, fmap_1x64x56x56_f32_to_NC1HWC0, DataType::Float, {1, 64, 56, 56}, Format::NCHW,
                  Format::NC1HWC0, false);
BENCHMARK_CAPTURE(run, fmap_1x64x56x56_f16_from_NC1HWC0, DataType::Float16, {1, 64, 56, 56}, Format::NCHW,
                  Format::NC1HWC0, true);
BENCHMARK_CAPTURE(run, fmap_1x56x56x64_nhwc_f16_to_NC1HWC0, DataType::Float16, {1, 56, 56, 64}, Format::NHWC,
                  Format::NC1HWC0, false);
BENCHMARK_CAPTURE(run, matmul_1024x1024_f16_to_FRACTAL_NZ, DataType::Float16, {1024, 1024}, Format::ND,
                  Format::FRACTAL_NZ, false);
BENCHMARK_CAPTURE(run, matmul_1024x1024_f16_from_FRACTAL_NZ, DataType::Float16, {1024, 1024}, Format::ND,
                  Format::FRACTAL_NZ, true);

BENCHMARK_MAIN();

// QLinearMatMul (opset 10): quantized numpy matmul. acc = (a - a_zero_point) x (b - b_zero_point)
// accumulated in int32 (wrapping), then y = saturate(round_half_even(acc * a_scale * b_scale /
// y_scale) + y_zero_point) in y_zero_point's type. The multiplier is computed in float as ONNX
// Runtime does. Scales and zero points are per tensor (scalars), or per row of A ([M]) and per
// column of B ([N]).
#include "kernels/kernel_registry.h"
#include "kernels/linalg/matmul_core.h"

namespace passscope::kernels {
namespace {

using namespace red;
using namespace linalg;

// Value of a per-tensor or per-`along` parameter vector at position i (of extent `count`).
template <typename V>
V paramAt(const std::vector<V>& p, int64_t i) {
    return p.size() == 1 ? p[0] : p[static_cast<size_t>(i)];
}

template <typename V>
void checkParam(const std::vector<V>& p, int64_t count, const char* what) {
    if (p.size() != 1 && static_cast<int64_t>(p.size()) != count)
        throw KernelError(std::string(what) + " must be a scalar or a vector");
}

KernelResult qlinearMatMul(const KernelContext& ctx) {
    const Tensor& a = required(ctx, 0);
    const Tensor& b = required(ctx, 3);
    const Tensor& yzpT = required(ctx, 7);
    const MatMulPlan p = planMatMul(a.dims(), b.dims());
    if (required(ctx, 2).dtype() != a.dtype() || required(ctx, 5).dtype() != b.dtype())
        throw KernelError("zero point dtype differs from its operand");
    auto av = int8Values(a), bv = int8Values(b);
    const auto azp = int8Values(ctx.input(2)), bzp = int8Values(ctx.input(5)), yzp = int8Values(yzpT);
    const auto as = toDoubles(required(ctx, 1)), bs = toDoubles(required(ctx, 4)),
               ys = toDoubles(required(ctx, 6));
    checkParam(azp, p.M, "a_zero_point");
    checkParam(as, p.M, "a_scale");
    checkParam(bzp, p.N, "b_zero_point");
    checkParam(bs, p.N, "b_scale");
    if (ys.size() != 1 || yzp.size() != 1) throw KernelError("y_scale and y_zero_point must be scalars");
    for (size_t i = 0; i < av.size(); ++i) av[i] -= paramAt(azp, (static_cast<int64_t>(i) / p.K) % p.M);
    for (size_t i = 0; i < bv.size(); ++i) bv[i] -= paramAt(bzp, static_cast<int64_t>(i) % p.N);
    const auto acc = batchedMatMul<int32_t>(av, bv, p);
    return dispatch<kSigned | kUnsigned>(yzpT.dtype(), [&](auto tag) -> KernelResult {
        using Q = decltype(tag);
        std::vector<Q> out(acc.size());
        for (size_t i = 0; i < acc.size(); ++i) {
            const int64_t m = (static_cast<int64_t>(i) / p.N) % p.M, n = static_cast<int64_t>(i) % p.N;
            const float mult = static_cast<float>(paramAt(as, m)) * static_cast<float>(paramAt(bs, n)) /
                               static_cast<float>(ys[0]);
            out[i] =
                saturate<Q>(std::nearbyint(static_cast<double>(static_cast<float>(acc[i]) * mult)) + yzp[0]);
        }
        return KernelResult::ok(makeTensor<Q>(p.outDims, out));
    });
}

}  // namespace

void registerQLinearMatMulKernels(KernelRegistry& r) {
    r.add("", "QLinearMatMul", 10, 0, qlinearMatMul);
}

}  // namespace passscope::kernels

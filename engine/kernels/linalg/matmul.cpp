// MatMul and MatMulInteger: numpy matmul (1-D operands promoted to a row / column and the unit
// axis removed from the result; batch axes broadcast).
//
// MatMul computes in the element type: float/double with Eigen, float16/bfloat16 accumulated in
// float and rounded once per result element, integers wrapping. MatMulInteger (opset 10)
// subtracts the optional zero points (a scalar, a per-row vector of length M for A, per-column
// for B, or a tensor broadcastable like [..., M, 1] / [..., 1, N]) and accumulates in int32,
// wrapping like ONNX Runtime.
#include "kernels/kernel_registry.h"
#include "kernels/linalg/matmul_core.h"

namespace passscope::kernels {
namespace {

using namespace red;
using namespace linalg;

KernelResult matMul(const KernelContext& ctx) {
    const Tensor& a = required(ctx, 0);
    const Tensor& b = required(ctx, 1);
    if (a.dtype() != b.dtype()) return KernelResult::unsupported("inputs have different dtypes");
    const MatMulPlan p = planMatMul(a.dims(), b.dims());
    return dispatch<kNumeric>(a.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        return KernelResult::ok(makeTensor<T>(p.outDims, batchedMatMul<T>(values<T>(a), values<T>(b), p)));
    });
}

// x - zero_point as int32, for an int8/uint8 operand. rowVectorAllowed: A's zero point may be a vector
// over its rows (axis -2), which numpy broadcasting would misplace.
std::vector<int32_t> shiftedByZeroPoint(const Tensor& x, const Tensor* zp, bool rowVectorAllowed) {
    auto read = [](const Tensor& t) {
        return dispatch<kSigned | kUnsigned>(t.dtype(), [&](auto tag) {
            using T = decltype(tag);
            if constexpr (!(std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>)) {
                throw KernelError("MatMulInteger needs int8 or uint8 operands");
                return std::vector<int32_t>{};
            } else {
                auto v = values<T>(t);
                return std::vector<int32_t>(v.begin(), v.end());
            }
        });
    };
    std::vector<int32_t> v = read(x);
    if (!zp) return v;
    if (zp->dtype() != x.dtype()) throw KernelError("zero point dtype differs from its operand");
    const std::vector<int32_t> z = read(*zp);
    const auto& dims = x.dims();
    if (z.size() == 1) {
        for (auto& e : v) e -= z[0];
    } else if (rowVectorAllowed && zp->dims().size() == 1 && dims.size() >= 2 &&
               zp->dims()[0] == dims[dims.size() - 2]) {
        const int64_t K = dims.back(), M = dims[dims.size() - 2];
        for (size_t i = 0; i < v.size(); ++i)
            v[i] -= z[static_cast<size_t>((static_cast<int64_t>(i) / K) % M)];
    } else {
        if (broadcastShapes({dims, zp->dims()}) != dims)
            throw KernelError("zero point shape does not fit its operand");
        auto idx = broadcastIndex(zp->dims(), dims);
        for (size_t i = 0; i < v.size(); ++i) v[i] -= z[static_cast<size_t>(idx[i])];
    }
    return v;
}

KernelResult matMulInteger(const KernelContext& ctx) {
    const Tensor& a = required(ctx, 0);
    const Tensor& b = required(ctx, 1);
    const MatMulPlan p = planMatMul(a.dims(), b.dims());
    auto va = shiftedByZeroPoint(a, ctx.hasInput(2) ? &ctx.input(2) : nullptr, true);
    auto vb = shiftedByZeroPoint(b, ctx.hasInput(3) ? &ctx.input(3) : nullptr, false);
    return KernelResult::ok(makeTensor<int32_t>(p.outDims, batchedMatMul<int32_t>(va, vb, p)));
}

}  // namespace

void registerMatMulKernels(KernelRegistry& r) {
    r.add("", "MatMul", 1, 0, matMul);
    r.add("", "MatMulInteger", 10, 0, matMulInteger);
}

}  // namespace passscope::kernels

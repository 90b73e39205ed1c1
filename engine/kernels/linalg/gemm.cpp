// Gemm: Y = alpha * A' * B' + beta * C, A' = transA ? A^T : A (M x K), B' likewise (K x N), C
// optional from opset 11 and unidirectionally broadcast to (M, N) (before opset 7 only when
// broadcast=1; otherwise it must already be M x N).
//
// Floating types compute the whole expression in float (double in double), as ONNX Runtime's
// Gemm does, and round each result once to the element type (float16/bfloat16 included). Integer types (opset
// 9+) accumulate with wrapping; alpha and beta must then be whole numbers, otherwise the node is unsupported.
#include "kernels/kernel_registry.h"
#include "kernels/linalg/matmul_core.h"

namespace passscope::kernels {
namespace {

using namespace red;
using namespace linalg;

template <typename T>
std::vector<T> transposed(const std::vector<T>& v, int64_t rows, int64_t cols) {
    std::vector<T> t(v.size());
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c)
            t[static_cast<size_t>(c * rows + r)] = v[static_cast<size_t>(r * cols + c)];
    return t;
}

KernelResult gemm(const KernelContext& ctx) {
    const Tensor& a = required(ctx, 0);
    const Tensor& b = required(ctx, 1);
    const Tensor* c = ctx.hasInput(2) ? &ctx.input(2) : nullptr;
    if (!c && ctx.opset() < 11) throw KernelError("Gemm before opset 11 needs C");
    if (a.dtype() != b.dtype() || (c && c->dtype() != a.dtype()))
        return KernelResult::unsupported("inputs have different dtypes");
    if (a.dims().size() != 2 || b.dims().size() != 2) throw KernelError("Gemm needs 2-D A and B");
    const bool transA = ctx.attrInt("transA", 0) != 0, transB = ctx.attrInt("transB", 0) != 0;
    const double alpha = ctx.attrFloat("alpha", 1.0), beta = ctx.attrFloat("beta", 1.0);
    const int64_t M = transA ? a.dims()[1] : a.dims()[0];
    const int64_t K = transA ? a.dims()[0] : a.dims()[1];
    const int64_t Kb = transB ? b.dims()[1] : b.dims()[0];
    const int64_t N = transB ? b.dims()[0] : b.dims()[1];
    if (K != Kb) throw KernelError("Gemm inner dimensions differ");
    const std::vector<int64_t> outDims{M, N};
    std::vector<int64_t> cIndex;
    if (c) {
        if (ctx.opset() < 7 && ctx.attrInt("broadcast", 0) == 0 && c->dims() != outDims)
            throw KernelError("C must be M x N when broadcast=0");
        if (broadcastShapes({c->dims(), outDims}) != outDims)
            throw KernelError("C cannot be broadcast to M x N");
        cIndex = broadcastIndex(c->dims(), outDims);
    }
    return dispatch<kNumeric>(a.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        auto va = values<T>(a);
        auto vb = values<T>(b);
        if (transA) va = transposed(va, a.dims()[0], a.dims()[1]);
        if (transB) vb = transposed(vb, b.dims()[0], b.dims()[1]);
        std::vector<T> vc;
        if (c) vc = values<T>(*c);
        std::vector<T> out(static_cast<size_t>(M * N));
        if constexpr (isFloatLike<T>) {
            using S = std::conditional_t<std::is_same_v<T, double>, double, float>;
            std::vector<S> sa(va.size()), sb(vb.size()), sc(out.size());
            for (size_t i = 0; i < va.size(); ++i) sa[i] = static_cast<S>(va[i]);
            for (size_t i = 0; i < vb.size(); ++i) sb[i] = static_cast<S>(vb[i]);
            eigenProduct<S>(sa.data(), sb.data(), sc.data(), M, K, N);
            for (size_t i = 0; i < out.size(); ++i) {
                S y = static_cast<S>(alpha) * sc[i];
                if (c) y += static_cast<S>(beta) * static_cast<S>(vc[static_cast<size_t>(cIndex[i])]);
                out[i] = T(y);
            }
        } else {
            if (alpha != std::trunc(alpha) || beta != std::trunc(beta))
                return KernelResult::unsupported("integer Gemm with fractional alpha or beta");
            T ia{}, ib{};
            if (!toIntChecked<T>(alpha, ia) || !toIntChecked<T>(beta, ib))
                return KernelResult::unsupported("alpha or beta does not fit the integer type");
            std::vector<T> prod(out.size());
            integerProduct<T>(va.data(), vb.data(), prod.data(), M, K, N);
            for (size_t i = 0; i < out.size(); ++i) {
                T y = wrapMul(ia, prod[i]);
                if (c) y = wrapAdd(y, wrapMul(ib, vc[static_cast<size_t>(cIndex[i])]));
                out[i] = y;
            }
        }
        return KernelResult::ok(makeTensor<T>(outDims, out));
    });
}

}  // namespace

void registerGemmKernels(KernelRegistry& r) {
    r.add("", "Gemm", 1, 0, gemm);
}

}  // namespace passscope::kernels

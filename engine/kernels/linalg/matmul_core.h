#pragma once
// Matrix products shared by MatMul, MatMulInteger, Gemm and the quantized nn kernels: numpy
// matmul shape rules (1-D operands promoted and their unit axis removed again, batch axes
// broadcast) and a row-major product per element type. float and double use Eigen; float16 and
// bfloat16 are converted to float, multiplied and accumulated in float, and each result rounded
// once to the 16-bit type; integer types accumulate in their own type with wrapping.
#include <Eigen/Core>

#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels::linalg {

struct MatMulPlan {
    int64_t M = 0, K = 0, N = 0;
    std::vector<int64_t> outDims;
    std::vector<int64_t> aOffsets, bOffsets;  // element offset of each batch's matrix
};

inline MatMulPlan planMatMul(const std::vector<int64_t>& aDims, const std::vector<int64_t>& bDims) {
    if (aDims.empty() || bDims.empty()) throw KernelError("MatMul operands must have rank >= 1");
    MatMulPlan p;
    const bool aVec = aDims.size() == 1, bVec = bDims.size() == 1;
    std::vector<int64_t> aBatch, bBatch;
    if (aVec) {
        p.M = 1;
        p.K = aDims[0];
    } else {
        aBatch.assign(aDims.begin(), aDims.end() - 2);
        p.M = aDims[aDims.size() - 2];
        p.K = aDims.back();
    }
    int64_t kb;
    if (bVec) {
        kb = bDims[0];
        p.N = 1;
    } else {
        bBatch.assign(bDims.begin(), bDims.end() - 2);
        kb = bDims[bDims.size() - 2];
        p.N = bDims.back();
    }
    if (kb != p.K) throw KernelError("MatMul inner dimensions differ");
    const auto batch = broadcastShapes({aBatch, bBatch});
    auto ia = broadcastIndex(aBatch, batch);
    auto ib = broadcastIndex(bBatch, batch);
    p.aOffsets.resize(ia.size());
    p.bOffsets.resize(ib.size());
    for (size_t i = 0; i < ia.size(); ++i) {
        p.aOffsets[i] = ia[i] * p.M * p.K;
        p.bOffsets[i] = ib[i] * p.K * p.N;
    }
    p.outDims = batch;
    if (!aVec) p.outDims.push_back(p.M);
    if (!bVec) p.outDims.push_back(p.N);
    red::checkBuildable(p.outDims);
    return p;
}

// c[M x N] = a[M x K] * b[K x N], all row-major, for float or double.
template <typename S>
void eigenProduct(const S* a, const S* b, S* c, int64_t M, int64_t K, int64_t N) {
    using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    if (M == 0 || N == 0) return;
    Eigen::Map<Mat> C(c, M, N);
    if (K == 0) {
        C.setZero();
        return;
    }
    Eigen::Map<const Mat> A(a, M, K);
    Eigen::Map<const Mat> B(b, K, N);
    C.noalias() = A * B;
}

template <typename T>
void integerProduct(const T* a, const T* b, T* c, int64_t M, int64_t K, int64_t N) {
    for (int64_t i = 0; i < M * N; ++i) c[i] = T(0);
    for (int64_t m = 0; m < M; ++m)
        for (int64_t k = 0; k < K; ++k) {
            const T av = a[m * K + k];
            for (int64_t n = 0; n < N; ++n)
                c[m * N + n] = red::wrapAdd(c[m * N + n], red::wrapMul(av, b[k * N + n]));
        }
}

// Batched product over a plan, in the element type (float16/bfloat16 rounded once per element).
template <typename T>
std::vector<T> batchedMatMul(const std::vector<T>& a, const std::vector<T>& b, const MatMulPlan& p) {
    const size_t batches = p.aOffsets.size();
    const int64_t mn = p.M * p.N;
    std::vector<T> out(batches * static_cast<size_t>(mn));
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        for (size_t i = 0; i < batches; ++i)
            eigenProduct<T>(a.data() + p.aOffsets[i], b.data() + p.bOffsets[i], out.data() + i * mn, p.M, p.K,
                            p.N);
    } else if constexpr (isFloatLike<T>) {
        std::vector<float> fa(a.size()), fb(b.size());
        for (size_t i = 0; i < a.size(); ++i) fa[i] = static_cast<float>(a[i]);
        for (size_t i = 0; i < b.size(); ++i) fb[i] = static_cast<float>(b[i]);
        std::vector<float> fc(static_cast<size_t>(mn));
        for (size_t i = 0; i < batches; ++i) {
            eigenProduct<float>(fa.data() + p.aOffsets[i], fb.data() + p.bOffsets[i], fc.data(), p.M, p.K,
                                p.N);
            for (int64_t j = 0; j < mn; ++j) out[i * mn + j] = T(fc[static_cast<size_t>(j)]);
        }
    } else {
        for (size_t i = 0; i < batches; ++i)
            integerProduct<T>(a.data() + p.aOffsets[i], b.data() + p.bOffsets[i], out.data() + i * mn, p.M,
                              p.K, p.N);
    }
    return out;
}

}  // namespace passscope::kernels::linalg

// Det (opset 11): determinant of each square matrix in the trailing two axes ([..., M, M] ->
// [...]). LU factorisation with partial pivoting in double for every floating type, rounded
// once to the element type; an empty matrix (M = 0) has determinant 1.
#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

double determinant(std::vector<double> m, int64_t n) {
    double det = 1.0;
    for (int64_t c = 0; c < n; ++c) {
        int64_t pivot = c;
        for (int64_t r = c + 1; r < n; ++r)
            if (std::fabs(m[static_cast<size_t>(r * n + c)]) >
                std::fabs(m[static_cast<size_t>(pivot * n + c)]))
                pivot = r;
        if (pivot != c) {
            for (int64_t k = 0; k < n; ++k)
                std::swap(m[static_cast<size_t>(c * n + k)], m[static_cast<size_t>(pivot * n + k)]);
            det = -det;
        }
        const double p = m[static_cast<size_t>(c * n + c)];
        det *= p;
        if (p == 0.0) return det;  // singular (keeps the sign of zero and NaN propagation simple)
        for (int64_t r = c + 1; r < n; ++r) {
            const double f = m[static_cast<size_t>(r * n + c)] / p;
            for (int64_t k = c; k < n; ++k)
                m[static_cast<size_t>(r * n + k)] -= f * m[static_cast<size_t>(c * n + k)];
        }
    }
    return det;
}

KernelResult det(const KernelContext& ctx) {
    const Tensor& x = red::required(ctx, 0);
    const auto& dims = x.dims();
    if (dims.size() < 2 || dims[dims.size() - 1] != dims[dims.size() - 2])
        throw KernelError("Det needs [..., M, M]");
    const int64_t n = dims.back();
    const std::vector<int64_t> outDims(dims.begin(), dims.end() - 2);
    const int64_t count = product(outDims);
    return dispatch<kFloats>(x.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        auto v = values<T>(x);
        std::vector<T> out(static_cast<size_t>(count));
        std::vector<double> m(static_cast<size_t>(n * n));
        for (int64_t b = 0; b < count; ++b) {
            for (int64_t i = 0; i < n * n; ++i)
                m[static_cast<size_t>(i)] = static_cast<double>(v[static_cast<size_t>(b * n * n + i)]);
            out[static_cast<size_t>(b)] = static_cast<T>(determinant(m, n));
        }
        return KernelResult::ok(makeTensor<T>(outDims, out));
    });
}

}  // namespace

void registerDetKernels(KernelRegistry& r) {
    r.add("", "Det", 11, 0, det);
}

}  // namespace passscope::kernels

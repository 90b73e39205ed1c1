// CumSum-11/14: running sums along an axis (a scalar int32/int64 input). exclusive=1 starts
// each sum at 0 (element i sums the elements before i); reverse=1 sums from the end. Sums
// accumulate in the element type, as ONNX Runtime does: float16/bfloat16 round after each
// addition, integers wrap on overflow.
#include "kernels/indexing/index_util.h"
#include "kernels/indexing/indexing_kernels.h"

namespace passscope::kernels::indexing_ops {

KernelResult cumSum(const KernelContext& ctx) {
    requireInputs(ctx, 2);
    const Tensor& data = ctx.input(0);
    checkedInputCount(data);
    const Tensor& axisT = ctx.input(1);
    checkedInputCount(axisT);
    if (axisT.dims().size() > 1) throw KernelError("CumSum axis must be a scalar");
    const auto& dims = data.dims();
    const size_t axis =
        static_cast<size_t>(existingAxis(scalarInt(axisT), static_cast<int64_t>(dims.size())));
    const bool exclusive = ctx.attrInt("exclusive", 0) != 0;
    const bool reverse = ctx.attrInt("reverse", 0) != 0;
    const int64_t outer = product(dims, 0, axis);
    const int64_t n = dims[axis];
    const int64_t inner = product(dims, axis + 1);
    return dispatch<kNumeric>(data.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        const auto v = values<T>(data);
        std::vector<T> out(v.size());
        for (int64_t o = 0; !v.empty() && o < outer; ++o)
            for (int64_t i = 0; i < inner; ++i) {
                T sum = T(0);
                for (int64_t s = 0; s < n; ++s) {
                    const int64_t j = reverse ? n - 1 - s : s;
                    const size_t at = static_cast<size_t>((o * n + j) * inner + i);
                    if (exclusive) out[at] = sum;
                    if constexpr (std::is_integral_v<T>) {
                        using U = std::make_unsigned_t<T>;
                        using P = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
                        sum = static_cast<T>(static_cast<U>(static_cast<P>(static_cast<U>(sum)) +
                                                            static_cast<P>(static_cast<U>(v[at]))));
                    } else {
                        sum = static_cast<T>(sum + v[at]);
                    }
                    if (!exclusive) out[at] = sum;
                }
            }
        return KernelResult::ok(makeTensor<T>(dims, out));
    });
}

}  // namespace passscope::kernels::indexing_ops

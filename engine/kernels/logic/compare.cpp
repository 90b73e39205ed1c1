// Equal, Less, Greater (opset 1; numpy broadcasting from 7) and LessOrEqual, GreaterOrEqual
// (opset 12), with bool output. Every numeric dtype and bool; Equal also compares strings
// (opset 19). Comparisons involving NaN are false (IEEE), so Equal(NaN, NaN) is false.
// float16 / bfloat16 compare exactly (widening to float is exact).
#include "kernels/elementwise/elementwise_util.h"
#include "kernels/logic/logic_kernels.h"

namespace passscope::kernels {
namespace {

enum class Cmp { Equal, Less, Greater, LessOrEqual, GreaterOrEqual };

template <Cmp op>
KernelResult compare(const KernelContext& ctx) {
    const Tensor& a = ctx.input(0);
    const Tensor b = ew::binaryB(ctx);
    if (a.dtype() != b.dtype()) return KernelResult::unsupported("inputs have different dtypes");
    constexpr unsigned allowed = kNumeric | kBool | (op == Cmp::Equal ? kStrings : 0u);
    const auto out = broadcastShapes({a.dims(), b.dims()});
    return dispatch<allowed>(a.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        const auto va = ew::readAs<T>(a);
        const auto vb = ew::readAs<T>(b);
        BroadcastWalker w(out, {a.dims(), b.dims()});
        std::vector<uint8_t> r(static_cast<size_t>(w.size()));
        for (size_t i = 0; i < r.size(); ++i, w.next()) {
            const auto& x = va[w.index(0)];
            const auto& y = vb[w.index(1)];
            bool v;
            if constexpr (op == Cmp::Equal)
                v = x == y;
            else if constexpr (op == Cmp::Less)
                v = x < y;
            else if constexpr (op == Cmp::Greater)
                v = y < x;
            else if constexpr (op == Cmp::LessOrEqual)
                v = x <= y;
            else
                v = y <= x;
            r[i] = v ? 1 : 0;
        }
        return KernelResult::ok(ew::makeAs<bool>(out, r));
    });
}

}  // namespace

void registerCompareKernels(KernelRegistry& r) {
    r.add("", "Equal", 1, 0, compare<Cmp::Equal>);
    r.add("", "Less", 1, 0, compare<Cmp::Less>);
    r.add("", "Greater", 1, 0, compare<Cmp::Greater>);
    r.add("", "LessOrEqual", 12, 0, compare<Cmp::LessOrEqual>);
    r.add("", "GreaterOrEqual", 12, 0, compare<Cmp::GreaterOrEqual>);
}

}  // namespace passscope::kernels

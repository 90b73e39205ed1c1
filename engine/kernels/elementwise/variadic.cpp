// Max, Min, Sum, Mean: variadic elementwise ops over one or more inputs of one dtype, folded
// left to right. From opset 8 the inputs broadcast (numpy, multidirectional); before that they
// must all have the same shape. Max and Min propagate NaN (numpy maximum / minimum) and take
// every numeric dtype (opset 12); Sum and Mean are floating only. float16 / bfloat16 round in
// their own type after each step (Eigen::half arithmetic), as a chain of Add nodes would.
#include "kernels/elementwise/elementwise_kernels.h"
#include "kernels/elementwise/elementwise_util.h"

namespace passscope::kernels {
namespace {

enum class VariadicOp { Max, Min, Sum, Mean };

template <VariadicOp op>
KernelResult variadic(const KernelContext& ctx) {
    const size_t n = ctx.inputCount();
    if (n == 0) throw KernelError("needs at least one input");
    std::vector<std::vector<int64_t>> shapes;
    for (size_t i = 0; i < n; ++i) {
        if (!ctx.hasInput(i)) throw KernelError("input " + std::to_string(i) + " is missing");
        if (ctx.input(i).dtype() != ctx.input(0).dtype())
            return KernelResult::unsupported("inputs have different dtypes");
        if (ctx.opset() < 8 && ctx.input(i).dims() != ctx.input(0).dims())
            throw KernelError("inputs must have the same shape before opset 8");
        shapes.push_back(ctx.input(i).dims());
    }
    const auto out = broadcastShapes(shapes);
    constexpr unsigned allowed = (op == VariadicOp::Max || op == VariadicOp::Min) ? kNumeric : kFloats;
    return dispatch<allowed>(ctx.input(0).dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        std::vector<T> acc;
        for (size_t k = 0; k < n; ++k) {
            const auto v = values<T>(ctx.input(k));
            BroadcastWalker w(out, {ctx.input(k).dims()});
            if (k == 0) {
                acc.resize(static_cast<size_t>(w.size()));
                for (size_t i = 0; i < acc.size(); ++i, w.next()) acc[i] = v[w.index(0)];
                continue;
            }
            for (size_t i = 0; i < acc.size(); ++i, w.next()) {
                const T y = v[w.index(0)];
                if constexpr (op == VariadicOp::Max)
                    acc[i] = ew::nanMax(acc[i], y);
                else if constexpr (op == VariadicOp::Min)
                    acc[i] = ew::nanMin(acc[i], y);
                else
                    acc[i] = static_cast<T>(acc[i] + y);
            }
        }
        if constexpr (op == VariadicOp::Mean) {
            const T count = static_cast<T>(static_cast<float>(n));
            for (T& x : acc) x = static_cast<T>(x / count);
        }
        return KernelResult::ok(makeTensor<T>(out, acc));
    });
}

}  // namespace

void registerVariadicKernels(KernelRegistry& r) {
    r.add("", "Max", 1, 0, variadic<VariadicOp::Max>);
    r.add("", "Min", 1, 0, variadic<VariadicOp::Min>);
    r.add("", "Sum", 1, 0, variadic<VariadicOp::Sum>);
    r.add("", "Mean", 1, 0, variadic<VariadicOp::Mean>);
}

}  // namespace passscope::kernels

// Add, Sub, Mul, Div, Mod with numpy broadcasting over every numeric dtype.
// Integer overflow wraps (two's complement), as ONNX Runtime's kernels do; integer division or
// modulo by zero is refused (the node stays, with that reason) rather than folded.
#include <cmath>

#include "kernels/kernel_registry.h"
#include "kernels/tensor_util.h"

namespace passscope::kernels {
namespace {

enum class ArithmeticOp { Add, Sub, Mul, Div };

template <ArithmeticOp op>
KernelResult arithmetic(const KernelContext& ctx) {
    const Tensor& a = ctx.input(0);
    const Tensor& b = ctx.input(1);
    if (a.dtype() != b.dtype()) return KernelResult::unsupported("inputs have different dtypes");
    return dispatch<kNumeric>(a.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        if constexpr (std::is_integral_v<T>) {
            if constexpr (op == ArithmeticOp::Div) {
                for (T v : values<T>(b))
                    if (v == 0) return KernelResult::refused("integer division by zero");
                if constexpr (std::is_signed_v<T>) {
                    auto va = values<T>(a);
                    auto vb = values<T>(b);
                    bool aMin = std::find(va.begin(), va.end(), std::numeric_limits<T>::min()) != va.end();
                    bool bNeg1 = std::find(vb.begin(), vb.end(), T(-1)) != vb.end();
                    if (aMin && bNeg1) return KernelResult::refused("integer division overflow (MIN / -1)");
                }
            }
            return KernelResult::ok(broadcastBinary<T, T, T>(a, b, [](T x, T y) -> T {
                if constexpr (op == ArithmeticOp::Add)
                    return wrapAdd(x, y);
                else if constexpr (op == ArithmeticOp::Sub)
                    return wrapSub(x, y);
                else if constexpr (op == ArithmeticOp::Mul)
                    return wrapMul(x, y);
                else
                    return static_cast<T>(x / y);
            }));
        } else {
            return KernelResult::ok(broadcastBinary<T, T, T>(a, b, [](T x, T y) -> T {
                if constexpr (op == ArithmeticOp::Add)
                    return x + y;
                else if constexpr (op == ArithmeticOp::Sub)
                    return x - y;
                else if constexpr (op == ArithmeticOp::Mul)
                    return x * y;
                else
                    return x / y;
            }));
        }
    });
}

KernelResult mod(const KernelContext& ctx) {
    const Tensor& a = ctx.input(0);
    const Tensor& b = ctx.input(1);
    if (a.dtype() != b.dtype()) return KernelResult::unsupported("inputs have different dtypes");
    const bool fmod = ctx.attrInt("fmod", 0) != 0;
    return dispatch<kNumeric>(a.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        if constexpr (std::is_integral_v<T>) {
            for (T v : values<T>(b))
                if (v == 0) return KernelResult::refused("integer modulo by zero");
            return KernelResult::ok(broadcastBinary<T, T, T>(a, b, [fmod](T x, T y) -> T {
                if constexpr (std::is_signed_v<T>) {
                    if (y == -1) return 0;  // avoids MIN % -1 overflow; the result is 0 anyway
                    T r = static_cast<T>(x % y);
                    if (!fmod && r != 0 && ((r < 0) != (y < 0))) r = static_cast<T>(r + y);
                    return r;
                } else {
                    return static_cast<T>(x % y);
                }
            }));
        } else {
            if (!fmod) return KernelResult::unsupported("Mod on floating point needs fmod=1");
            return KernelResult::ok(broadcastBinary<T, T, T>(a, b, [](T x, T y) -> T {
                return static_cast<T>(std::fmod(static_cast<double>(x), static_cast<double>(y)));
            }));
        }
    });
}

}  // namespace

void registerArithmeticKernels(KernelRegistry& r) {
    r.add("", "Add", 1, 0, arithmetic<ArithmeticOp::Add>);
    r.add("", "Sub", 1, 0, arithmetic<ArithmeticOp::Sub>);
    r.add("", "Mul", 1, 0, arithmetic<ArithmeticOp::Mul>);
    r.add("", "Div", 1, 0, arithmetic<ArithmeticOp::Div>);
    r.add("", "Mod", 10, 0, mod);
}

}  // namespace passscope::kernels

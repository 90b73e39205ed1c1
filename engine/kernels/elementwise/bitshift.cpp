// BitShift (opset 11) on unsigned integers with numpy broadcasting; direction "LEFT" or "RIGHT".
// Bits shifted out are lost (left shifts wrap in the type). A shift by the bit width or more is
// undefined in C++ and runtimes disagree on it (numpy gives 0, x86 masks the count), so such a
// node is refused rather than folded.
#include "kernels/elementwise/elementwise_kernels.h"
#include "kernels/elementwise/elementwise_util.h"

namespace passscope::kernels {
namespace {

KernelResult bitShift(const KernelContext& ctx) {
    const Tensor& a = ctx.input(0);
    const Tensor& b = ctx.input(1);
    if (a.dtype() != b.dtype()) return KernelResult::unsupported("inputs have different dtypes");
    const std::string direction = ctx.attrString("direction", "");
    const bool left = direction == "LEFT";
    if (!left && direction != "RIGHT")
        throw KernelError("direction must be LEFT or RIGHT, got '" + direction + "'");
    return dispatch<kUnsigned>(a.dtype(), [&](auto tag) -> KernelResult {
        using T = decltype(tag);
        // Shift in at least unsigned int: uint8/uint16 would otherwise promote to signed int.
        using P = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, T>;
        constexpr T bits = static_cast<T>(sizeof(T) * 8);
        for (T s : values<T>(b))
            if (s >= bits) return KernelResult::refused("shift amount not smaller than the bit width");
        return KernelResult::ok(broadcastBinary<T, T, T>(a, b, [left](T x, T s) -> T {
            return left ? static_cast<T>(static_cast<P>(x) << s) : static_cast<T>(static_cast<P>(x) >> s);
        }));
    });
}

}  // namespace

void registerBitShiftKernels(KernelRegistry& r) {
    r.add("", "BitShift", 11, 0, bitShift);
}

}  // namespace passscope::kernels

// HannWindow, HammingWindow, BlackmanWindow (opset 17): a generalized cosine window of `size`
// elements, sum over k of (-1)^k a_k cos(2 pi k n / N), with N = size when periodic (the
// default) and size - 1 when symmetric; of the output_datatype attribute's type (float by
// default). Computed in double, rounded once, as the ONNX reference does.
#include <cmath>
#include <numbers>

#include "kernels/kernel_registry.h"
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels {
namespace {

Tensor cosineWindow(const KernelContext& ctx, const std::vector<double>& coefficients) {
    const int64_t size = scalarInt(red::required(ctx, 0));
    if (size < 0) throw KernelError("window size must not be negative");
    red::checkBuildable({size});
    const int64_t dt = ctx.attrInt("output_datatype", static_cast<int64_t>(DataType::Float));
    if (dt < 0 || dt > INT32_MAX || !isKnownDataType(static_cast<int32_t>(dt)))
        throw KernelError("output_datatype is not a known type");
    const bool periodic = ctx.attrInt("periodic", 1) != 0;
    const double n1 = periodic ? double(size) : double(size - 1);
    std::vector<double> v(static_cast<size_t>(size));
    for (int64_t n = 0; n < size; ++n) {
        double sum = 0, sign = 1;
        for (size_t k = 0; k < coefficients.size(); ++k, sign = -sign)
            sum += sign * coefficients[k] *
                   (n1 > 0 ? std::cos(2 * std::numbers::pi * double(k) * double(n) / n1) : 1.0);
        v[static_cast<size_t>(n)] = sum;
    }
    return dispatch<kNumeric>(static_cast<DataType>(dt), [&](auto tag) {
        using T = decltype(tag);
        std::vector<T> out(v.size());
        for (size_t i = 0; i < v.size(); ++i) out[i] = static_cast<T>(v[i]);
        return makeTensor<T>({size}, out);
    });
}

KernelResult hannWindow(const KernelContext& ctx) {
    return KernelResult::ok(cosineWindow(ctx, {0.5, 0.5}));
}
KernelResult hammingWindow(const KernelContext& ctx) {
    return KernelResult::ok(cosineWindow(ctx, {25.0 / 46.0, 21.0 / 46.0}));
}
KernelResult blackmanWindow(const KernelContext& ctx) {
    return KernelResult::ok(cosineWindow(ctx, {0.42, 0.5, 0.08}));
}

}  // namespace

void registerWindowKernels(KernelRegistry& r) {
    r.add("", "HannWindow", 17, 0, hannWindow);
    r.add("", "HammingWindow", 17, 0, hammingWindow);
    r.add("", "BlackmanWindow", 17, 0, blackmanWindow);
}

}  // namespace passscope::kernels

#pragma once
// Kernels of the nn family that compute in double and round each output once to the input's
// floating type (float16/bfloat16 rounded in their own type): the checks and the conversion back.
#include "kernels/reduction/reduction_util.h"

namespace passscope::kernels::nn {

template <typename T>
Tensor fromDoubles(const std::vector<int64_t>& dims, const std::vector<double>& v) {
    std::vector<T> out(v.size());
    for (size_t i = 0; i < v.size(); ++i) out[i] = static_cast<T>(v[i]);
    return makeTensor<T>(dims, out);
}

inline Tensor fromDoubles(DataType dt, const std::vector<int64_t>& dims, const std::vector<double>& v) {
    return dispatch<kFloats>(dt, [&](auto tag) { return fromDoubles<decltype(tag)>(dims, v); });
}

// Throws KernelError (-> Unsupported) unless t holds a floating type.
inline void requireFloat(const Tensor& t) {
    dispatch<kFloats>(t.dtype(), [](auto) { return 0; });
}

}  // namespace passscope::kernels::nn

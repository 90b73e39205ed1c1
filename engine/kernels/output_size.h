#pragma once
// How large a kernel's outputs will be, told before the kernel runs, so that folding can refuse a
// node whose constant inputs ask for billions of elements (Expand to [1e5, 1e5], a Range with a
// tiny delta, a broadcasting Add of [N, 1] and [1, N]) without allocating anything.
#include <string>

#include "kernels/kernel.h"

namespace passscope::kernels {

struct OutputEstimate {
    // false: the size cannot be told before computing (an op whose output can outgrow its inputs,
    // with no formula here and no static inferred shape).
    bool known = false;
    // Bytes of all outputs together (strings counted as one std::string each). A double: hostile
    // shapes multiply past 2^64.
    double bytes = 0;
    // How it was estimated, for the not-folded reason ("from the input shapes and values", ...).
    std::string basis;
};

// Estimates the outputs of ctx.node() from its input shapes and, for ops whose output shape is an
// input value (ConstantOfShape, Range, Expand, Tile, Pad, Resize, OneHot), those values:
//  - ops with a formula here (broadcasting elementwise ops, shape generators, Concat, Gather,
//    MatMul, Gemm, ...) use it: it is exact and does not trust a declared shape;
//  - other ops use the inferred output descriptions when every output's shape is static;
//  - otherwise ops that never outgrow their largest input (unary, reductions, data movement)
//    are bounded by that input; ops that can (Conv, pooling with pads, Einsum) are unknown.
// Throws KernelError where the kernel itself would (a negative dim in an Expand shape, a Range
// with delta 0), so the caller reports the kernel's reason. `useInferred` false: the inferred
// descriptions are not read (an evaluator feeding inputs of other shapes than the declared ones).
OutputEstimate estimateOutputBytes(const KernelContext& ctx, bool useInferred = true);

// "4000000000000 bytes"; past 10^15, "1.2e+20 bytes".
std::string bytesText(double bytes);

}  // namespace passscope::kernels

#pragma once
// Registration functions of the files of the unary family, called from register_unary.cpp.
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerMathKernels(KernelRegistry& r);  // math.cpp: Abs, Neg, Sqrt, Exp, trig, rounding, Sign, Erf, ...
void registerActivationKernels(
    KernelRegistry& r);  // activation.cpp: Sigmoid, Relu, Elu, Softplus, Shrink, ...
void registerPredicateKernels(KernelRegistry& r);  // predicate.cpp: IsNaN, IsInf, Not

}  // namespace passscope::kernels

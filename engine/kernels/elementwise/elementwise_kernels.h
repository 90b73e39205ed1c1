#pragma once
// Registration functions of the files of the elementwise family, called from
// register_elementwise.cpp (one per small group of related ops).
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerPowKernels(KernelRegistry& r);       // pow.cpp: Pow
void registerVariadicKernels(KernelRegistry& r);  // variadic.cpp: Max, Min, Sum, Mean
void registerBitShiftKernels(KernelRegistry& r);  // bitshift.cpp: BitShift
void registerSelectKernels(KernelRegistry& r);    // select.cpp: Where, Clip, PRelu
void registerCastKernels(KernelRegistry& r);      // cast.cpp: Cast, CastLike
void registerQuantizeKernels(
    KernelRegistry& r);  // quantize.cpp: QuantizeLinear, DequantizeLinear, DynamicQuantizeLinear

}  // namespace passscope::kernels

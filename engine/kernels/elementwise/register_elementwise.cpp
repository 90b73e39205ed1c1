// Registration of the elementwise kernel family. Each kernel lives in a file of this folder
// (arithmetic.cpp registers itself through registerArithmeticKernels).
#include "kernels/elementwise/elementwise_kernels.h"

namespace passscope::kernels {

void registerElementwiseKernels(KernelRegistry& r) {
    registerPowKernels(r);
    registerVariadicKernels(r);
    registerBitShiftKernels(r);
    registerSelectKernels(r);
    registerCastKernels(r);
    registerQuantizeKernels(r);
}

}  // namespace passscope::kernels

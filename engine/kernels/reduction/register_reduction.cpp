// Registration of the reduction kernel family. Each kernel lives in a file of this folder:
// reduce.cpp (Reduce*), arg_minmax.cpp (ArgMax, ArgMin), softmax.cpp (Softmax, LogSoftmax,
// Hardmax).
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerReduceKernels(KernelRegistry& r);
void registerArgMinMaxKernels(KernelRegistry& r);
void registerSoftmaxKernels(KernelRegistry& r);

void registerReductionKernels(KernelRegistry& r) {
    registerReduceKernels(r);
    registerArgMinMaxKernels(r);
    registerSoftmaxKernels(r);
}

}  // namespace passscope::kernels

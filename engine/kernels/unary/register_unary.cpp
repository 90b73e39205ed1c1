// Registration of the unary kernel family. Each kernel lives in a file of this folder.
#include "kernels/unary/unary_kernels.h"

namespace passscope::kernels {

void registerUnaryKernels(KernelRegistry& r) {
    registerMathKernels(r);
    registerActivationKernels(r);
    registerPredicateKernels(r);
}

}  // namespace passscope::kernels

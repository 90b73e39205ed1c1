// Registration of the unary kernel family. Each kernel lives in a file of this folder.
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerUnaryKernels(KernelRegistry& r) { (void)r; }

}  // namespace passscope::kernels

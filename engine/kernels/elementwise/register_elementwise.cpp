// Registration of the elementwise kernel family. Each kernel lives in a file of this folder.
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerElementwiseKernels(KernelRegistry& r) { (void)r; }

}  // namespace passscope::kernels

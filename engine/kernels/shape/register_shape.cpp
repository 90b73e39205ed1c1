// Registration of the shape kernel family. Each kernel lives in a file of this folder.
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerShapeKernels(KernelRegistry& r) { (void)r; }

}  // namespace passscope::kernels

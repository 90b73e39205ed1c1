// Registration of the indexing kernel family. Each kernel lives in a file of this folder.
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerIndexingKernels(KernelRegistry& r) { (void)r; }

}  // namespace passscope::kernels

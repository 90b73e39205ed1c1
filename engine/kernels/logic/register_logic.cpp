// Registration of the logic kernel family. Each kernel lives in a file of this folder.
#include "kernels/logic/logic_kernels.h"

namespace passscope::kernels {

void registerLogicKernels(KernelRegistry& r) {
    registerBooleanKernels(r);
    registerCompareKernels(r);
}

}  // namespace passscope::kernels

#pragma once
// Registration functions of the files of the logic family, called from register_logic.cpp.
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerBooleanKernels(KernelRegistry& r);  // boolean.cpp: And, Or, Xor
void registerCompareKernels(
    KernelRegistry& r);  // compare.cpp: Equal, Less, Greater, LessOrEqual, GreaterOrEqual

}  // namespace passscope::kernels

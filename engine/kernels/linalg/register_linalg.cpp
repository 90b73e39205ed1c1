// Registration of the linalg kernel family. Each kernel lives in a file of this folder:
// matmul.cpp (MatMul, MatMulInteger), gemm.cpp (Gemm), einsum.cpp (Einsum), det.cpp (Det);
// matmul_core.h holds the shared matrix product.
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerMatMulKernels(KernelRegistry& r);
void registerGemmKernels(KernelRegistry& r);
void registerEinsumKernels(KernelRegistry& r);
void registerDetKernels(KernelRegistry& r);

void registerLinalgKernels(KernelRegistry& r) {
    registerMatMulKernels(r);
    registerGemmKernels(r);
    registerEinsumKernels(r);
    registerDetKernels(r);
}

}  // namespace passscope::kernels

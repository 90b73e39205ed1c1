// Registration of the nn kernel family. Each kernel lives in a file of this folder:
// conv.cpp (Conv, ConvInteger, QLinearConv, ConvTranspose), pool.cpp (MaxPool, AveragePool,
// LpPool, Global*Pool), normalization.cpp (BatchNormalization, InstanceNormalization,
// LayerNormalization, LRN, MeanVarianceNormalization), loss.cpp (NegativeLogLikelihoodLoss,
// SoftmaxCrossEntropyLoss), resize.cpp (Resize), qlinear_matmul.cpp (QLinearMatMul);
// spatial.h holds the window geometry shared by convolution and pooling.
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerConvKernels(KernelRegistry& r);
void registerPoolKernels(KernelRegistry& r);
void registerNormalizationKernels(KernelRegistry& r);
void registerLossKernels(KernelRegistry& r);
void registerResizeKernels(KernelRegistry& r);
void registerQLinearMatMulKernels(KernelRegistry& r);

void registerNnKernels(KernelRegistry& r) {
    registerConvKernels(r);
    registerPoolKernels(r);
    registerNormalizationKernels(r);
    registerLossKernels(r);
    registerResizeKernels(r);
    registerQLinearMatMulKernels(r);
}

}  // namespace passscope::kernels

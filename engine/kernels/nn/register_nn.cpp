// Registration of the nn kernel family. Each kernel lives in a file of this folder:
// conv.cpp (Conv, ConvInteger, QLinearConv, ConvTranspose), pool.cpp (MaxPool, AveragePool,
// LpPool, Global*Pool), normalization.cpp (BatchNormalization, InstanceNormalization,
// LayerNormalization, LRN, MeanVarianceNormalization), recurrent.cpp (RNN, GRU, LSTM), loss.cpp
// (NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss), resize.cpp (Resize), qlinear_matmul.cpp
// (QLinearMatMul), max_unpool.cpp (MaxUnpool), non_max_suppression.cpp (NonMaxSuppression), grid_sample.cpp
// (GridSample); spatial.h holds the window geometry shared by convolution and pooling.
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerConvKernels(KernelRegistry& r);
void registerPoolKernels(KernelRegistry& r);
void registerNormalizationKernels(KernelRegistry& r);
void registerRecurrentKernels(KernelRegistry& r);
void registerLossKernels(KernelRegistry& r);
void registerResizeKernels(KernelRegistry& r);
void registerQLinearMatMulKernels(KernelRegistry& r);
void registerMaxUnpoolKernels(KernelRegistry& r);
void registerNonMaxSuppressionKernels(KernelRegistry& r);
void registerGridSampleKernels(KernelRegistry& r);

void registerNnKernels(KernelRegistry& r) {
    registerConvKernels(r);
    registerPoolKernels(r);
    registerNormalizationKernels(r);
    registerRecurrentKernels(r);
    registerLossKernels(r);
    registerResizeKernels(r);
    registerQLinearMatMulKernels(r);
    registerMaxUnpoolKernels(r);
    registerNonMaxSuppressionKernels(r);
    registerGridSampleKernels(r);
}

}  // namespace passscope::kernels

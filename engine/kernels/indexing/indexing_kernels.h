#pragma once
// Kernels of the indexing family, registered with their opset ranges in register_indexing.cpp.
#include "kernels/kernel.h"

namespace passscope::kernels::indexing_ops {

// gather.cpp
KernelResult gather(const KernelContext& ctx);
KernelResult gatherElements(const KernelContext& ctx);
KernelResult gatherND(const KernelContext& ctx);

// scatter.cpp
KernelResult scatterElements(const KernelContext& ctx);  // also the deprecated Scatter
KernelResult scatterND(const KernelContext& ctx);

// select.cpp
KernelResult compress(const KernelContext& ctx);
KernelResult nonZero(const KernelContext& ctx);
KernelResult reverseSequence(const KernelContext& ctx);

// sort.cpp
KernelResult unique(const KernelContext& ctx);
KernelResult topK(const KernelContext& ctx);

// cumsum.cpp
KernelResult cumSum(const KernelContext& ctx);

}  // namespace passscope::kernels::indexing_ops

#pragma once
// How folding runs a host kernel, and what it makes of an exception. A deliberate refusal
// (kernels::KernelError: a rank, axis or dtype the kernel does not take) and running out of
// memory are results: the node stays unfolded with the reason. Anything else a kernel throws
// (std::out_of_range, std::logic_error, ...) is a bug in the kernel, not a property of the model,
// and must not pass as "unsupported": it fails the run with KernelFailure naming the op and node.
#include "kernels/kernel.h"

namespace passscope::folding {

kernels::KernelResult evaluateKernel(kernels::KernelFn fn, const kernels::KernelContext& ctx);

}  // namespace passscope::folding

#pragma once
// Kernels of the shape family, registered with their opset ranges in register_shape.cpp.
#include "kernels/kernel.h"

namespace passscope::kernels::shape_ops {

// generate.cpp: tensors made from attributes and shapes.
KernelResult constant(const KernelContext& ctx);
KernelResult constantOfShape(const KernelContext& ctx);
KernelResult range(const KernelContext& ctx);
KernelResult eyeLike(const KernelContext& ctx);
KernelResult oneHot(const KernelContext& ctx);

// views.cpp: same elements, new shape (or the shape itself as data).
KernelResult identity(const KernelContext& ctx);
KernelResult shape(const KernelContext& ctx);
KernelResult size(const KernelContext& ctx);
KernelResult reshape(const KernelContext& ctx);
KernelResult squeeze(const KernelContext& ctx);
KernelResult unsqueeze(const KernelContext& ctx);
KernelResult flatten(const KernelContext& ctx);
KernelResult dropout(const KernelContext& ctx);

// layout.cpp: element permutations and masks.
KernelResult transpose(const KernelContext& ctx);
KernelResult depthToSpace(const KernelContext& ctx);
KernelResult spaceToDepth(const KernelContext& ctx);
KernelResult trilu(const KernelContext& ctx);

// join_split.cpp
KernelResult concat(const KernelContext& ctx);
KernelResult split(const KernelContext& ctx);

// slice_pad.cpp
KernelResult slice(const KernelContext& ctx);
KernelResult pad(const KernelContext& ctx);

// replicate.cpp
KernelResult expand(const KernelContext& ctx);
KernelResult tile(const KernelContext& ctx);
KernelResult upsample(const KernelContext& ctx);

}  // namespace passscope::kernels::shape_ops

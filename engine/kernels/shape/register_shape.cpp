// Registration of the shape kernel family. Each kernel lives in a file of this folder
// (declared in shape_kernels.h); the opset ranges are those whose ONNX semantics the kernel
// implements — each kernel reads ctx.opset() where an attribute became an input.
#include "kernels/kernel_registry.h"
#include "kernels/shape/shape_kernels.h"

namespace passscope::kernels {

void registerShapeKernels(KernelRegistry& r) {
    using namespace shape_ops;
    // generate.cpp
    r.add("", "Constant", 1, 0, constant);
    r.add("", "ConstantOfShape", 9, 0, constantOfShape);
    r.add("", "Range", 11, 0, range);
    r.add("", "EyeLike", 9, 0, eyeLike);
    r.add("", "OneHot", 9, 0, oneHot);
    // views.cpp
    r.add("", "Identity", 1, 0, identity);
    r.add("", "Shape", 1, 0, shape);  // start/end from 15
    r.add("", "Size", 1, 0, size);
    r.add("", "Reshape", 1, 0, reshape);      // shape attribute before 5, allowzero from 14
    r.add("", "Squeeze", 1, 0, squeeze);      // axes input from 13
    r.add("", "Unsqueeze", 1, 0, unsqueeze);  // axes input from 13
    r.add("", "Flatten", 1, 0, flatten);
    r.add("", "Dropout", 1, 0, dropout);  // inference only (training with ratio > 0 is random)
    // layout.cpp
    r.add("", "Transpose", 1, 0, transpose);
    r.add("", "DepthToSpace", 1, 0, depthToSpace);  // mode from 11
    r.add("", "SpaceToDepth", 1, 0, spaceToDepth);
    r.add("", "Trilu", 14, 0, trilu);
    // join_split.cpp
    r.add("", "Concat", 1, 0, concat);
    r.add("", "Split", 1, 0, split);  // split input from 13, num_outputs from 18
    // slice_pad.cpp
    r.add("", "Slice", 1, 0, slice);  // inputs from 10
    r.add("", "Pad", 1, 0, pad);      // inputs from 11, axes from 18, wrap from 19
    // replicate.cpp
    r.add("", "Expand", 8, 0, expand);
    r.add("", "Tile", 1, 0, tile);          // (tiles, axis) inputs before 6
    r.add("", "Upsample", 7, 9, upsample);  // nearest only
}

}  // namespace passscope::kernels

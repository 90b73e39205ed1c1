// Registration of the indexing kernel family. Each kernel lives in a file of this folder
// (declared in indexing_kernels.h); the opset ranges are those whose ONNX semantics the kernel
// implements — each kernel reads ctx.opset() where an attribute became an input.
#include "kernels/indexing/indexing_kernels.h"
#include "kernels/kernel_registry.h"

namespace passscope::kernels {

void registerIndexingKernels(KernelRegistry& r) {
    using namespace indexing_ops;
    // gather.cpp
    r.add("", "Gather", 1, 0, gather);
    r.add("", "GatherElements", 11, 0, gatherElements);
    r.add("", "GatherND", 11, 0, gatherND);  // batch_dims from 12
    // scatter.cpp
    r.add("", "Scatter", 9, 11, scatterElements);          // deprecated at 11, no reduction
    r.add("", "ScatterElements", 11, 0, scatterElements);  // reduction add/mul from 16, min/max from 18
    r.add("", "ScatterND", 11, 0, scatterND);              // reduction add/mul from 16, min/max from 18
    // select.cpp
    r.add("", "Compress", 9, 0, compress);
    r.add("", "NonZero", 9, 0, nonZero);
    r.add("", "ReverseSequence", 10, 0, reverseSequence);
    // sort.cpp
    r.add("", "Unique", 11, 0, unique);
    r.add("", "TopK", 1, 0, topK);  // k input from 10, largest/sorted from 11
    // cumsum.cpp
    r.add("", "CumSum", 11, 0, cumSum);
}

}  // namespace passscope::kernels

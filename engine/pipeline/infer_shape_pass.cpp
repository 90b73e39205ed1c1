#include "pipeline/infer_shape_pass.h"

#include "io/onnx_check.h"

namespace passscope {

bool InferShapePass::run(Graph&, PassContext& ctx) {
    Diagnostics diag;
    io::inferShapes(model_, diag);
    for (std::string& w : diag.warnings) ctx.warn(std::move(w));
    return false;  // descriptions only: never a reason to iterate again
}

}  // namespace passscope

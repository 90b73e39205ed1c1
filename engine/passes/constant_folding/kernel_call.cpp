#include "passes/constant_folding/kernel_call.h"

#include <new>

#include "pipeline/pipeline_error.h"

namespace passscope::folding {

kernels::KernelResult evaluateKernel(kernels::KernelFn fn, const kernels::KernelContext& ctx) {
    try {
        return fn(ctx);
    } catch (const kernels::AttributeError& e) {  // a wrong-typed attribute: refused, never defaulted
        return kernels::KernelResult::refused(e.what());
    } catch (const kernels::KernelError& e) {
        return kernels::KernelResult::unsupported(e.what());
    } catch (const std::bad_alloc&) {
        return kernels::KernelResult::unsupported("out of memory while computing");
    } catch (const std::exception& e) {
        throw KernelFailure(ctx.node().opType(), ctx.node().displayName(), e.what());
    }
}

}  // namespace passscope::folding

#pragma once
// Kernels by (domain, op type, opset range). Kernel families register themselves through one
// function each, called from builtin_kernels.cpp, so the full list is readable in one place and
// no static-initialisation trick is lost by the linker.
#include <map>
#include <string>
#include <vector>

#include "kernels/kernel.h"

namespace passscope::kernels {

// Ops that must never be folded whatever their inputs: results differ from run to run
// (docs/peer-tools.md §5, "What the peers refuse to fold").
bool isNonDeterministic(const std::string& domain, const std::string& opType);

class KernelRegistry {
  public:
    // The registry with every built-in kernel.
    static const KernelRegistry& builtin();

    // opset range is inclusive; maxOpset 0 means "no upper bound".
    void add(const std::string& domain, const std::string& opType, int64_t minOpset, int64_t maxOpset,
             KernelFn fn);
    // nullptr when no kernel covers this op at this opset.
    KernelFn find(const std::string& domain, const std::string& opType, int64_t opset) const;
    bool knows(const std::string& domain, const std::string& opType) const;
    std::vector<std::string> opTypes() const;

  private:
    struct Entry {
        int64_t minOpset;
        int64_t maxOpset;
        KernelFn fn;
    };
    std::map<std::pair<std::string, std::string>, std::vector<Entry>> entries_;
};

// One per kernel family (kernels/<family>/*.cpp).
void registerArithmeticKernels(KernelRegistry& r);  // elementwise/arithmetic.cpp
void registerElementwiseKernels(KernelRegistry& r);
void registerUnaryKernels(KernelRegistry& r);
void registerLogicKernels(KernelRegistry& r);
void registerShapeKernels(KernelRegistry& r);
void registerIndexingKernels(KernelRegistry& r);
void registerReductionKernels(KernelRegistry& r);
void registerLinalgKernels(KernelRegistry& r);
void registerNnKernels(KernelRegistry& r);
void registerFormatKernels(KernelRegistry& r);  // format/transdata.cpp (GE domain)

}  // namespace passscope::kernels

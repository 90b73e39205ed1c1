#include "kernels/kernel_registry.h"

#include "ir/op_traits.h"

namespace passscope::kernels {
namespace {

std::string canonicalDomain(const std::string& d) {
    return std::string(op::canonicalDomain(d));
}

}  // namespace

// Families registered from one file each (no header: only builtin() calls them).
void registerWindowKernels(KernelRegistry& r);    // signal/windows.cpp
void registerSpectralKernels(KernelRegistry& r);  // signal/spectral.cpp: DFT, STFT, MelWeightMatrix
void registerRoiAlignKernels(KernelRegistry& r);  // nn/roi_align.cpp
void registerTfIdfKernels(KernelRegistry& r);     // text/tfidf_vectorizer.cpp
void registerTextKernels(KernelRegistry& r);      // text/string_normalizer.cpp
void registerTrainingKernels(KernelRegistry& r);  // training/optimizers.cpp

bool isNonDeterministic(const std::string& domain, const std::string& opType) {
    return op::isRandom(opType, domain);
}

const KernelRegistry& KernelRegistry::builtin() {
    static const KernelRegistry registry = [] {
        KernelRegistry r;
        registerArithmeticKernels(r);
        registerElementwiseKernels(r);
        registerUnaryKernels(r);
        registerLogicKernels(r);
        registerShapeKernels(r);
        registerIndexingKernels(r);
        registerReductionKernels(r);
        registerLinalgKernels(r);
        registerNnKernels(r);
        registerFormatKernels(r);
        registerWindowKernels(r);
        registerSpectralKernels(r);
        registerRoiAlignKernels(r);
        registerTfIdfKernels(r);
        registerTextKernels(r);
        registerTrainingKernels(r);
        return r;
    }();
    return registry;
}

void KernelRegistry::add(const std::string& domain, const std::string& opType, int64_t minOpset,
                         int64_t maxOpset, KernelFn fn) {
    entries_[{canonicalDomain(domain), opType}].push_back(Entry{minOpset, maxOpset, fn});
}

KernelFn KernelRegistry::find(const std::string& domain, const std::string& opType, int64_t opset) const {
    auto it = entries_.find({canonicalDomain(domain), opType});
    if (it == entries_.end()) return nullptr;
    for (const Entry& e : it->second)
        if (opset >= e.minOpset && (e.maxOpset == 0 || opset <= e.maxOpset)) return e.fn;
    return nullptr;
}

bool KernelRegistry::knows(const std::string& domain, const std::string& opType) const {
    return entries_.count({canonicalDomain(domain), opType}) > 0;
}

std::vector<std::string> KernelRegistry::opTypes() const {
    std::vector<std::string> out;
    for (const auto& [key, _] : entries_)
        out.push_back(key.first.empty() ? key.second : key.first + "::" + key.second);
    return out;
}

}  // namespace passscope::kernels

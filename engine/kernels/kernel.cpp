#include "kernels/kernel.h"

#include <new>

namespace passscope::kernels {

int64_t KernelContext::attrInt(std::string_view name, int64_t fallback) const { return node_.attrInt(name, fallback); }

double KernelContext::attrFloat(std::string_view name, double fallback) const {
    const Attribute* a = node_.findAttr(name);
    if (!a) return fallback;
    if (const auto* v = std::get_if<double>(&a->value)) return *v;
    if (const auto* v = std::get_if<int64_t>(&a->value)) return static_cast<double>(*v);
    return fallback;
}

std::string KernelContext::attrString(std::string_view name, const std::string& fallback) const {
    const Attribute* a = node_.findAttr(name);
    if (!a) return fallback;
    if (const auto* v = std::get_if<std::string>(&a->value)) return *v;
    return fallback;
}

std::vector<int64_t> KernelContext::attrInts(std::string_view name, const std::vector<int64_t>& fallback) const {
    const Attribute* a = node_.findAttr(name);
    if (!a) return fallback;
    if (const auto* v = std::get_if<std::vector<int64_t>>(&a->value)) return *v;
    return fallback;
}

std::vector<double> KernelContext::attrFloats(std::string_view name, const std::vector<double>& fallback) const {
    const Attribute* a = node_.findAttr(name);
    if (!a) return fallback;
    if (const auto* v = std::get_if<std::vector<double>>(&a->value)) return *v;
    return fallback;
}

std::vector<std::string> KernelContext::attrStrings(std::string_view name) const {
    const Attribute* a = node_.findAttr(name);
    if (!a) return {};
    if (const auto* v = std::get_if<std::vector<std::string>>(&a->value)) return *v;
    return {};
}

KernelResult runKernel(KernelFn fn, const KernelContext& ctx) {
    try {
        return fn(ctx);
    } catch (const KernelError& e) {
        return KernelResult::unsupported(e.what());
    } catch (const std::bad_alloc&) {
        return KernelResult::unsupported("out of memory while computing");
    } catch (const std::exception& e) {
        return KernelResult::unsupported(std::string("kernel failed: ") + e.what());
    }
}

}  // namespace passscope::kernels

#include "kernels/kernel.h"

#include <new>

namespace passscope::kernels {

namespace {

[[noreturn]] void wrongType(const Node& node, std::string_view name, const Attribute& a, AttrKind want) {
    throw AttributeError("attribute '" + std::string(name) + "' of " + node.opType() + " is of type " +
                         std::string(attrKindName(a.kind)) + ", where " + std::string(attrKindName(want)) +
                         " is expected; the node is not computed with a default in its place");
}

// The value of attribute `name` as T, nullptr when absent; throws AttributeError when it is
// there with another type.
template <typename T>
const T* typed(const Node& node, std::string_view name, AttrKind want) {
    const Attribute* a = node.findAttr(name);
    if (!a) return nullptr;
    const T* v = std::get_if<T>(&a->value);
    if (a->kind != want || !v) wrongType(node, name, *a, want);
    return v;
}

}  // namespace

int64_t KernelContext::attrInt(std::string_view name, int64_t fallback) const {
    const int64_t* v = typed<int64_t>(node_, name, AttrKind::Int);
    return v ? *v : fallback;
}

double KernelContext::attrFloat(std::string_view name, double fallback) const {
    const Attribute* a = node_.findAttr(name);
    if (a && a->kind == AttrKind::Int)
        if (const auto* i = std::get_if<int64_t>(&a->value)) return static_cast<double>(*i);
    const double* v = typed<double>(node_, name, AttrKind::Float);
    return v ? *v : fallback;
}

std::string KernelContext::attrString(std::string_view name, const std::string& fallback) const {
    const std::string* v = typed<std::string>(node_, name, AttrKind::String);
    return v ? *v : fallback;
}

std::vector<int64_t> KernelContext::attrInts(std::string_view name,
                                             const std::vector<int64_t>& fallback) const {
    const auto* v = typed<std::vector<int64_t>>(node_, name, AttrKind::Ints);
    return v ? *v : fallback;
}

std::vector<double> KernelContext::attrFloats(std::string_view name,
                                              const std::vector<double>& fallback) const {
    const auto* v = typed<std::vector<double>>(node_, name, AttrKind::Floats);
    return v ? *v : fallback;
}

std::vector<std::string> KernelContext::attrStrings(std::string_view name) const {
    const auto* v = typed<std::vector<std::string>>(node_, name, AttrKind::Strings);
    return v ? *v : std::vector<std::string>{};
}

KernelResult runKernel(KernelFn fn, const KernelContext& ctx) {
    try {
        return fn(ctx);
    } catch (const AttributeError& e) {
        return KernelResult::refused(e.what());
    } catch (const KernelError& e) {
        return KernelResult::unsupported(e.what());
    } catch (const std::bad_alloc&) {
        return KernelResult::unsupported("out of memory while computing");
    } catch (const std::exception& e) {
        return KernelResult::unsupported(std::string("kernel failed: ") + e.what());
    }
}

}  // namespace passscope::kernels

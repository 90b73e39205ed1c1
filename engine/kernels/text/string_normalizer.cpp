// StringNormalizer (opset 10) on a [C] or [1, C] string tensor: drops the stopwords (compared
// exactly, or case-insensitively when is_case_sensitive is 0), then applies case_change_action
// (NONE, LOWER, UPPER). When every element is dropped the output is one empty string, [1] or
// [1, 1], as the spec says. Case changes are ASCII: the locale attribute is not consulted.
#include <algorithm>
#include <cctype>
#include <set>

#include "kernels/kernel_registry.h"
#include "kernels/tensor_util.h"

namespace passscope::kernels {
namespace {

std::string changeCase(std::string s, bool upper) {
    for (char& ch : s) {
        const auto u = static_cast<unsigned char>(ch);
        ch = static_cast<char>(upper ? std::toupper(u) : std::tolower(u));
    }
    return s;
}

KernelResult stringNormalizer(const KernelContext& ctx) {
    if (!ctx.hasInput(0)) throw KernelError("X is missing");
    const Tensor& x = ctx.input(0);
    if (x.dtype() != DataType::String) throw KernelError("X must be a string tensor");
    const auto& dims = x.dims();
    const bool twoDim = dims.size() == 2;
    if (!(dims.size() == 1 || (twoDim && dims[0] == 1))) throw KernelError("X must be [C] or [1, C]");
    const std::string action = ctx.attrString("case_change_action", "NONE");
    if (action != "NONE" && action != "LOWER" && action != "UPPER")
        throw KernelError("unknown case_change_action " + action);
    const bool caseSensitive = ctx.attrInt("is_case_sensitive", 0) != 0;
    std::set<std::string> stopwords;
    for (const std::string& w : ctx.attrStrings("stopwords"))
        stopwords.insert(caseSensitive ? w : changeCase(w, false));
    std::vector<std::string> out;
    for (const std::string& s : x.strings()) {
        if (stopwords.count(caseSensitive ? s : changeCase(s, false))) continue;
        out.push_back(action == "NONE" ? s : changeCase(s, action == "UPPER"));
    }
    if (out.empty()) out.emplace_back();
    const auto n = static_cast<int64_t>(out.size());
    return KernelResult::ok(
        Tensor(twoDim ? std::vector<int64_t>{1, n} : std::vector<int64_t>{n}, std::move(out)));
}

}  // namespace

void registerTextKernels(KernelRegistry& r) {
    r.add("", "StringNormalizer", 10, 0, stringNormalizer);
}

}  // namespace passscope::kernels

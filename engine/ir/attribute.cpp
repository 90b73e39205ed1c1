#include "ir/attribute.h"

#include <array>

namespace passscope {

std::string_view attrKindName(AttrKind kind) {
    static constexpr std::array<std::string_view, 14> kNames{
        "float",  "int",  "string",  "tensor",  "graph",  "sparse_tensor",  "type_proto",
        "floats", "ints", "strings", "tensors", "graphs", "sparse_tensors", "type_protos"};
    return kNames[static_cast<size_t>(kind)];
}

std::vector<Graph*> Attribute::graphs() const {
    std::vector<Graph*> out;
    if (const auto* g = std::get_if<GraphPtr>(&value)) {
        if (*g) out.push_back(g->get());
    } else if (const auto* gs = std::get_if<std::vector<GraphPtr>>(&value)) {
        for (const GraphPtr& p : *gs)
            if (p) out.push_back(p.get());
    }
    return out;
}

}  // namespace passscope

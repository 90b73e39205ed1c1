#include "passes/variable/var_nodes.h"

#include "ir/op_types.h"

namespace passscope::variable {

const Node* variableOf(const Graph& g, const ValueRef& ref) {
    if (!ref.valid() || ref.depth != 0) return nullptr;
    const Node* p = g.findNode(ref.node);
    return p && op::isVariable(*p) ? p : nullptr;
}

std::string varRefName(const std::string& variable, const std::string& writer, size_t index) {
    return variable + "_TO_" + writer + "_REF_" + std::to_string(index);
}

std::string refIdentityName(const std::string& producer, size_t output, const std::string& node,
                            size_t input) {
    return "RefIdentity_" + producer + "_" + std::to_string(output) + "_TO_" + node + "_" +
           std::to_string(input);
}

}  // namespace passscope::variable

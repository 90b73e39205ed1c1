#include "passes/variable/var_nodes.h"

#include "ir/op_types.h"
#include "vars/var_memory_plan.h"

namespace passscope::variable {
namespace {

bool isGeVariableType(const Node& n) {
    return n.domain() == op::kGeDomain && (n.opType() == op::kVariable || n.opType() == op::kVarRef);
}

}  // namespace

bool isVariableOp(const Node& n) {
    return n.domain() == op::kGeDomain && n.opType() == op::kVariable &&
           !n.hasAttr(varattr::kRefVarSrcVarName);
}

bool isDataVariable(const Node& n) {
    return n.opType() == op::kData && n.domain().empty() && n.attrTensor(op::attr::kValue) &&
           n.hasAttr(op::attr::kOverridable);
}

bool isVariable(const Node& n) {
    return isVariableOp(n) || isDataVariable(n);
}

bool isVarRef(const Node& n) {
    return isGeVariableType(n) && n.hasAttr(varattr::kRefVarSrcVarName);
}

std::string refSource(const Node& n) {
    if (!isVarRef(n)) return {};
    const auto* s = std::get_if<std::string>(&n.findAttr(varattr::kRefVarSrcVarName)->value);
    return s ? *s : std::string();
}

const Node* variableOf(const Graph& g, const ValueRef& ref) {
    if (!ref.valid() || ref.depth != 0) return nullptr;
    const Node* p = g.findNode(ref.node);
    return p && isVariable(*p) ? p : nullptr;
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

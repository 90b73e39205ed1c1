#include "ir/node_attributes.h"

#include "ir/op_traits.h"
#include "ir/op_types.h"

namespace passscope::op {
namespace {

// A flag attribute that is set: an int other than 0, or any value of another kind.
bool flagSet(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    if (!a) return false;
    if (const auto* i = std::get_if<int64_t>(&a->value)) return *i != 0;
    return true;
}

}  // namespace

bool isFoldedConstant(const Node& n) {
    return n.hasAttr(attr::kFoldedFrom) || flagSet(n, attr::kIsFromConstantFolding);
}

bool isPotentialConst(const Node& n) {
    return n.attrInt(attr::kPotentialConst, 0) != 0;
}

std::string potentialConstSource(const Node& n) {
    return n.attrString(attr::kSourcePassOfPotentialConst);
}

bool isVariableOp(const Node& n) {
    return isVariableType(n.opType(), n.domain()) && n.opType() == kVariable &&
           !n.hasAttr(attr::kRefVarSrcVarName);
}

bool isDataVariable(const Node& n) {
    return isData(n.opType(), n.domain()) && n.attrTensor(attr::kValue) && n.hasAttr(attr::kOverridable);
}

bool isVariable(const Node& n) {
    return isVariableOp(n) || isDataVariable(n);
}

bool isVarRef(const Node& n) {
    return isVariableType(n.opType(), n.domain()) && n.hasAttr(attr::kRefVarSrcVarName);
}

bool refersToVariable(const Node& n) {
    return isVarRef(n) || (isVariableType(n.opType(), n.domain()) && n.opType() == kVarRef);
}

std::string refSource(const Node& n) {
    return isVarRef(n) ? n.attrString(attr::kRefVarSrcVarName) : std::string();
}

}  // namespace passscope::op

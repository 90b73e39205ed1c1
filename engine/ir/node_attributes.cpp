#include "ir/node_attributes.h"

#include "ir/op_traits.h"
#include "ir/op_types.h"

namespace passscope::op {
namespace {

// The one rule of the flags (node_attributes.h): a number other than 0, or a value of another kind.
bool flagSet(const Node& n, std::string_view name) {
    const Attribute* a = n.findAttr(name);
    if (!a) return false;
    if (const auto* i = std::get_if<int64_t>(&a->value)) return *i != 0;
    if (const auto* f = std::get_if<double>(&a->value)) return *f != 0.0;
    return true;
}

}  // namespace

bool isFoldedConstant(const Node& n) {
    return n.hasAttr(attr::kFoldedFrom) || flagSet(n, attr::kIsFromConstantFolding);
}

// GE's ATTR_NAME_DO_NOT_CONSTANT_FOLDING; PassScope's --no-fold and the GUI set it too.
bool doNotFold(const Node& n) {
    return flagSet(n, attr::kDoNotConstantFolding);
}

bool isPotentialConst(const Node& n) {
    return flagSet(n, attr::kPotentialConst);
}

std::string potentialConstSource(const Node& n) {
    return n.attrString(attr::kSourcePassOfPotentialConst);
}

// GE's ATTR_NO_NEED_CONSTANT_FOLDING.
bool noNeedFolding(const Node& n) {
    return flagSet(n, attr::kNoNeedConstantFolding);
}

bool isVariableOp(const Node& n) {
    return isVariableType(n.opType(), n.domain()) && n.opType() == kVariable &&
           !n.hasAttr(attr::kRefVarSrcVarName);
}

// The importer's mark on a graph input that also has an initializer (ONNX IR >= 4).
bool isOverridableInitializer(const Node& n) {
    return flagSet(n, attr::kOverridable);
}

bool isDataVariable(const Node& n) {
    return isData(n.opType(), n.domain()) && n.attrTensor(attr::kValue) && isOverridableInitializer(n);
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

#pragma once
// What the variable passes (docs/ge-variables.md §2, §6) share: the variable a value is read from,
// and the names GE gives the nodes these passes create. Which nodes are variables (GE's Variable
// op, and at target ge a Data node holding an overridable initializer) and which are VarRefs is
// told by ir/node_attributes.h.
#include <string>

#include "ir/graph.h"
#include "ir/node_attributes.h"

namespace passscope::variable {

// The variable `ref`'s producer is, or null (a depth-0 ref to a variable node).
const Node* variableOf(const Graph& g, const ValueRef& ref);

// GE's names: "<var>_TO_<writer>_REF_<index>" for a VarRef (AddVariableRef / InsertVariableRef),
// "RefIdentity_<producer>_<output>_TO_<node>_<input>" for a RefIdentity.
std::string varRefName(const std::string& variable, const std::string& writer, size_t index);
std::string refIdentityName(const std::string& producer, size_t output, const std::string& node,
                            size_t input);

}  // namespace passscope::variable

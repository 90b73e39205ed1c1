#pragma once
// What the variable passes (docs/ge-variables.md §2, §6) share: which nodes are variables (GE's
// Variable op, and at target ge a Data node holding an overridable initializer), which are VarRefs
// (a node of the variable's op type naming its source in `ref_var_src_var_name`), and the names
// GE gives the nodes these passes create.
#include <string>

#include "ir/graph.h"

namespace passscope::variable {

// VariableRefDeleteOpPass: on a writer, one entry per output, the variable that output writes
// ("" for none) — GE sets REF_VAR_SRC_VAR_NAME on the writer's output desc; PassScope keeps the
// entries in one string-list node attribute.
inline constexpr std::string_view kOutputRefVarSrcVarName = "_output_ref_var_src_var_name";

// GE's Variable op (domain ai.passscope.ge) that is not a VarRef.
bool isVariableOp(const Node& n);
// A graph input with an initializer (`value` + `_is_overridable_initializer`): a variable at
// target ge (docs/ge-variables.md §2).
bool isDataVariable(const Node& n);
// Either kind of variable. The node's name is the variable's name.
bool isVariable(const Node& n);
// A VarRef: a GE Variable (or VarRef) op carrying `ref_var_src_var_name`.
bool isVarRef(const Node& n);
// The variable a VarRef refers to ("" when `n` is none).
std::string refSource(const Node& n);
// The variable `ref`'s producer is, or null (a depth-0 ref to a variable node).
const Node* variableOf(const Graph& g, const ValueRef& ref);

// GE's names: "<var>_TO_<writer>_REF_<index>" for a VarRef (AddVariableRef / InsertVariableRef),
// "RefIdentity_<producer>_<output>_TO_<node>_<input>" for a RefIdentity.
std::string varRefName(const std::string& variable, const std::string& writer, size_t index);
std::string refIdentityName(const std::string& producer, size_t output, const std::string& node,
                            size_t input);

}  // namespace passscope::variable

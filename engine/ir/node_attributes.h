#pragma once
// The attributes the passes write on nodes and everything else reads (the views, the memory plan,
// the exporters), with the predicates over them: the one home of their names. The passes that
// write them (folding.h, var_nodes.h) and the memory plan (var_memory_plan.h) use these names;
// the views read them here rather than from a pass's header (docs/architecture.md §6.1).
#include <string>
#include <string_view>

#include "ir/node.h"

namespace passscope::op {

namespace attr {
// Potential constants (docs/ge-constant-folding.md §5): the mark, the cached weights and their
// indices, and the pass that marked the node (only that pass may change the mark).
inline constexpr std::string_view kPotentialConst = "_is_potential_const";
inline constexpr std::string_view kPotentialWeight = "_potential_weight";
inline constexpr std::string_view kPotentialWeightIndices = "_potential_weight_indices";
inline constexpr std::string_view kSourcePassOfPotentialConst = "_source_pass_of_potential_const";
// On Consts made by folding: the original nodes they were computed from (docs/ge-constant-folding.md §6).
inline constexpr std::string_view kFoldedFrom = "_folded_from";
// Written by PassScope before descriptions carried the sub-format (TensorDesc::storageSubFormat) on a
// Const folded from a grouped FRACTAL_Z TransData: its groups. Only read now, from older files.
inline constexpr std::string_view kStorageGroups = "_storage_groups";
// REF_VAR_SRC_VAR_NAME (GE's ge_attr_define.h): on a VarRef (and on GE's Variable copies standing
// for one) the name of the variable it refers to. AssignStaticMemory2Node skips such nodes; they
// take the source variable's address afterwards (AssignVarAttr2Nodes).
inline constexpr std::string_view kRefVarSrcVarName = "ref_var_src_var_name";
// What VariableRefDeleteOpPass leaves on the writer once the VarRef is gone: a string list, one
// entry per output, naming the variable that output writes in place ("" where none) — GE sets
// REF_VAR_SRC_VAR_NAME on the writer's output desc. The output is given that variable's address.
inline constexpr std::string_view kOutputRefVarSrcVarName = "_output_ref_var_src_var_name";
// A TransData's (and ReFormat's) formats, as GE names them (docs/ge-formats.md §5): written by
// TransDataInsertionPass and the variable passes, read by the format passes, the TransData kernel,
// the logical layout and the properties panel.
inline constexpr std::string_view kSrcFormat = "src_format";
inline constexpr std::string_view kDstFormat = "dst_format";
}  // namespace attr

// The flags (docs/ge-constant-folding.md §6): one predicate each, under one rule: a flag is
// set when the attribute is there with a number other than 0, or with a value of another kind
// (GE writes bools, which ONNX has not; a file may carry them as any type).
// _do_not_constant_folding: the user's (or a GE graph's) "leave this node alone".
bool doNotFold(const Node& n);
// no_need_constant_folding: GE's mark on a node that folding need not look at (a Tile made by
// DecomposeLargeConstPass); also kept by IdentityPass.
bool noNeedFolding(const Node& n);
// _is_overridable_initializer: a graph input with a default that callers may override, so not a
// constant (docs/peer-tools.md §5).
bool isOverridableInitializer(const Node& n);

// A Const made by folding (it names what it was computed from, or carries GE's
// _is_from_constant_folding).
bool isFoldedConstant(const Node& n);

// A potential constant (docs/ge-constant-folding.md §5), and the pass that marked it ("" for none).
bool isPotentialConst(const Node& n);
std::string potentialConstSource(const Node& n);

// Variables (docs/ge-variables.md §2, §6).
// GE's Variable op (domain ai.passscope.ge) that is not a VarRef.
bool isVariableOp(const Node& n);
// A graph input with an initializer (`value` + `_is_overridable_initializer`): a variable at
// target ge (docs/ge-variables.md §2).
bool isDataVariable(const Node& n);
// Either kind of variable. The node's name is the variable's name.
bool isVariable(const Node& n);
// A VarRef: a GE Variable (or VarRef) op carrying `ref_var_src_var_name`.
bool isVarRef(const Node& n);
// A node that owns no variable memory of its own and takes its source's address: a VarRef, or a
// GE VarRef op even without its source's name (AssignStaticMemory2Node).
bool refersToVariable(const Node& n);
// The variable a VarRef refers to ("" when `n` is none).
std::string refSource(const Node& n);

}  // namespace passscope::op

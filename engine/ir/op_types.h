#pragma once
// Op types the engine itself uses. Graph inputs, outputs and initializers become GE-style nodes
// (Data, NetOutput, Const, FileConstant) so every value has a producer. GE-internal ops that
// survive into an exported ONNX model live in one custom domain, documented in the README.
#include <string_view>

#include "ir/op_traits.h"

namespace passscope::op {

// The ONNX domain of GE-internal ops (TransData, ReFormat, Variable, VarRef, Assign, ...).
inline constexpr std::string_view kGeDomain = "ai.passscope.ge";
inline constexpr int kGeDomainVersion = 1;

// ONNX ops that read or write a tensor held in a device layout (NC1HWC0, FRACTAL_Z, FRACTAL_NZ),
// as an export at target ge writes them (docs/ge-formats.md §8): the same op type and attributes
// in a domain of their own, so that no ONNX tool applies the standard op's shape rules to
// device-layout tensors. Imported back into the ONNX domain.
inline constexpr std::string_view kDeviceDomain = "ai.passscope.device";
inline constexpr int kDeviceDomainVersion = 1;

// Structural nodes: never exported as ONNX nodes.
inline constexpr std::string_view kData = "Data";
inline constexpr std::string_view kNetOutput = "NetOutput";
inline constexpr std::string_view kConst = "Const";
inline constexpr std::string_view kFileConstant = "FileConstant";
// ONNX's Constant op (zero inputs, the value in an attribute).
inline constexpr std::string_view kConstantOp = "Constant";

// GE-internal ops (exported in kGeDomain).
inline constexpr std::string_view kTransData = "TransData";
inline constexpr std::string_view kReFormat = "ReFormat";
inline constexpr std::string_view kVariable = "Variable";
inline constexpr std::string_view kVarRef = "VarRef";
inline constexpr std::string_view kAssign = "Assign";
inline constexpr std::string_view kAssignAdd = "AssignAdd";
inline constexpr std::string_view kAssignSub = "AssignSub";
// GE's RefIdentity: stands between a variable and a ref input that returns no ref output
// (VariablePrepareOpPass's InsertVariableRef).
inline constexpr std::string_view kRefIdentity = "RefIdentity";
// GE's VarIsInitializedOp / IsVariableInitialized: whether the variable at input 0 holds a value.
inline constexpr std::string_view kVarIsInitializedOp = "VarIsInitializedOp";
inline constexpr std::string_view kIsVariableInitialized = "IsVariableInitialized";
inline constexpr std::string_view kConstPlaceHolder = "ConstPlaceHolder";

// Attribute names shared by importer, exporter and passes.
namespace attr {
inline constexpr std::string_view kValue = "value";               // Const payload / Data default value
inline constexpr std::string_view kSparseValue = "sparse_value";  // sparse initializer (opaque)
inline constexpr std::string_view kIndex = "index";               // Data: position among graph inputs
// NetOutput: the graph outputs' names. Kept apart from the producers' value names so that a pass
// replacing a producer (folding, CSE) never renames a graph output; export bridges with Identity.
inline constexpr std::string_view kOutputNames = "_output_names";
// A graph input that also has an initializer: a default that callers may override, so it is
// not a constant (docs/peer-tools.md §5, "What the peers refuse to fold").
inline constexpr std::string_view kOverridable = "_is_overridable_initializer";
inline constexpr std::string_view kDoNotConstantFolding = "_do_not_constant_folding";
inline constexpr std::string_view kNoNeedConstantFolding = "no_need_constant_folding";
inline constexpr std::string_view kIsFromConstantFolding = "_is_from_constant_folding";
}  // namespace attr

// True for the op types that stand for graph structure rather than computation.
// Structural nodes carry the empty domain; a custom-domain op that happens to share a name is not one.
inline bool isStructural(std::string_view type, std::string_view domain) {
    return domain.empty() && (type == kData || type == kNetOutput || type == kConst || type == kFileConstant);
}
// A graph input (GE's Data), the structural node of the empty domain.
inline bool isData(std::string_view type, std::string_view domain) {
    return domain.empty() && type == kData;
}
inline bool isConstant(std::string_view type, std::string_view domain) {
    return domain.empty() && (type == kConst || type == kFileConstant);
}
// True for every node whose only job is to hold a constant value: the structural Const and
// FileConstant, and the ONNX `Constant` op (zero inputs; exporters such as Paddle2ONNX and
// torch.onnx hold weights in hundreds of them). The graph view draws these inside their consumers.
inline bool holdsConstant(std::string_view type, std::string_view domain) {
    return isConstant(type, domain) || isOnnxOp(type, domain, kConstantOp);
}

}  // namespace passscope::op

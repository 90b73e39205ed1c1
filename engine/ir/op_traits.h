#pragma once
// What the engine knows about ops, in one place: which domain spellings are ONNX's, which ops
// write state, which are random, which own control flow, which compute shapes. Folding, DCE, CSE
// and the views ask here instead of keeping lists of their own, so a new op is taught once.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace passscope::op {

// The ONNX default domain has two spellings: "" and "ai.onnx".
bool isOnnxDomain(std::string_view domain);
// "" for either spelling of the ONNX domain, the domain itself otherwise.
std::string_view canonicalDomain(std::string_view domain);
// The spelling people read: "ai.onnx" for the default domain.
std::string displayDomain(std::string_view domain);
// ONNX and ONNX-ML: the domains whose op semantics the engine knows.
bool isStandardDomain(std::string_view domain);
// `type` of the ONNX default domain (either spelling)?
bool isOnnxOp(std::string_view type, std::string_view domain, std::string_view wanted);

// GE's ref ops (VariablePrepareOpPass's ref_input_output_map_): input `input` is written in place
// and returned as output `output`. Assign, AssignAdd and AssignSub of the GE domain: 0 -> 0.
struct RefPort {
    size_t input = 0;
    size_t output = 0;
};
// The ref ports of an op; empty for an op that writes nothing in place.
std::vector<RefPort> refPorts(std::string_view type, std::string_view domain);
// The output that returns ref input `input`, when `input` is a ref input. An output index at or
// beyond the node's output count means "written in place, not returned" (GE's RefIdentity case).
std::optional<size_t> refOutputOf(std::string_view type, std::string_view domain, size_t input);

// GE ops that write a variable (the ref ops above): kept by DCE for their effect.
bool writesState(std::string_view type, std::string_view domain);
// Writers plus the variables themselves (Variable, VarRef): never folded, never merged.
bool touchesState(std::string_view type, std::string_view domain);
// GE's variable ops, Variable and VarRef of the GE domain (docs/ge-variables.md §2). Which of them
// is a VarRef, and which Data node is a variable, is told by attributes (ir/node_attributes.h).
bool isVariableType(std::string_view type, std::string_view domain);

// How a GE dump names a node that holds a constant: GE's Const, or ONNX's Constant (both carry
// their payload in the `value` attribute; docs/ge-dumps.md §3).
bool isDumpConstType(std::string_view type);

// Ops whose result is random on every run (RandomNormal, Multinomial, ...): never folded or merged.
bool isRandom(std::string_view type, std::string_view domain);
// Ops that are random in training mode only (Dropout): never merged, folded only through a kernel
// that checks the mode.
bool isRandomInTraining(std::string_view type, std::string_view domain);

// Ops that own control flow: ONNX If/Loop/Scan and GE's dataflow control ops (Switch, Merge, ...).
bool isControlFlow(std::string_view type, std::string_view domain);
// Ops whose value is the shape of their input (Shape, Size): computable from static shapes.
bool isShapeOp(std::string_view type, std::string_view domain);
// Ops that only relabel dimensions (Squeeze, Unsqueeze, Flatten, Reshape).
bool isDimensionOp(std::string_view type, std::string_view domain);
// GE's TransData, which converts a tensor between storage formats (docs/ge-formats.md §5).
bool isTransData(std::string_view type, std::string_view domain);
// TransData and GE's ReFormat (which relabels a tensor's format): the nodes that stand between two
// formats, drawn with a border of their own by the format overlays.
bool isFormatConversion(std::string_view type, std::string_view domain);

}  // namespace passscope::op

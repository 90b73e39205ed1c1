#pragma once
// What libonnx 1.12's shape inference trusts without checking, checked before a model reaches it
// (issues 9 and 28, "Hostile models"): a zero stride divides by zero in convPoolShapeInference, a
// Scan without num_scan_inputs dereferences a null attribute, inputs of a rank or element type
// the op does not take make inference read dims that do not exist, dims whose product overflows
// int64 are multiplied anyway, and nesting (subgraphs, types, calls of model-local functions)
// recurses without a bound. Every node is checked against its schema (required attributes and
// inputs, element types), the rank table beside the op traits (ir/op_rank_rules.h) and a few
// attribute rules (inference_guards.cpp), before inference and inside it; plus the model-wide
// limits below.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

namespace passscope::io {

// Subgraphs (If/Loop/Scan bodies) nested deeper than this are refused: importing, checking and
// inferring them all recurse once per level.
inline constexpr int kMaxGraphNesting = 64;
// Sequence/map/optional types nested deeper than this are refused (libonnx recurses per level).
inline constexpr int kMaxTypeNesting = 64;
// Calls from one model-local function into the next, deepest chain (inference inlines each call).
inline constexpr int kMaxFunctionCallDepth = 64;
// Protobuf message nesting the text and the binary reader accept alike, so a model read from text
// always converts to a binary file that reads back. A graph level costs three messages (node,
// attribute, graph), so this admits kMaxGraphNesting levels with room for types inside.
inline constexpr int kProtoRecursionLimit = 3 * kMaxGraphNesting + 2 * kMaxTypeNesting + 64;
// Element counts above this are refused in declared types: inference multiplies and adds dims
// in int64, and 2^62 leaves room for the sums it makes (Concat, Pad) without overflowing.
// "nesting too deep: subgraphs nest more than 64 levels, the limit": one wording for every
// nesting limit (graphs, types, function calls, protobuf messages).
std::string nestingTooDeep(const std::string& what, int limit);

inline constexpr long long kMaxDeclaredElements = 1LL << 62;

// The rank of a node input, when known (the declared type of a graph input), or nullopt.
using InputRank = std::function<std::optional<int>(std::size_t input)>;
// The type of a node input, when known, or nullptr.
using InputType = std::function<const onnx::TypeProto*(std::size_t input)>;

// The first precondition that `node` violates, in words ("strides[1] is 0; ..."), or nullopt:
// its schema's required attributes and inputs, the attribute rules of the guard table, the rank
// table (ir/op_rank_rules.h) and the element types its schema allows for each input.
// `opsetVersion` is the version of the node's domain the model imports.
std::optional<std::string> nodeInferenceHazard(const onnx::NodeProto& node, int64_t opsetVersion,
                                               const InputType& inputType);
// The same with ranks only (element types unknown).
std::optional<std::string> nodeInferenceHazard(const onnx::NodeProto& node, int64_t opsetVersion,
                                               const InputRank& inputRank);

// The declared type's defect (negative dimension, element count overflow, nesting too deep), or
// nullopt.
std::optional<std::string> typeHazard(const onnx::TypeProto& type);

// Walks the whole model (main graph, subgraphs, model-local functions) and returns the first
// hazard, naming the node or value and its graph; nullopt when the model may go to libonnx.
std::optional<std::string> findModelHazard(const onnx::ModelProto& model);
// The same for the nodes alone, judging them by every type the model writes down (initializers,
// value_info, outputs, innermost scope first): after inference, as the engine binds their inputs;
// it also names the node a guard inside libonnx refused. A value whose type has a defect of its
// own (an inferred shape past int64, which inference leaves unknown with a warning) is judged as
// untyped, not reported.
std::optional<std::string> findTypedNodeHazard(const onnx::ModelProto& model);

// Puts the same rules inside libonnx's own inference function of every op (all domains, all
// versions), for types only inference learns (a Reshape's output feeding STFT): a violation there
// fails inference of that node alone, and the loader refuses the model. Idempotent; call before
// any onnx::shape_inference::InferShapes.
void installInferenceGuards();

// The violations those wrapped functions met on this thread since the last call, and clears them.
std::vector<std::string> takeInferenceGuardFindings();

}  // namespace passscope::io

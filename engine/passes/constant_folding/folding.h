#pragma once
// The mechanics every folding pass shares, written once (GE's FoldingPass, docs/ge-constant-folding.md §2):
// which inputs are constant, replacing a node by Const nodes (consumers rewired, control edges
// kept, value names kept, provenance recorded), deleting constants left without consumers, and
// potential-constant marks (docs/ge-constant-folding.md §5).
#include <optional>
#include <string>
#include <vector>

#include "ir/node_attributes.h"
#include "pipeline/pass.h"

namespace passscope::folding {

// The dims [start, end) a Shape node reads of a rank-`rank` input: all of them, or from opset 15
// its start/end attributes, negative from the back, clamped to [0, rank].
std::pair<int64_t, int64_t> shapeReadRange(const Node& shape, int64_t rank, int64_t opset);

// Attribute names and the potential-constant predicates: ir/node_attributes.h.

// The value behind `ref` when it is a constant (Const/FileConstant; never a graph input, not even
// an overridable initializer).
const Tensor* constantValue(const Graph& g, const ValueRef& ref);
bool isConstantNode(const Node& n);

// All inputs constant? On the first runtime input, records why not (RuntimeInput) and returns
// nullopt. Omitted optional inputs are nullopt entries.
std::optional<std::vector<std::optional<Tensor>>> constantInputs(const Graph& g, const Node& n,
                                                                 PassContext& ctx);

// Checks that stop any folding of `n` (user flag, internal flag, subgraph owner, random op,
// unknown domain, side effects); records the reason and returns false when one applies.
bool foldable(const Node& n, PassContext& ctx);

// Why `n` cannot be computed by a host kernel although its inputs are constant: an input or output
// stored in a layout other than its origin (docs/ge-formats.md §2: a Const's value has the storage
// dims) — only TransData computes storage layouts. nullopt when the layouts are the origin ones.
std::optional<std::string> storedInDeviceLayout(const Graph& g, const Node& n);

// Computes `n` with its host kernel on constant `inputs`, or records why not and returns
// nullopt. The size of the outputs is estimated before the kernel runs (refused with
// SizeThreshold above passscope.foldSizeThreshold, or when it cannot be told); a result whose
// dtype or shape contradicts the inferred description is refused (ContradictsInference).
std::optional<std::vector<Tensor>> evaluate(const Node& n, int64_t opset, kernels::KernelFn fn,
                                            std::vector<std::optional<Tensor>> inputs, PassContext& ctx);

// Replaces `node` by one Const per output and deletes it. Consumers (graph outputs included) now
// read the Consts, which keep the outputs' value names. Returns the consumers to re-pass.
std::vector<NodeId> replaceWithConstants(Graph& g, NodeId node, std::vector<Tensor> values, PassContext& ctx);

// A new 1-D int64 Const holding `values` (a Reshape's shape, Squeeze/Unsqueeze axes), its node
// named after `nodeName` and its value after `nodeName` + "_value", both made unique in `g`.
ValueRef addInt64Const(Graph& g, PassContext& ctx, const std::string& nodeName,
                       const std::vector<int64_t>& values);

// Deletes `node` if it is a constant (Const, or ONNX Constant) that nothing reads any more.
void deleteIfOrphanConstant(Graph& g, NodeId node, PassContext& ctx);

// Potential constants: the weight is cached on the node; only the marking pass may change the
// mark (GE's IsCurPassSameWithSource). op::isPotentialConst and op::potentialConstSource read it.
void markPotentialConst(Graph& g, NodeId node, std::vector<Tensor> weights, const std::string& pass);
void clearPotentialConst(Graph& g, NodeId node);

}  // namespace passscope::folding

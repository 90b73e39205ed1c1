#pragma once
// What the format-optimize passes (docs/ge-formats.md §5, "Format passes") share: which nodes are
// transform ("trans") ops in GE's sense (GE common/op/transop_util.cc: TransData, Transpose,
// Reshape, ReFormat, Cast, Squeeze, Unsqueeze, all reading their data at input 0), the description
// a consumer expects on an input, when a Cast loses nothing, a Transpose's permutation, and how a
// node is taken out of the graph with its control edges carried over.
#include <optional>
#include <vector>

#include "ir/graph.h"
#include "pipeline/pass.h"

namespace passscope::transop {

// Counted by every format-optimize pass that removes a TransData, one per TransData removed.
inline constexpr StatisticInfo kTransDataEliminated{"transdata_eliminated", "TransData nodes removed"};

enum class Kind { None, TransData, ReFormat, Transpose, Cast, Reshape, Squeeze, Unsqueeze };

Kind kindOf(const Node& n);
inline bool isTransOp(const Node& n) {
    return kindOf(n) != Kind::None;
}
inline bool isTransData(const Node& n) {
    return kindOf(n) == Kind::TransData;
}

// The producer's description of `ref` (null when dangling).
const TensorDesc* valueDesc(const Graph& g, const ValueRef& ref);
// What `consumer` expects on input `i`: its inputDescs entry when set (GE's input desc), else what
// the producer gives. A default description when neither is known.
TensorDesc inputDesc(const Graph& g, const Node& consumer, size_t i);

// The type a node gives: for a Cast its `to` attribute (Undefined when not a known type), as its
// description may not be inferred yet; else its first output's description.
DataType outputType(const Node& n);

// Whether every value of `from` is exactly representable in `to`, so that a Cast from -> to -> from
// gives back its input. Stricter than GE's precision-loss table (transop_util.cc lists only casts
// to bool and float -> int32/int64, with a TODO for narrowing casts); PassScope never changes what a
// model computes, so int32 -> int8 or float32 -> float16 count as lossy here.
bool castIsLossless(DataType from, DataType to);

// The permutation of an ONNX Transpose: its `perm`, or the reversed dims when absent (rank needed).
std::optional<std::vector<int64_t>> transposePerm(const Graph& g, const Node& transpose);
// The permutation that turns a 4-D tensor laid out as `from` into `to` (NCHW <-> NHWC only).
std::optional<std::vector<int64_t>> layoutPerm(Format from, Format to);

// Dims equal and each either known or the same named symbol: equal at run time for sure.
bool provablyEqual(const Shape& a, const Shape& b);

// Every use of `node`'s outputs reads `replacement` instead (only for single-output nodes), its
// control predecessors become control predecessors of its control successors, and it is removed,
// along with constant inputs (Reshape shape, Squeeze axes) nothing else reads any more.
void bypassAndRemove(Graph& g, NodeId node, const ValueRef& replacement);
// Removes `node`, which nothing reads any more, carrying its control edges over as above.
void removeUnused(Graph& g, NodeId node);

// True when `node` reads its data from this graph (not an outer scope) and has one output.
bool plainSingleOutput(const Node& n);

}  // namespace passscope::transop

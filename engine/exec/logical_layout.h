#pragma once
// The evaluator reads a device-level graph (one format refinement produced) by its meaning: every
// value it carries is the logical tensor, in its origin format and shape (docs/ge-formats.md §2).
// Host kernels compute that layout, so only two things need care: constants (and graph-input
// defaults) held in a device layout are converted back to their origin layout, and a TransData is
// the identity on the logical tensor.
#include <string>
#include <variant>

#include "ir/graph.h"
#include "ir/tensor.h"

namespace passscope::exec {

// The logical value (origin layout) of `stored`, the value of output 0 of `n` (a Const or a Data
// default), or why it cannot be had. A value whose description has storage equal to origin, or
// whose dims already are the origin dims, is returned as it is.
std::variant<Tensor, std::string> logicalConstant(const Graph& g, const Node& n, const Tensor& stored);

// The logical output of TransData node `td` given its logical input: the input itself when both
// sides mean the same tensor (the usual case: TransData only changes storage); otherwise the
// input is laid out as the TransData's source, converted by the real TransData and read back in
// the output's origin layout. The string says why it cannot be done.
std::variant<Tensor, std::string> logicalTransData(const Graph& g, const Node& td, const Tensor& input);

// The conv groups of a FRACTAL_Z constant `n`: the sub-format of its output description
// ("FRACTAL_Z:16"), else its `_storage_groups` attribute (files written before descriptions kept
// the sub-format), else the source groups of a TransData that reads it, else 1.
int64_t storageGroupsOf(const Graph& g, const Node& n);

}  // namespace passscope::exec

#pragma once
// What a constant holds, whatever holds it (docs/graph-diff.md §8): an ONNX `Constant` node, an
// initializer (a `Const` after import), a GE `Const` or a folded constant all stand for a tensor,
// and the diff compares that tensor, not its holder or its name. Bytes are hashed once per node
// so that large weights cost one pass over their bytes; equal hashes are confirmed byte for byte.
#include <cstddef>
#include <optional>
#include <unordered_map>

#include "ir/graph.h"

namespace passscope::diff {

struct ConstantContent {
    Tensor tensor;    // shares the holder's bytes (a Tensor copy never copies them)
    size_t hash = 0;  // of dtype, dims and bytes (or strings)
    bool sameAs(const ConstantContent& other) const {
        return hash == other.hash && tensor.sameValue(other.tensor);
    }
};

// The tensor a node holds: the `value` of a Const, or what an ONNX `Constant` computes from
// whichever of its value attributes it has (the kernel decides, so every form of the spec is
// read the way folding reads it). nullopt for every other node, for a FileConstant or an
// external tensor whose bytes were not loaded, and for a Constant the kernel cannot read.
std::optional<ConstantContent> constantContent(const Node& n);

// The contents of every constant-holding node of a graph's main level, computed once.
class ConstantTable {
  public:
    explicit ConstantTable(const Graph& g);
    const ConstantContent* find(NodeId id) const;
    // A constant of this table that holds the same tensor (the lowest id), or kNoNode.
    NodeId findEqual(const ConstantContent& content) const;

  private:
    std::unordered_map<NodeId, ConstantContent> byNode_;
    std::unordered_multimap<size_t, NodeId> byHash_;
};

}  // namespace passscope::diff

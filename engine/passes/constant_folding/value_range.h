#pragma once
// Value ranges of small integer tensors (docs/ge-constant-folding.md §13.1): per element, the
// interval its value lies in, computed from the static dims of a Shape's input, from constants
// and from the ranges of other values. InferValueRangePass records them on TensorDesc::valueRange;
// PartialShapeFoldingPass folds a value whose every element has a single possible value.
//
// The transfer functions are sound intervals under ONNX semantics: data movement (Gather, Slice,
// Concat, Unsqueeze, ...) is computed exactly by running the op's own host kernel on element
// indices, arithmetic with interval rules that give up (an open bound) rather than guess. GE's
// InferValueRangePass instead runs the kernel on the lower and then the upper bounds, which
// assumes every op is increasing in every input (wrong for Sub's right side); not copied.
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/graph.h"
#include "ir/node.h"
#include "ir/tensor.h"
#include "ir/tensor_desc.h"
#include "kernels/kernel_registry.h"

namespace passscope::value_range {

// Larger tensors get no range: shape tensors are small, and ranges are kept per element.
inline constexpr int64_t kMaxElements = 1024;

// The dim of some tensor's shape an element holds (read by Shape, then moved by Gather, Slice,
// Concat, ...), so that a refusal can say which dim was not static.
struct DimSource {
    std::string tensor;  // value name of the tensor whose shape was read
    int64_t dim = 0;
    std::string symbol;  // its symbolic name (dim_param); empty for an anonymous unknown dim
};
// "dim 0 of 'x' is symbolic ('N')" / "dim 2 of 'x' is unknown".
std::string describe(const DimSource& source);

struct Element {
    ValueBounds bounds;
    // Set on an element that is not a single value when it comes from one dim of a shape.
    std::shared_ptr<const DimSource> source;
};

// What is known of one integer value: its dtype, its static dims and each element's bounds.
struct RangedValue {
    DataType dtype = DataType::Undefined;
    std::vector<int64_t> dims;
    std::vector<Element> elements;  // row-major, one per element of dims
    // Computed from the shape of a tensor with a dim that is not static: what only ranges reveal.
    // A value known from constants and fully static shapes alone is ordinary folding's.
    bool partial = false;

    // Every element has a single possible value: the value is a constant.
    bool exact() const;
    // Some element is bounded at all (worth recording).
    bool informative() const;
    std::vector<ValueBounds> bounds() const;
    // The first element that is not a single value, or null.
    const Element* firstInexact() const;
};

// An integer constant of at most kMaxElements elements, exactly.
std::optional<RangedValue> fromTensor(const Tensor& value);
// A description's recorded valueRange, when it fits its integer dtype and static shape.
std::optional<RangedValue> fromDesc(const TensorDesc& desc);
// The tensor an exact value is (its dtype and dims). Precondition: value.exact().
Tensor toTensor(const RangedValue& value);
// Both facts about one value at once (the tighter bound per element); `a` when they disagree on
// dims or dtype.
RangedValue intersect(RangedValue a, const RangedValue& b);

// One input of a node, as the transfer functions see it.
struct InputFact {
    // Where its value is known from: a Const, a potential constant (cached weight), or a range.
    enum class Origin { Runtime, Constant, PotentialConst, Range };
    Origin origin = Origin::Runtime;
    std::string markedBy;              // the pass that marked a potential constant
    NodeId producer = kNoNode;         // the producing node (of this graph, depth 0)
    bool present = false;              // false for an omitted optional input
    const TensorDesc* desc = nullptr;  // the value's description (Shape and Size read its dims)
    std::string name;                  // the value's name
    std::optional<RangedValue> range;  // what is known of its elements (exact for small constants)
    std::optional<Tensor> tensor;      // its exact value (constants, potential constants, exact ranges)
};

// What is known of the values of one graph during one pass run: constants and potential
// constants exactly; other values by the range computed earlier in the run (record()), tightened
// by the range their description carries (InferValueRangePass's).
class Facts {
  public:
    InputFact fact(const Graph& g, const ValueRef& ref) const;
    std::vector<InputFact> inputsOf(const Graph& g, const Node& n) const;
    void record(NodeId node, size_t output, RangedValue value);
    void clear() { computed_.clear(); }

  private:
    std::unordered_map<uint64_t, RangedValue> computed_;
};

// The ranges of the outputs of `n` from what is known of its inputs: one entry per output,
// nullopt where nothing is known. Never throws for a malformed node (a kernel's refusal means
// "unknown").
std::vector<std::optional<RangedValue>> infer(const Node& n, int64_t opset,
                                              const kernels::KernelRegistry& kernels,
                                              const std::vector<InputFact>& inputs);

// The text of a range: valueRangeText (ir/value_text.h).

}  // namespace passscope::value_range

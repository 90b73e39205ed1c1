#pragma once
// Host kernels: compute an op on constant tensors with ONNX semantics (docs/ge-constant-folding.md
// §9: GE's built-in host kernels, in ONNX terms). A kernel never changes the graph; folding passes and the
// evaluator call it and decide what to do with the result.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/node.h"
#include "ir/tensor.h"

namespace passscope::kernels {

class KernelContext {
  public:
    KernelContext(const Node& node, int64_t opset, std::vector<std::optional<Tensor>> inputs)
        : node_(node), opset_(opset), inputs_(std::move(inputs)) {}

    const Node& node() const { return node_; }
    int64_t opset() const { return opset_; }
    size_t inputCount() const { return inputs_.size(); }
    // Omitted optional inputs (and inputs past the end) are absent.
    bool hasInput(size_t i) const { return i < inputs_.size() && inputs_[i].has_value(); }
    const Tensor& input(size_t i) const { return *inputs_.at(i); }
    size_t outputCount() const { return node_.outputs().size(); }
    // Whether output i is wanted (ONNX omits optional outputs with an empty name).
    bool outputWanted(size_t i) const {
        return i < node_.outputs().size() && !node_.outputs()[i].name.empty();
    }

    bool hasAttr(std::string_view name) const { return node_.hasAttr(name); }
    // Attribute getters: the fallback when the attribute is absent. An attribute present with
    // another type (keepdims given as a float or a string, axes as floats) throws AttributeError:
    // replacing it by the default would compute something the model did not say. attrFloat also
    // takes an int (widened exactly as ONNX Runtime does).
    int64_t attrInt(std::string_view name, int64_t fallback) const;
    double attrFloat(std::string_view name, double fallback) const;
    std::string attrString(std::string_view name, const std::string& fallback) const;
    std::vector<int64_t> attrInts(std::string_view name, const std::vector<int64_t>& fallback = {}) const;
    std::vector<double> attrFloats(std::string_view name, const std::vector<double>& fallback = {}) const;
    std::vector<std::string> attrStrings(std::string_view name) const;
    const Tensor* attrTensor(std::string_view name) const { return node_.attrTensor(name); }

  private:
    const Node& node_;
    int64_t opset_;
    std::vector<std::optional<Tensor>> inputs_;
};

enum class KernelStatus {
    Ok,
    Unsupported,  // no implementation for these dtypes / attributes: the node stays
    Refused,      // computable but must not be folded (integer division by zero, ...)
};

struct KernelResult {
    KernelStatus status = KernelStatus::Ok;
    std::string reason;
    std::vector<Tensor> outputs;

    static KernelResult ok(std::vector<Tensor> outs) { return {KernelStatus::Ok, {}, std::move(outs)}; }
    static KernelResult ok(Tensor out) {
        std::vector<Tensor> v;
        v.push_back(std::move(out));
        return ok(std::move(v));
    }
    static KernelResult unsupported(std::string why) {
        return {KernelStatus::Unsupported, std::move(why), {}};
    }
    static KernelResult refused(std::string why) { return {KernelStatus::Refused, std::move(why), {}}; }
};

using KernelFn = KernelResult (*)(const KernelContext&);

// Thrown inside kernels for malformed inputs (wrong rank, bad axis): turned into Unsupported
// with the message by the caller, never a crash.
struct KernelError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// An attribute of the wrong type: the node is refused (KernelStatus::Refused) with a reason naming
// the attribute.
struct AttributeError : KernelError {
    using KernelError::KernelError;
};

// Runs a kernel, converting AttributeError into Refused and KernelError and other exceptions
// into Unsupported results.
KernelResult runKernel(KernelFn fn, const KernelContext& ctx);

}  // namespace passscope::kernels

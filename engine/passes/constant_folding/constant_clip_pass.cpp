#include "passes/constant_folding/constant_clip_pass.h"

#include <cfloat>
#include <cstring>

#include "ir/op_traits.h"
#include "ir/op_types.h"
#include "kernels/tensor_util.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

// GE's GetMax/GetMin for the target types ONNX has (constant_clip_pass.cc: FP16_MAX_VALUE,
// BF16_MAX_VALUE, FLT_MAX); GE writes them as float32 values.
std::optional<float> largestOf(DataType t) {
    switch (t) {
        case DataType::Float16:
            return 65504.0f;
        case DataType::BFloat16:
            return 3.38e38f;
        case DataType::Float:
            return FLT_MAX;
        default:
            return std::nullopt;
    }
}

// GE's CheckWeightInfinite: only float and double constants are looked at.
bool beyond(const Tensor& value, double limit) {
    if (value.dtype() == DataType::Float) {
        for (float v : kernels::values<float>(value))
            if (v > limit || v < -limit) return true;
    } else if (value.dtype() == DataType::Double) {
        for (double v : kernels::values<double>(value))
            if (v > limit || v < -limit) return true;
    }
    return false;
}

// A scalar Const of `type` (float or double) holding `v`.
ValueRef addScalar(Graph& g, PassContext& ctx, const std::string& base, DataType type, float v) {
    Tensor value = type == DataType::Double ? kernels::makeTensor<double>({}, {static_cast<double>(v)})
                                            : kernels::makeTensor<float>({}, {v});
    const NodeId id = g.addNode(std::string(op::kConst), "", ctx.uniqueName(g, base), 1).id();
    const std::string valueName = ctx.uniqueValueName(g, base);
    g.setOutputName(id, 0, valueName);
    value.setName(valueName);
    g.setOutputDesc(id, 0, TensorDesc::tensor(type, Shape(std::vector<Dim>{})));
    g.setAttribute(id, Attribute::makeTensor(std::string(op::attr::kValue), std::move(value)));
    return ValueRef{id, 0, 0};
}

}  // namespace

NodePass::NodeResult ConstantClipPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& cast = g.node(id);
    if (cast.opType() != "Cast" || !op::isOnnxDomain(cast.domain()) || cast.inputs().empty()) return {};
    const ValueRef in = cast.input(0);
    const Tensor* weight = in.valid() ? folding::constantValue(g, in) : nullptr;
    if (!weight) return {};
    const DataType from = weight->dtype();
    const DataType to = static_cast<DataType>(cast.attrInt("to", 0));
    // Narrowing between floating types only (GE: IsFloatDt both sides, source wider).
    if (!isFloatingType(from) || !isFloatingType(to) || elementSize(from) <= elementSize(to)) return {};
    const auto largest = largestOf(to);
    if (!largest || !beyond(*weight, static_cast<double>(*largest))) return {};

    const int64_t opset = ctx.opset(cast.domain());
    if (opset < 6) return {};  // Clip-1's consumed_inputs era: not worth a special case
    const std::string base = (cast.name().empty() ? cast.displayName() : cast.name()) + "_const_clip";
    const std::string weightName = g.value(in)->name;
    TensorDesc desc = g.value(in)->desc;
    desc.valueRange.clear();
    Node& clip = g.addNode("Clip", "", ctx.uniqueName(g, base), 1);
    const NodeId clipId = clip.id();
    g.setOutputName(clipId, 0, ctx.uniqueValueName(g, base));
    g.setOutputDesc(clipId, 0, std::move(desc));
    g.addInput(clipId, in);
    if (opset >= 11) {  // Clip-11: min and max are inputs of the input's type
        g.addInput(clipId, addScalar(g, ctx, base + "_min", from, -*largest));
        g.addInput(clipId, addScalar(g, ctx, base + "_max", from, *largest));
    } else {  // Clip-6: float attributes
        g.setAttribute(clipId, Attribute::makeFloat("min", -*largest));
        g.setAttribute(clipId, Attribute::makeFloat("max", *largest));
    }
    g.setInput(id, 0, ValueRef{clipId, 0, 0});
    ctx.count(kClipsInserted);
    // GE logs a warning: the folded weight is no longer what the ONNX model computes.
    ctx.warn("ConstantClipPass (ge.is_weight_clip=1): constant '" + weightName + "' read by Cast '" +
             g.node(id).displayName() + "' (" + std::string(dataTypeName(from)) + " to " +
             std::string(dataTypeName(to)) + ") holds values beyond ±" + std::to_string(*largest) +
             "; clipped to that range instead of becoming infinite");
    return {true, {clipId}};
}

}  // namespace passscope

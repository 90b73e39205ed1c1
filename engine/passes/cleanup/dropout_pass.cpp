#include "passes/cleanup/dropout_pass.h"

#include <variant>

#include "ir/op_types.h"
#include "kernels/tensor_util.h"
#include "passes/cleanup/pass_through.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

double floatAttr(const Node& n, std::string_view name, double fallback) {
    const Attribute* a = n.findAttr(name);
    return a && a->kind == AttrKind::Float ? std::get<double>(a->value) : fallback;
}

// Whether input `i` is a constant one-element tensor; its value in `out`.
bool constantScalar(const Graph& g, const Node& n, size_t i, double& out) {
    const Tensor* t = folding::constantValue(g, n.input(i));
    if (!t || t->elementCount() != 1) return false;
    out = kernels::scalarDouble(*t);
    return true;
}

// Why the Dropout does not pass its input on unchanged; empty when it does (ONNX Dropout-1/6/7/10/12/13).
std::string whyRandom(const Graph& g, const Node& n, int64_t opset) {
    if (opset < 7) {
        const double ratio = floatAttr(n, "ratio", 0.5);
        if (n.attrInt("is_test", 0) != 0 || ratio == 0.0) return {};
        return "is_test is 0 (training) and ratio is " + std::to_string(ratio);
    }
    if (opset < 12) return {};  // Dropout-7/10: no training mode
    const bool hasRatio = n.inputs().size() > 1 && n.input(1).valid();
    const bool hasMode = n.inputs().size() > 2 && n.input(2).valid();
    double ratio = 0.5;
    if (hasRatio && constantScalar(g, n, 1, ratio) && ratio == 0.0)
        return {};  // keeps every element, scale 1
    if (!hasMode) return {};
    double mode = 0;
    if (!constantScalar(g, n, 2, mode)) return "training_mode is computed at run time";
    if (mode == 0) return {};
    if (hasRatio && !constantScalar(g, n, 1, ratio))
        return "training_mode is true and ratio is computed at run time";
    return "training_mode is true and ratio is " + std::to_string(ratio) + " (random)";
}

}  // namespace

NodePass::NodeResult DropOutPass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& n = g.node(id);
    if (!op::isOnnxOp(n.opType(), n.domain(), "Dropout") || n.inputs().empty() || n.outputs().empty())
        return {};
    std::string why = whyRandom(g, n, ctx.opset(n.domain()));
    if (why.empty()) why = passthrough::refusal(g, id, ctx, 0);
    if (!why.empty()) {
        ctx.notFolded(n, NotFoldedReason::KeptByRule, "Dropout kept: " + why);
        return {};
    }
    ctx.count(kRemoved);
    ctx.count(stat::kRemovedOps);
    return {true, passthrough::takeOut(g, id, ctx, 0)};
}

}  // namespace passscope

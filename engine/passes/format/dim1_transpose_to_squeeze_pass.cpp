#include "passes/format/dim1_transpose_to_squeeze_pass.h"

#include "ir/op_types.h"
#include "passes/constant_folding/folding.h"

namespace passscope {
namespace {

constexpr int64_t kAxesAsInputSince = 13;  // ONNX Squeeze-13 / Unsqueeze-13 read axes from an input

struct Plan {
    std::vector<int64_t> squeezeAxes;    // input axes of size 1 that move
    std::vector<int64_t> unsqueezeAxes;  // where they land in the output
    std::vector<Dim> squeezed;           // the input's other dims, in order
};

// GE's IsUselessTransposeByShape.
std::optional<Plan> planFor(const Shape& in, const std::vector<int64_t>& perm) {
    Plan plan;
    int64_t largest = 0;
    for (size_t i = 0; i < perm.size(); ++i) {
        const Dim& d = in[static_cast<size_t>(perm[i])];
        if (d.value == 1) {
            plan.squeezeAxes.push_back(perm[i]);
            plan.unsqueezeAxes.push_back(static_cast<int64_t>(i));
            continue;
        }
        if (perm[i] < largest) return std::nullopt;
        largest = perm[i];
        plan.squeezed.push_back(d);
    }
    if (plan.squeezeAxes.empty()) return std::nullopt;
    std::sort(plan.squeezeAxes.begin(), plan.squeezeAxes.end());
    return plan;
}

bool isPermutation(const std::vector<int64_t>& perm) {
    std::vector<bool> seen(perm.size(), false);
    for (int64_t p : perm) {
        if (p < 0 || p >= static_cast<int64_t>(perm.size()) || seen[static_cast<size_t>(p)]) return false;
        seen[static_cast<size_t>(p)] = true;
    }
    return true;
}

// A Squeeze or Unsqueeze of `input` over `axes`, in the form the model's opset reads.
NodeId addAxesOp(Graph& g, PassContext& ctx, const std::string& type, const std::string& base,
                 const ValueRef& input, const std::vector<int64_t>& axes, bool axesAsInput) {
    const std::string name = ctx.uniqueName(g, base + "_replaced_" + type);
    Node& n = g.addNode(type, "", name, 1);
    const NodeId nid = n.id();
    g.addInput(nid, input);
    if (axesAsInput)
        g.addInput(nid, folding::addInt64Const(g, ctx, name + "/axes", axes));
    else
        g.setAttribute(nid, Attribute::makeInts("axes", axes));
    return nid;
}

}  // namespace

NodePass::NodeResult Dim1TransposeToSqueezePass::runOnNode(Graph& g, NodeId id, PassContext& ctx) {
    const Node& t = g.node(id);
    if (transop::kindOf(t) != transop::Kind::Transpose || !transop::plainSingleOutput(t)) return {};
    const TensorDesc in = transop::inputDesc(g, t, 0);
    const TensorDesc out = t.output(0).desc;
    if (in.storageDiffers() || out.storageDiffers()) return {};
    const Shape& outShape = out.storageShape;
    if (!outShape.rankKnown() || std::none_of(outShape.dims().begin(), outShape.dims().end(),
                                              [](const Dim& d) { return d.isKnown(); }))
        return {};  // ShouldIgnoreOp: an output of all unknown dims
    auto perm = transop::transposePerm(g, t);
    if (!perm || !in.storageShape.rankKnown() || perm->size() != in.storageShape.rank() ||
        !isPermutation(*perm))
        return {};
    auto plan = planFor(in.storageShape, *perm);
    if (!plan) return {};

    const bool axesAsInput = ctx.opset("") >= kAxesAsInputSince;
    const std::string base = t.name().empty() ? "Transpose" : t.name();
    const ValueRef source = t.input(0);
    const std::vector<NodeId> ctrlIn = t.controlInputs(), ctrlOut = t.controlOutputs();
    const std::string outName =
        t.output(0).name.empty() ? ctx.uniqueName(g, base + "_out") : t.output(0).name;

    const NodeId squeeze = addAxesOp(g, ctx, "Squeeze", base, source, plan->squeezeAxes, axesAsInput);
    TensorDesc mid = in;
    mid.originShape = mid.storageShape = Shape(plan->squeezed);
    if (mid.originShape.rank() != in.originShape.rank()) mid.originFormat = mid.storageFormat = Format::ND;
    g.setOutputName(squeeze, 0, ctx.uniqueName(g, base + "_squeezed"));
    g.setOutputDesc(squeeze, 0, std::move(mid));
    const NodeId unsqueeze =
        addAxesOp(g, ctx, "Unsqueeze", base, ValueRef{squeeze, 0, 0}, plan->unsqueezeAxes, axesAsInput);
    g.setOutputDesc(unsqueeze, 0, out);

    // FuseNodeKeepTopo + InheritExecutionOrder: the pair takes the Transpose's place, name and order.
    std::vector<NodeId> repass = consumersOf(g, id);
    g.replaceAllUses(ValueRef{id, 0, 0}, ValueRef{unsqueeze, 0, 0});
    for (NodeId p : ctrlIn) g.addControlEdge(p, squeeze);
    for (NodeId s : ctrlOut) g.addControlEdge(unsqueeze, s);
    g.setOutputName(id, 0, "");
    g.removeNode(id);
    g.setOutputName(unsqueeze, 0, outName);
    ctx.count(kTransposesReplaced);
    repass.push_back(squeeze);
    repass.push_back(unsqueeze);
    return {true, std::move(repass)};
}

}  // namespace passscope
